import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestServer, type TestServer } from '../test/getTestServer.ts';
import { commitHooks, inTransaction, type Changed } from './commitHooks.ts';

describe('commitHooks', () => {
  it('drops each change once, before the queued work, and runs every item even after a failure', async () => {
    const log: string[] = [];
    const hooks = commitHooks({ drop: async (change) => void log.push(`drop ${JSON.stringify(change)}`) });
    hooks.afterCommit(async () => void log.push('first'));
    hooks.changed({ quizId: 'q1' });
    hooks.afterCommit(async () => {
      throw new Error('mail down');
    });
    hooks.changed({ quizId: 'q1' });
    hooks.changed({ accountId: 'a1' });
    hooks.afterCommit(async () => void log.push('last'));
    expect(log).toEqual([]);

    const failures: unknown[] = [];
    await hooks.committed((error) => failures.push(error));
    expect(log).toEqual(['drop {"quizId":"q1"}', 'drop {"accountId":"a1"}', 'first', 'last']);
    expect(failures).toEqual([new Error('mail down')]);
  });
});

describe('inTransaction', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer();
  });
  afterAll(() => server.stop());

  const listener = () => {
    const dropped: Changed[] = [];
    return { dropped, drop: async (change: Changed) => void dropped.push(change) };
  };

  it('tells the cache what changed only once the transaction commits', async () => {
    const cache = listener();
    const seen = await inTransaction({ db: server.services.database.db, quizCache: cache }, async (tx, hooks) => {
      hooks.changed({ accountId: 'a1' });
      expect(cache.dropped).toEqual([]);
      await tx.execute(sql`select 1`);
      return 'written';
    });
    expect(seen).toBe('written');
    expect(cache.dropped).toEqual([{ accountId: 'a1' }]);
  });

  it('drops nothing and runs nothing when the write rolls back', async () => {
    const cache = listener();
    let ran = false;
    await expect(
      inTransaction({ db: server.services.database.db, quizCache: cache }, async (_tx, hooks) => {
        hooks.changed({ quizId: 'q1' });
        hooks.afterCommit(async () => void (ran = true));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(cache.dropped).toEqual([]);
    expect(ran).toBe(false);
  });

  it('throws a failure after the commit once all the work has run, so a job is retried', async () => {
    const cache = listener();
    const ran: string[] = [];
    await expect(
      inTransaction({ db: server.services.database.db, quizCache: cache }, async (_tx, hooks) => {
        hooks.afterCommit(async () => {
          throw new Error('queue down');
        });
        hooks.afterCommit(async () => void ran.push('after'));
        hooks.changed({ quizId: 'q2' });
      }),
    ).rejects.toThrow('queue down');
    expect(ran).toEqual(['after']);
    expect(cache.dropped).toEqual([{ quizId: 'q2' }]);
  });
});
