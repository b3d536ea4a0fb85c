import { and, eq } from 'drizzle-orm';
import type { Auth } from '../context.ts';
import type { Db } from '../db/client.ts';
import { accounts, invoices, payments, plans } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import { NotFoundError } from '../errors.ts';

/**
 * Plans, payments and invoices are the standalone product's: a Shopify shop is billed by Shopify and
 * finds none of these routes (404, as for anything that is not its own).
 */
export async function requireStandaloneAccount(db: Db, auth: Pick<Auth, 'accountId'>): Promise<void> {
  const [account] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.id, auth.accountId), eq(accounts.kind, 'standalone')))
    .limit(1);
  if (!account) throw NotFoundError();
}

/** A payment of the caller's account with its plan's name and invoice; anyone else's id answers 404. */
export async function findOwnPayment(db: Db, auth: Pick<Auth, 'accountId'>, id: string) {
  const [row] = await db
    .select({ payment: payments, planName: plans.name, invoiceId: invoices.id })
    .from(payments)
    .innerJoin(plans, eq(plans.id, payments.planId))
    .leftJoin(invoices, eq(invoices.paymentId, payments.id))
    .where(scoped(payments, auth.accountId, eq(payments.id, id)))
    .limit(1);
  if (!row) throw NotFoundError();
  return row;
}

export async function findOwnInvoice(db: Db, auth: Pick<Auth, 'accountId'>, id: string) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(scoped(invoices, auth.accountId, eq(invoices.id, id)))
    .limit(1);
  if (!row) throw NotFoundError();
  return row;
}
