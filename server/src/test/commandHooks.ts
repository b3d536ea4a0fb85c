import { expect } from 'vitest';
import type { Services } from '../context.ts';
import { commitHooks, type Changed } from '../commands/commitHooks.ts';

/**
 * Commit hooks for calling a command directly: what it says it changed is recorded once the work
 * "commits", and its after-commit work runs then (a failure fails the test).
 */
export function recordedHooks() {
  const invalidated: Changed[] = [];
  const hooks = commitHooks({ drop: async (change) => void invalidated.push(change) });
  return {
    invalidated,
    afterCommit: hooks.afterCommit,
    changed: hooks.changed,
    commit: () => hooks.committed((error) => expect.unreachable(String(error))),
  };
}

/** A command's deps on the test server: its database, file storage and job queue, with recorded hooks. */
export const commandDeps = (server: { services: Pick<Services, 'database' | 'storage' | 'queue'> }) => ({
  db: server.services.database.db,
  storage: server.services.storage,
  queue: server.services.queue,
  ...recordedHooks(),
});
