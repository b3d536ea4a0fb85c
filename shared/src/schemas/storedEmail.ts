import { z } from 'zod';
import { isAsciiEmail } from '../email.ts';
import { messages } from '../validations.ts';

/**
 * An address already checked and stored (jobs' payloads, events): ASCII, as ZEmail answers it. Apart
 * from common.ts so the browser bundles, which never read one, do not carry it.
 */
export const ZStoredEmail = z.string().refine(isAsciiEmail, messages.auth.invalidEmail);
