import { z } from 'zod';
import { ZId } from '@quizlead/shared/schemas/common.ts';

/** A malformed id finds nothing, exactly like an unknown one. */
const ZLenientId = ZId.catch('00000000-0000-0000-0000-000000000000');

export const ZPublicQuizParams = z.object({ id: ZLenientId });
export const ZPlayParams = z.object({ playId: ZLenientId });
export const ZPreviewQuery = z.object({ preview: z.enum(['1', 'true']).optional() });
export const ZStartPlayBody = z.object({
  playId: z.uuid({ error: 'playId must be a uuid' }),
  preview: z.boolean().default(false),
});

/** A poll, web response or wheel on its public page. */
export const ZPublicItemParams = z.object({ id: ZLenientId });
