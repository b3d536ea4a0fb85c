import { describe, expect, it } from 'vitest';
import { PublishedQuizCache } from './publishedQuizCache.ts';

describe('PublishedQuizCache', () => {
  it('loads once, reloads after invalidation, and stays bounded', async () => {
    let loads = 0;
    const cache = new PublishedQuizCache(
      async (id) => ({ id, accountId: id.startsWith('a') ? 'acc-a' : 'acc-b', load: ++loads }),
      { maxEntries: 3 },
    );
    expect((await cache.get('a1'))!.load).toBe(1);
    expect((await cache.get('a1'))!.load).toBe(1);
    await cache.drop({ quizId: 'a1' });
    expect((await cache.get('a1'))!.load).toBe(2);
    await cache.get('b1');
    await cache.get('b2');
    await cache.get('b3');
    expect(cache.size).toBe(3);
    await cache.drop({ accountId: 'acc-b' });
    expect(cache.size).toBe(0);
  });

  it('does not keep a failed load', async () => {
    let fail = true;
    const cache = new PublishedQuizCache(async (id) => {
      if (fail) throw new Error('down');
      return { id, accountId: 'x' };
    });
    await expect(cache.get('q')).rejects.toThrow('down');
    fail = false;
    expect(await cache.get('q')).toEqual({ id: 'q', accountId: 'x' });
  });
});
