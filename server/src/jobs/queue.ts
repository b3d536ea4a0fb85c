import { sql } from 'drizzle-orm';
import { fromDrizzle, PgBoss, type DrizzleTransactionLike, type Job, type JobResult } from 'pg-boss';
import type { Database, Db } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import type { TaskDefinition } from './task.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tasks differ in payload and deps
type AnyTask = TaskDefinition<any, any>;

/** What enqueuing needs of a task: its queue and payload (a task, or its job identity alone). */
export type QueuedJob<TPayload> = Pick<TaskDefinition<TPayload, unknown>, 'name' | 'payload'>;

export interface EnqueueOptions {
  startAfter?: Date;
  /** The job's group (and tier) for a task with `concurrency`: at most so many of a group run at once. */
  group?: { id: string; tier?: string };
}

export interface JobQueue {
  /** Enqueues inside `db` (pass the request's transaction): the job exists only if that commits. */
  enqueue<TPayload>(db: Db, task: QueuedJob<TPayload>, payload: TPayload, options?: EnqueueOptions): Promise<string>;
  stop(): Promise<void>;
  boss: PgBoss;
  /** pg-boss's schema in the database. */
  schema: string;
}

/**
 * pg-boss on the app's own database, with one worker per task. Tasks with a cron schedule are registered
 * with pg-boss's scheduler, which runs in the processes that work (each slot is sent once among them).
 */
export async function startJobQueue<TDeps>(options: {
  database: Database;
  /** The tasks (jobs/tasks/registry.ts), each of whose handlers takes what `deps` gives. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each task's own payload type
  tasks: TaskDefinition<any, TDeps>[];
  deps: TDeps;
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
  const dispatchers: Dispatcher[] = [];
  for (const task of options.tasks) {
    await boss.createQueue(task.name, {
      retryLimit: task.retry.limit,
      retryDelay: task.retry.delaySeconds,
      retryBackoff: task.retry.backoff,
      ...(task.expireSeconds ? { expireInSeconds: task.expireSeconds } : {}),
    });
    // createQueue leaves a queue that exists as it was: a changed expiry is applied to it here.
    if (task.expireSeconds) await boss.updateQueue(task.name, { expireInSeconds: task.expireSeconds });
    if (task.cron) await boss.schedule(task.name, task.cron, {});
    if (options.work === false) continue;
    if (task.concurrency) {
      dispatchers.push(startDispatcher(boss, task, task.concurrency, options));
      continue;
    }
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
        ...(sendOptions.group ? { group: sendOptions.group } : {}),
      });
      if (!id) throw new Error(`job ${task.name} was not queued`);
      return id;
    },
    async stop() {
      await Promise.all(dispatchers.map((dispatcher) => dispatcher.stop(10_000)));
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
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

interface Dispatcher {
  /** Takes no new job, and waits up to `timeoutMs` for the running ones. */
  stop(timeoutMs: number): Promise<void>;
}

/**
 * Works a task with `concurrency`: up to `slots` jobs at once, each freed slot filled at once from
 * pg-boss's fetch (which skips groups at their limit), and a poll only when nothing could be taken.
 * A job is completed or failed on its own (pg-boss retries a failed one); a job of a process that
 * dies stays active until it expires, then pg-boss retries it.
 */
function startDispatcher(
  boss: PgBoss,
  task: AnyTask,
  concurrency: NonNullable<AnyTask['concurrency']>,
  options: { deps: unknown; logger: Logger; pollSeconds: number },
): Dispatcher {
  const running = new Set<Promise<void>>();
  // Per key (perKey): its running jobs in this process and the groups they are in.
  const keys = new Map<string, { running: number; groups: Set<string> }>();
  const keyOf = (job: Job<unknown>) => {
    const parsed = concurrency.perKey && task.payload.safeParse(job.data);
    return parsed && parsed.success ? concurrency.perKey!.key(parsed.data) : undefined;
  };
  const groupsAtKeyLimit = () =>
    [...keys.values()].filter((key) => key.running >= concurrency.perKey!.limit).flatMap((key) => [...key.groups]);
  let stopping = false;
  let wake: () => void = () => {};
  const groupConcurrency = { default: concurrency.perGroup, ...(concurrency.tiers ? { tiers: concurrency.tiers } : {}) };

  const run = async (job: Job<unknown>) => {
    try {
      await task.handler(task.payload.parse(job.data), options.deps);
      await boss.complete(task.name, job.id);
    } catch (error) {
      options.logger.warn({ err: error, job: { id: job.id, name: task.name } }, 'job failed; it will be retried');
      const message = error instanceof Error ? error.message : String(error);
      await boss.fail(task.name, job.id, { message }).catch((failError: unknown) => {
        options.logger.error({ err: failError, job: { id: job.id, name: task.name } }, 'job could not be marked failed');
      });
    }
  };
  const start = (job: Job<unknown>) => {
    const key = keyOf(job);
    const entry = key === undefined ? undefined : (keys.get(key) ?? { running: 0, groups: new Set<string>() });
    if (key !== undefined && entry) {
      entry.running += 1;
      if (job.groupId) entry.groups.add(job.groupId);
      keys.set(key, entry);
    }
    const done: Promise<void> = run(job).finally(() => {
      running.delete(done);
      if (key !== undefined && entry && --entry.running === 0) keys.delete(key);
      wake();
    });
    running.add(done);
  };
  // Resolves when a running job ends, on stop, or after the poll interval, whichever comes first.
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const loop = (async () => {
    while (!stopping) {
      // With perKey, one fetch takes no more than a key may run: jobs of groups not yet seen cannot overshoot it by more.
      const free = Math.min(concurrency.slots - running.size, concurrency.perKey?.limit ?? Number.POSITIVE_INFINITY);
      let taken = 0;
      if (free > 0) {
        try {
          const ignoreGroups = concurrency.perKey ? groupsAtKeyLimit() : [];
          const jobs = await boss.fetch(task.name, {
            batchSize: free,
            groupConcurrency,
            ...(ignoreGroups.length > 0 ? { ignoreGroups } : {}),
          });
          taken = jobs.length;
          // Jobs fetched as stop began are run too: stop waits for them.
          jobs.forEach(start);
        } catch (error) {
          options.logger.error({ err: error, queue: task.name }, 'job queue fetch failed');
        }
      }
      // A fetch that took jobs may have left others behind (their groups were full in that batch): look again.
      if (taken > 0 && running.size < concurrency.slots) continue;
      if (!stopping) await pause(options.pollSeconds * 1000);
    }
  })();

  return {
    async stop(timeoutMs) {
      stopping = true;
      wake();
      await loop;
      await Promise.race([Promise.all(running), new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
    },
  };
}
