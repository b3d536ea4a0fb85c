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
  /**
   * Runs up to `slots` jobs at once in this process, each slot taking the next job as soon as it is
   * free (no poll between jobs while there is a backlog), and at most `perGroup` jobs of one group
   * (the `group` a job was sent with) at once across every process: pg-boss counts a group's active
   * jobs in the database and skips a group at its limit, so one group's backlog or slow jobs never
   * hold back another's. `tiers` gives some jobs of a group a lower limit (a job is taken only while
   * its group has fewer active jobs than its tier allows). `perKey` bounds the jobs of one key (an
   * account, whose several groups could fill every slot) running at once in this process: while a key
   * is at its limit, the groups of its running jobs are not fetched.
   */
  concurrency?: {
    slots: number;
    perGroup: number;
    tiers?: Record<string, number>;
    perKey?: { limit: number; key: (payload: TPayload) => string | undefined };
  };
  /** A job still active this long after it started is taken as lost (its process died) and retried. */
  expireSeconds?: number;
  handler: (payload: TPayload, deps: TDeps) => Promise<void>;
}

export const defineTask = <TPayload, TDeps>(task: TaskDefinition<TPayload, TDeps>) => task;
