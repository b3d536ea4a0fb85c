import { z } from 'zod';
import { ZId } from '@quizlead/shared/schemas/common.ts';
import { ZVisitorId } from '@quizlead/shared/schemas/experiments.ts';
import { ZVisitorLanguage } from '@quizlead/shared/schemas/visitorLanguage.ts';

/** A malformed id finds nothing, exactly like an unknown one. */
const ZLenientId = ZId.catch('00000000-0000-0000-0000-000000000000');

export const ZPublicQuizParams = z.object({ id: ZLenientId });
export const ZPlayParams = z.object({ playId: ZLenientId });
export const ZPreviewQuery = z.object({ preview: z.enum(['1', 'true']).optional() });
export const ZStartPlayBody = z.object({
  playId: z.uuid({ error: 'playId must be a uuid' }),
  /** A secret only the visitor's browser knows: starting the same play again (a renewed token) needs it. */
  playKey: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, { error: 'playKey must be 16 to 128 letters, digits, - or _' }),
  preview: z.boolean().default(false),
  /** The browser's lasting visitor id: an A/B test shows the same visitor the same variant. */
  visitorId: ZVisitorId.optional(),
  /** The language the visitor was shown (issue 34, contract 5); kept with the submission for reports. */
  language: ZVisitorLanguage.optional(),
});

/** A poll, web response or wheel on its public page. */
export const ZPublicItemParams = z.object({ id: ZLenientId });
