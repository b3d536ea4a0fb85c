import type { z } from 'zod';

export interface TaskDefinition<TPayload, TDeps> {
  /** The pg-boss queue name. */
  name: string;
  payload: z.ZodType<TPayload>;
  retry: { limit: number; delaySeconds: number; backoff: boolean };
  handler: (payload: TPayload, deps: TDeps) => Promise<void>;
}

export const defineTask = <TPayload, TDeps>(task: TaskDefinition<TPayload, TDeps>) => task;
