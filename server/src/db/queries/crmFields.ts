import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CrmField, CrmFieldStore } from '../../integrations/crm/crmProvider.ts';
import type { Db } from '../client.ts';
import { crmFields } from '../schema/index.ts';

/**
 * A CRM destination's custom fields, kept in `crm_fields` (issue 33). `alone` holds a transaction-scoped
 * advisory lock on the destination while the provider is searched and fields are created, so a second
 * delivery at the same time waits, then sees the fields the first kept and creates none. Only a lead with
 * a field not yet kept takes the lock; the rest read and go.
 */
export function crmFieldStore(db: Db, destinationId: string, provider: string): CrmFieldStore {
  const read = async (tx: Db, keys?: readonly string[]) => {
    const rows = await tx
      .select()
      .from(crmFields)
      .where(
        and(
          eq(crmFields.destinationId, destinationId),
          eq(crmFields.provider, provider),
          keys ? inArray(crmFields.propertyKey, [...keys]) : undefined,
        ),
      );
    return new Map<string, CrmField>(
      rows.map((row) => [row.propertyKey, { key: row.propertyKey, ref: row.fieldRef, name: row.fieldName, type: row.fieldType }]),
    );
  };
  return {
    known: (keys) => (keys.length ? read(db, keys) : Promise.resolve(new Map())),
    alone: (make) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`crm-fields:${destinationId}`}, 0))`);
        const { made, value } = await make(await read(tx));
        if (made.length) {
          await tx
            .insert(crmFields)
            .values(
              made.map((field) => ({
                destinationId,
                provider,
                propertyKey: field.key,
                fieldRef: field.ref,
                fieldName: field.name,
                fieldType: field.type,
              })),
            )
            .onConflictDoNothing();
        }
        return value;
      }),
  };
}

/** Forgets the fields of a destination whose CRM settings were saved again (they may name another account). */
export async function forgetCrmFields(db: Db, destinationId: string): Promise<void> {
  await db.delete(crmFields).where(eq(crmFields.destinationId, destinationId));
}
