import { z } from 'zod';
import { ZId } from '@quizlead/shared/schemas/common.ts';

export const ZWebhookParams = z.object({ id: ZId });
