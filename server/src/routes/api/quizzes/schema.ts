import { z } from 'zod';
import { ZId } from '@quizlead/shared/schemas/common.ts';

export const ZQuizParams = z.object({ id: ZId });
export const ZQuestionParams = z.object({ id: ZId, questionId: ZId });
