import { sql } from 'drizzle-orm';
import { fromDrizzle, PgBoss, type DrizzleTransactionLike, type Job, type JobResult } from 'pg-boss';
import type { Database, Db } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import type { TaskDefinition } from './task.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tasks differ in payload and deps
type AnyTask = TaskDefinition<any, any>;

/** What enqueuing needs of a task: its queue and payload (a task, or its job identity alone). */
export type QueuedJob<TPayload> = Pick<TaskDefinition<TPayload, unknown>, 'name' | 'payload'>;

export interface JobQueue {
  /** Enqueues inside `db` (pass the request's transaction): the job exists only if that commits. */
  enqueue<TPayload>(db: Db, task: QueuedJob<TPayload>, payload: TPayload, options?: { startAfter?: Date }): Promise<string>;
  stop(): Promise<void>;
  boss: PgBoss;
  /** pg-boss's schema in the database. */
  schema: string;
}

/**
 * pg-boss on the app's own database, with one worker per task. Tasks with a cron schedule are registered
 * with pg-boss's scheduler, which runs in the processes that work (each slot is sent once among them).
 */
export async function startJobQueue(options: {
  database: Database;
  tasks: AnyTask[];
  deps: unknown;
  logger: Logger;
  pollSeconds: number;
  work?: boolean;
  /** pg-boss's schema (default pgboss); tests on one shared PostgreSQL give each server its own. */
  schema?: string;
}): Promise<JobQueue> {
  const scheduling = options.work !== false && options.tasks.some((task) => task.cron);
  const boss = new PgBoss({
    ...options.database.queueConnection,
    schedule: scheduling,
    ...(options.schema ? { schema: options.schema } : {}),
  });
  boss.on('error', (error) => options.logger.error({ err: error }, 'job queue error'));
  await boss.start();
  for (const task of options.tasks) {
    await boss.createQueue(task.name, {
      retryLimit: task.retry.limit,
      retryDelay: task.retry.delaySeconds,
      retryBackoff: task.retry.backoff,
    });
    if (task.cron) await boss.schedule(task.name, task.cron, {});
    if (options.work === false) continue;
    const batchSize = task.batchSize ?? 1;
    const workOptions = { pollingIntervalSeconds: options.pollSeconds, batchSize, burstWhenBatchFull: batchSize > 1 };
    // Each job of a batch is settled on its own: one failed mail does not send the others again.
    await boss.work(task.name, { ...workOptions, perJobResults: true }, async (jobs) => {
      const run = async (job: Job<unknown>): Promise<JobResult> => {
        try {
          await task.handler(task.payload.parse(job.data), options.deps);
          return { id: job.id, status: 'completed' };
        } catch (error) {
          options.logger.warn({ err: error, job: { id: job.id, name: task.name } }, 'job failed; it will be retried');
          return { id: job.id, status: 'failed', output: { message: error instanceof Error ? error.message : String(error) } };
        }
      };
      const results: JobResult[] = [];
      await Promise.all(
        lanes(task, jobs).map(async (lane) => {
          for (const job of lane) results.push(await run(job));
        }),
      );
      return results;
    });
  }
  return {
    boss,
    schema: options.schema ?? 'pgboss',
    async enqueue(db, task, payload, sendOptions = {}) {
      const id = await boss.send(task.name, task.payload.parse(payload) as object, {
        db: fromDrizzle(db as unknown as DrizzleTransactionLike, sql),
        ...(sendOptions.startAfter && sendOptions.startAfter.getTime() > Date.now()
          ? { startAfter: sendOptions.startAfter }
          : {}),
      });
      if (!id) throw new Error(`job ${task.name} was not queued`);
      return id;
    },
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
}

/** A batch split into lanes that run at once; a lane's jobs run one after another, in queue order. */
function lanes<T>(task: AnyTask, jobs: Job<T>[]): Job<T>[][] {
  if (!task.concurrentBy) return [jobs];
  const byKey = new Map<string, Job<T>[]>();
  for (const job of jobs) {
    const parsed = task.payload.safeParse(job.data);
    const key = parsed.success ? `key:${task.concurrentBy(parsed.data)}` : `job:${job.id}`;
    byKey.set(key, [...(byKey.get(key) ?? []), job]);
  }
  return [...byKey.values()];
}
