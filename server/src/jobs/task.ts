import type { z } from 'zod';

export interface TaskDefinition<TPayload, TDeps> {
  /** The pg-boss queue name. */
  name: string;
  payload: z.ZodType<TPayload>;
  retry: { limit: number; delaySeconds: number; backoff: boolean };
  /** A recurring task: pg-boss sends it on this cron schedule (UTC), once per slot across processes. */
  cron?: string;
  /**
   * Jobs one fetch takes (default 1). While fetches come back full the worker fetches again at once
   * instead of waiting for the next poll, so a backlog drains as fast as the handler runs.
   */
  batchSize?: number;
  /**
   * Runs a batch's jobs at once instead of one after another; jobs with the same key still run one
   * after another, in the order they were queued.
   */
  concurrentBy?: (payload: TPayload) => string;
  handler: (payload: TPayload, deps: TDeps) => Promise<void>;
}

export const defineTask = <TPayload, TDeps>(task: TaskDefinition<TPayload, TDeps>) => task;
