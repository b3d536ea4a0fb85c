import type {
  TBranch,
  TCreateQuizRequest,
  TQuestion,
  TQuizDetail,
  TQuizInput,
  TQuizListQuery,
  TQuizListRow,
  TTemplateCard,
} from '@quizlead/shared/schemas/quiz.ts';
import type { TUploadedFile } from '@quizlead/shared/schemas/account.ts';
import type { QuizType } from '@quizlead/shared/quizzes.ts';
import { api } from './client.ts';

/** Calls of the quiz builder, quizzes list and templates (docs/api.md, "Quizzes"). */

export interface QuizPage {
  items: TQuizListRow[];
  total: number;
  page: number;
  pageSize: number;
}

export function listQuizzes(query: TQuizListQuery, signal?: AbortSignal) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  return api.get<QuizPage>(`/api/v1/quizzes?${params}`, { signal });
}

export const getQuiz = (id: string, signal?: AbortSignal) => api.get<TQuizDetail>(`/api/v1/quizzes/${id}`, { signal });

export const createQuiz = (body: TCreateQuizRequest) => api.post<TQuizDetail>('/api/v1/quizzes', body);

export const saveQuiz = (id: string, body: TQuizInput) => api.put<TQuizDetail>(`/api/v1/quizzes/${id}`, body);

export const setQuizStatus = (id: string, status: 'draft' | 'published') =>
  api.put<TQuizDetail>(`/api/v1/quizzes/${id}/status`, { status });

export const deleteQuiz = (id: string) => api.delete<{ message: string }>(`/api/v1/quizzes/${id}`);

export const saveQuestions = (id: string, questions: TQuestion[]) =>
  api.put<TQuizDetail>(`/api/v1/quizzes/${id}/questions`, { questions });

export const deleteQuestion = (id: string, questionId: string) =>
  api.delete<TQuizDetail>(`/api/v1/quizzes/${id}/questions/${questionId}`);

export const saveBranches = (id: string, body: { enabled: boolean; branches: TBranch[] }) =>
  api.put<TQuizDetail>(`/api/v1/quizzes/${id}/branches`, body);

export const listTemplates = (quizType: QuizType, signal?: AbortSignal) =>
  api.get<TTemplateCard[]>(`/api/v1/templates?quizType=${quizType}`, { signal });

export const getTemplate = (id: string, signal?: AbortSignal) => api.get<TQuizDetail>(`/api/v1/templates/${id}`, { signal });

export const useTemplate = (id: string) => api.post<TQuizDetail>(`/api/v1/templates/${id}/copy`);

/** Question, answer, background and logo images. */
export const uploadQuizImage = (file: File) => api.upload<TUploadedFile>('/api/v1/files?purpose=image', file);

export const deleteImage = (fileId: string) => api.delete<{ message: string }>(`/api/v1/files/${fileId}`);
