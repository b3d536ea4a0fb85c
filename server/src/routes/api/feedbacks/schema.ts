import { z } from 'zod';
import { ZId } from '@quizlead/shared/schemas/common.ts';

export const ZFeedbackParams = z.object({ id: ZId });
