import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TDiscountCodeInput } from '@quizlead/shared/schemas/billing.ts';
import type { Changed } from '../commands/commitHooks.ts';
import type { CompletionDeps } from '../commands/paymentCompleter.ts';
import { discountCodes, paidPeriods, payments } from '../db/schema/index.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { FakeExternalWorld } from './fakes/externalWorld.ts';
import { FakePayPal } from './fakes/paypal/index.ts';
import { getTestServer, type TestClient, type TestServer } from './getTestServer.ts';

/**
 * A server whose PayPal is the local fake (on the EXTERNAL_API_ORIGIN seam), with the fake's webhooks
 * pointed at the server's /paypal/webhooks.
 */
export async function startBillingWorld(overrides: Record<string, string> = {}) {
  const world = await FakeExternalWorld.start();
  const paypal = world.register(/^(api-m|www)\.sandbox\.paypal\.com$/, new FakePayPal());
  const server = await getTestServer({
    EXTERNAL_API_ORIGIN: world.origin,
    PAYPAL_CLIENT_ID: paypal.clientId,
    PAYPAL_CLIENT_SECRET: paypal.clientSecret,
    PAYPAL_WEBHOOK_ID: paypal.webhookId,
    ...overrides,
  });
  paypal.listen(`${server.url}/paypal/webhooks`);
  return {
    world,
    paypal,
    server,
    async stop() {
      await paypal.settled();
      await server.stop();
      await world.stop();
    },
  };
}

export type BillingWorld = Awaited<ReturnType<typeof startBillingWorld>>;

/** A discount code written directly, as an administrator would add it. */
export async function createDiscountCode(server: TestServer, input: Partial<TDiscountCodeInput> & { code: string }) {
  const [row] = await server.services.database.db
    .insert(discountCodes)
    .values({
      code: input.code,
      kind: input.kind ?? 'percent',
      percent: input.kind === 'amount' ? null : (input.percent ?? 25),
      amountCents: input.kind === 'amount' ? (input.amountCents ?? 500) : null,
      planId: input.planId ?? null,
      period: input.period ?? null,
      startsAt: input.startsAt ? new Date(input.startsAt) : null,
      endsAt: input.endsAt ? new Date(input.endsAt) : null,
      maxRedemptions: input.maxRedemptions ?? null,
      maxPerAccount: input.maxPerAccount === undefined ? 1 : input.maxPerAccount,
    })
    .returning();
  return row!;
}

export const proPlanId = 2;

/**
 * A Pro monthly payment at $29 with no tax, written directly (the checkout's row before PayPal answers);
 * `values` change any column.
 */
export async function insertPayment(server: TestServer, accountId: string, values: Partial<typeof payments.$inferInsert> = {}) {
  const [payment] = await server.services.database.db
    .insert(payments)
    .values({
      accountId,
      planId: proPlanId,
      period: 'monthly',
      priceCents: 2900,
      taxRateBasisPoints: 0,
      taxCents: 0,
      totalCents: 2900,
      currency: 'USD',
      startsAt: new Date(),
      ...values,
    })
    .returning();
  return payment!;
}

/** A Pro monthly paid period from `startsAt` to `endsAt`, written directly. */
export async function insertPaidPeriod(server: TestServer, accountId: string, startsAt: Date, endsAt: Date) {
  const [period] = await server.services.database.db
    .insert(paidPeriods)
    .values({ accountId, planId: proPlanId, period: 'monthly', startsAt, endsAt })
    .returning();
  return period!;
}

export interface QueuedJob {
  name: string;
  payload: unknown;
  startAfter?: Date;
}

/**
 * Deps for completing a payment (paymentCompleter, paypalEventApplier) whose queue and cache listener
 * record what they were given, instead of queueing and dropping.
 */
export function recordingCompletionDeps(settings: Pick<CompletionDeps, 'invoiceSeller' | 'affiliateCommissionPercent'>) {
  const queued: QueuedJob[] = [];
  const told: Changed[] = [];
  const queue: Pick<JobQueue, 'enqueue'> = {
    enqueue: async (_db, task, payload, options) => {
      queued.push({ name: task.name, payload, ...(options?.startAfter ? { startAfter: options.startAfter } : {}) });
      return randomUUID();
    },
  };
  const deps: CompletionDeps = { queue, ...settings, changed: (change) => void told.push(change) };
  return { queued, told, deps };
}

/** Checkout, approval on the fake's page, and the browser's return: the whole happy path. Returns the captured payment. */
export async function payFor(
  billing: BillingWorld,
  client: TestClient,
  choice: { planId?: number; period?: 'monthly' | 'yearly'; discountCode?: string } = {},
) {
  const checkout = await client.post('/api/v1/billing/checkouts', { planId: proPlanId, period: 'monthly', ...choice });
  if (checkout.status !== 200 || !checkout.body.data.approveUrl) throw new Error(JSON.stringify(checkout.body));
  const paymentId: string = checkout.body.data.payment.id;
  billing.paypal.approve(orderIdOf(checkout.body.data.approveUrl));
  const captured = await client.post(`/api/v1/billing/payments/${paymentId}/capture`);
  if (captured.status !== 200) throw new Error(JSON.stringify(captured.body));
  return captured.body.data;
}

/** PayPal's order id in its approval link (?token=…). */
export const orderIdOf = (approveUrl: string) => new URL(approveUrl).searchParams.get('token')!;

/** Moves an account's paid periods `days` into the past, as if that time had gone by. */
export async function ageAccountPeriods(server: TestServer, accountId: string, days: number) {
  const { db } = server.services.database;
  const shift = days * 86_400_000;
  for (const period of await db.select().from(paidPeriods).where(eq(paidPeriods.accountId, accountId))) {
    await db
      .update(paidPeriods)
      .set({ startsAt: new Date(period.startsAt.getTime() - shift), endsAt: new Date(period.endsAt.getTime() - shift) })
      .where(eq(paidPeriods.id, period.id));
  }
  for (const payment of await db.select().from(payments).where(eq(payments.accountId, accountId))) {
    await db
      .update(payments)
      .set({ startsAt: new Date(payment.startsAt.getTime() - shift) })
      .where(eq(payments.id, payment.id));
  }
}
