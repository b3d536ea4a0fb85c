import { z } from 'zod';
import { ZId } from '@quizlead/shared/schemas/common.ts';

/** A quiz of the report routes; a malformed id is a 400 naming `id`. */
export const ZReportQuizParams = z.object({ id: ZId });
/** A play of the answer sheet. */
export const ZAnswerSheetParams = z.object({ id: ZId });
/** A wheel of the wheel report. */
export const ZReportWheelParams = z.object({ id: ZId });
