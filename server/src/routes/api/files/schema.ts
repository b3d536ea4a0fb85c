import { z } from 'zod';
import { ZId } from '@quizlead/shared/schemas/common.ts';

export const ZFileParams = z.object({ id: ZId });

/** Logos are small; quiz images (question, answer, background) may be larger. */
export const ZUploadQuery = z.object({ purpose: z.enum(['logo', 'image']).default('logo') });
