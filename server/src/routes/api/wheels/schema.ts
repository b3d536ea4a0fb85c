import { z } from 'zod';
import { ZId } from '@quizlead/shared/schemas/common.ts';

export const ZWheelParams = z.object({ id: ZId });
