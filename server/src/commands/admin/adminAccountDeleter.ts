import type { Db } from '../../db/client.ts';
import type { AccountDetail } from '../../db/queries/admin.ts';
import type { FileStorage } from '../../integrations/storage/fileStorage.ts';
import { accountDeleter } from '../accountDeleter.ts';
import { recordAudit, type AuditActor } from '../auditRecorder.ts';
import type { CommitHooks } from '../commitHooks.ts';
import { accountSnapshot } from './accountSnapshots.ts';

/**
 * An administrator deletes an account and everything in it (accountDeleter): what it held goes to the audit
 * log first, and the account's cached quizzes are dropped once this commits. `before` is the account as it
 * was, locked by the caller.
 */
export async function adminAccountDeleter(
  deps: { db: Db; storage: FileStorage } & Pick<CommitHooks, 'changed'>,
  input: { before: AccountDetail; actor: AuditActor },
): Promise<void> {
  const { db, storage } = deps;
  const { account } = input.before;
  await recordAudit(db, {
    ...input.actor,
    action: 'account.delete',
    targetType: 'account',
    targetId: account.id,
    before: accountSnapshot(input.before),
    after: null,
  });
  await accountDeleter({ db, storage, accountId: account.id });
  deps.changed({ accountId: account.id });
}
