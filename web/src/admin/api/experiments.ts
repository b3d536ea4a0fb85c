import {
  ZExperimentResponse,
  ZExperimentsResponse,
  type TExperiment,
  type TExperimentInput,
} from '@quizlead/shared/schemas/experiments.ts';
import { api } from './client.ts';
import { UnexpectedAnswer } from './reports.ts';

/** A/B tests of a quiz or a wheel (docs/api.md, "Experiments"); answers are checked against the shared schemas. */

export type TestedKind = 'quiz' | 'wheel';

const base = (kind: TestedKind, id: string) =>
  `/api/v1/${kind === 'quiz' ? 'quizzes' : 'wheels'}/${encodeURIComponent(id)}/experiments`;

export async function listExperiments(kind: TestedKind, id: string, signal?: AbortSignal): Promise<TExperiment[]> {
  const parsed = ZExperimentsResponse.safeParse({ data: await api.get<unknown>(base(kind, id), { signal }) });
  if (!parsed.success) throw new UnexpectedAnswer('A/B tests');
  return parsed.data.data;
}

export async function startExperiment(kind: TestedKind, id: string, input: TExperimentInput): Promise<TExperiment> {
  const parsed = ZExperimentResponse.safeParse({ data: await api.post<unknown>(base(kind, id), input) });
  if (!parsed.success) throw new UnexpectedAnswer('A/B test');
  return parsed.data.data;
}

export async function endExperiment(kind: TestedKind, id: string, experimentId: string, winner: string): Promise<TExperiment> {
  const path = `${base(kind, id)}/${encodeURIComponent(experimentId)}/end`;
  const parsed = ZExperimentResponse.safeParse({ data: await api.post<unknown>(path, { winner }) });
  if (!parsed.success) throw new UnexpectedAnswer('A/B test');
  return parsed.data.data;
}
