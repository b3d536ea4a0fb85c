import { z } from 'zod';
import { ZId } from '@quizlead/shared/schemas/common.ts';

export const ZDeliveryParams = z.object({ id: ZId });
