import { z } from 'zod';
import { ZId } from '@quizlead/shared/schemas/common.ts';

export const ZFileParams = z.object({ id: ZId });
