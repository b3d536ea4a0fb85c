import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TAuditEntry } from '@quizlead/shared/schemas/admin.ts';
import type { TAuditTargetType } from '@quizlead/shared/admin.ts';
import { commitHooks, type Changed } from '../commands/commitHooks.ts';
import { accountDetail, accountMembers } from '../db/queries/admin.ts';
import { auditLog } from '../db/schema/index.ts';
import { createOwner } from './factories.ts';
import type { TestClient, TestServer } from './getTestServer.ts';

/** A platform administrator in an account of their own, signed in. */
export const createAdmin = (server: TestServer) => createOwner(server, { platformAdmin: true });

/** One target's audit rows, newest first, read through the audit log's own route. */
export async function auditRows(
  admin: TestClient,
  targetType: TAuditTargetType,
  targetId: string | number,
): Promise<TAuditEntry[]> {
  const response = await admin.get(
    `/api/v1/admin/audit-log?targetType=${targetType}&targetId=${encodeURIComponent(String(targetId))}`,
  );
  if (response.status !== 200) throw new Error(`audit log: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data.items;
}

/**
 * What an admin command gets when a test calls it directly: the database, hooks whose cache records what it
 * was told once the work "commits", and an administrator as the actor.
 */
export async function adminCommandRun(server: TestServer) {
  const admin = await createAdmin(server);
  const invalidated: Changed[] = [];
  const hooks = commitHooks({ drop: async (change) => void invalidated.push(change) });
  const db = server.services.database.db;
  return {
    admin,
    db,
    invalidated,
    deps: { db, afterCommit: hooks.afterCommit, changed: hooks.changed },
    actor: { auth: { userId: admin.user.id }, ctx: { ip: '127.0.0.1' } },
    commit: () => hooks.committed((error) => expect.unreachable(String(error))),
    /** A user as a member of their account, as the admin user routes find them. */
    member: async (user: { id: string; accountId: string }) =>
      (await accountMembers(db, user.accountId)).find((row) => row.user.id === user.id)!,
    /** An account as the admin account routes find it. */
    account: async (accountId: string) => (await accountDetail(db, accountId))!,
    /** This run's audit rows of one target, oldest first (other tests' administrators write to the same log). */
    audit: (targetId: string | number) =>
      db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetId, String(targetId)), eq(auditLog.actorUserId, admin.user.id)))
        .orderBy(asc(auditLog.createdAt)),
  };
}
