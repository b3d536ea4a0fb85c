import type { z } from 'zod';

export interface TaskDefinition<TPayload, TDeps> {
  /** The pg-boss queue name. */
  name: string;
  payload: z.ZodType<TPayload>;
  retry: { limit: number; delaySeconds: number; backoff: boolean };
  /** A recurring task: pg-boss sends it on this cron schedule (UTC), once per slot across processes. */
  cron?: string;
  handler: (payload: TPayload, deps: TDeps) => Promise<void>;
}

export const defineTask = <TPayload, TDeps>(task: TaskDefinition<TPayload, TDeps>) => task;
