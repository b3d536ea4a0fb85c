import type { ExportFormat } from '@quizlead/shared/engagement.ts';
import {
  ZAnswerSheetResponse,
  ZRespondentsQuery,
  ZRespondentsResponse,
  ZQuizReportResponse,
  ZWheelReportResponse,
  type TAnswerSheet,
  type TRespondentsPage,
  type TRespondentsQuery,
  type TQuizReport,
  type TWheelReport,
} from '@quizlead/shared/schemas/reports.ts';
import type { z } from 'zod';
import { ApiError, api } from './client.ts';

/**
 * Calls of the quiz report and the answer sheet (docs/api.md, "Reports"). Every answer is checked
 * against the shared schemas: what the screens read is what the contract promises.
 */

/** An answer the contract does not describe: shown like a server failure, never half-rendered. */
export class UnexpectedAnswer extends ApiError {
  constructor(what: string) {
    super(200, 'internal', `The ${what} sent by the server could not be read.`);
    this.name = 'UnexpectedAnswer';
  }
}

function parsed<T extends z.ZodType>(schema: T, data: unknown, what: string): z.infer<T> {
  const result = schema.safeParse({ data });
  if (!result.success) throw new UnexpectedAnswer(what);
  return result.data;
}

export async function getQuizReport(id: string, signal?: AbortSignal): Promise<TQuizReport> {
  const data = await api.get<unknown>(`/api/v1/quizzes/${encodeURIComponent(id)}/report`, { signal });
  return parsed(ZQuizReportResponse, data, 'report').data;
}

/** A wheel's spins and, for a shop, the orders and revenue it brought per slice. */
export async function getWheelReport(id: string, signal?: AbortSignal): Promise<TWheelReport> {
  const data = await api.get<unknown>(`/api/v1/wheels/${encodeURIComponent(id)}/report`, { signal });
  return parsed(ZWheelReportResponse, data, 'wheel report').data;
}

/** The respondents route's query string, with the contract's defaults filled in. */
export function respondentsParams(query: TRespondentsQuery): URLSearchParams {
  const { page, sort, direction, language } = ZRespondentsQuery.parse(query);
  const params = new URLSearchParams();
  params.set('page', String(page));
  params.set('sort', sort);
  params.set('direction', direction);
  if (language) params.set('language', language);
  return params;
}

export async function listRespondents(id: string, query: TRespondentsQuery, signal?: AbortSignal): Promise<TRespondentsPage> {
  const data = await api.get<unknown>(`/api/v1/quizzes/${encodeURIComponent(id)}/respondents?${respondentsParams(query)}`, {
    signal,
  });
  return parsed(ZRespondentsResponse, data, 'respondents list').data;
}

/** The address of the respondents spreadsheet (a download; see downloadExport). */
export const respondentsExportPath = (id: string, format: ExportFormat, language?: string | null) =>
  `/api/v1/quizzes/${encodeURIComponent(id)}/respondents/export?format=${format}${language ? `&language=${encodeURIComponent(language)}` : ''}`;

/**
 * One play's answer sheet. `supported: false` when the play's details are there but its questions
 * are not a list of questions (the sheet then reads 'Not supported' instead of failing).
 */
export type AnswerSheetResult = { supported: true; sheet: TAnswerSheet } | { supported: false; play: TAnswerSheet['play'] };

const ZAnswerSheet = ZAnswerSheetResponse.shape.data;

export async function getAnswerSheet(id: string, signal?: AbortSignal): Promise<AnswerSheetResult> {
  const data = await api.get<unknown>(`/api/v1/plays/${encodeURIComponent(id)}/answer-sheet`, { signal });
  const whole = ZAnswerSheetResponse.safeParse({ data });
  if (whole.success) return { supported: true, sheet: whole.data.data };
  const play = ZAnswerSheet.shape.play.safeParse((data as { play?: unknown } | null | undefined)?.play);
  const onlyQuestions = whole.error.issues.every((issue) => issue.path[0] === 'data' && issue.path[1] === 'questions');
  if (play.success && onlyQuestions) return { supported: false, play: play.data };
  throw new UnexpectedAnswer('answer sheet');
}
