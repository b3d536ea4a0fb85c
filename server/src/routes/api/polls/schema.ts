import { z } from 'zod';
import { ZId } from '@quizlead/shared/schemas/common.ts';

export const ZPollParams = z.object({ id: ZId });
