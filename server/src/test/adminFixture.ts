import type { TAuditEntry } from '@quizlead/shared/schemas/admin.ts';
import type { TAuditTargetType } from '@quizlead/shared/admin.ts';
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
