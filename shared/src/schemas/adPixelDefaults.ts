import { z } from 'zod';
import { ZAdPixelDefaults } from './integrations.ts';

/** The answer to saving the account's default ad pixel ids (server only: kept out of the admin's bundle). */
export const ZAdPixelDefaultsResponse = z.object({ data: ZAdPixelDefaults });
