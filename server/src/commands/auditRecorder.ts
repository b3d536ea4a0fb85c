import { isDeepStrictEqual } from 'node:util';
import { eq } from 'drizzle-orm';
import type { TAuditAction, TAuditTargetType } from '@quizlead/shared/admin.ts';
import type { AppContext, Auth } from '../context.ts';
import type { Db } from '../db/client.ts';
import { auditLog, users } from '../db/schema/index.ts';

/** The fields of a row the log keeps: never password hashes, tokens or sealed secrets. */
export type AuditSnapshot = Record<string, unknown> | null;

/** Who acts, as the log keeps them: the administrator's user id and the request's address. */
export interface AuditActor {
  auth: Pick<Auth, 'userId'>;
  ctx: Pick<AppContext, 'ip'>;
}

interface AuditEntry extends AuditActor {
  action: TAuditAction;
  targetType: TAuditTargetType;
  targetId: string | number;
  before: AuditSnapshot;
  after: AuditSnapshot;
}

/** Dates become ISO strings, undefined fields go: the snapshot reads back exactly as it was written. */
const plain = (snapshot: AuditSnapshot): AuditSnapshot =>
  snapshot === null ? null : (JSON.parse(JSON.stringify(snapshot)) as Record<string, unknown>);

/**
 * Writes an administrator's action to audit_log in the caller's transaction (the route's), so the
 * change and its record commit or roll back together. The actor's email is copied as it is now; the
 * log outlives a deleted administrator. An action that changed nothing leaves no row.
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  const before = plain(entry.before);
  const after = plain(entry.after);
  if (isDeepStrictEqual(before, after)) return;
  // tenant-scope: the acting platform administrator, who belongs to an account of their own
  const [actor] = await db.select({ email: users.email }).from(users).where(eq(users.id, entry.auth.userId)).limit(1);
  await db.insert(auditLog).values({
    actorUserId: entry.auth.userId,
    actorEmail: actor?.email ?? '',
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    before,
    after,
    ip: entry.ctx.ip ?? '',
  });
}
