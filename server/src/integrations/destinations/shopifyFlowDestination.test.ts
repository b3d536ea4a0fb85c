import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TLeadAnswer } from '@quizlead/shared/schemas/answerProperties.ts';
import { flowLimits, flowMessages } from '@quizlead/shared/schemas/shopifyFlow.ts';
import { destinationDeps } from '../../commands/deliveryAttempter.ts';
import { deliveries, destinations } from '../../db/schema/index.ts';
import { quizLead } from '../../test/fakes/crm/leadKit.ts';
import { getShopifyTestServer, type ShopifyTestServer } from '../../test/getTestServer.ts';
import { playQuizWithLead, waitForDeliveries } from '../../test/leadsPipelineKit.ts';
import { createGradedQuiz } from '../../test/quizFactory.ts';
import { flowTriggerUsed, installedShop } from '../../test/shopifyWebhooks.ts';
import { createWheel, submission } from '../../test/widgetFactory.ts';
import { shopifyFlowDestination } from './shopifyFlowDestination.ts';

let server: ShopifyTestServer;
beforeAll(async () => {
  server = await getShopifyTestServer();
});
afterAll(() => server.stop());

const db = () => server.services.database.db;

async function flowDestinationOf(accountId: string) {
  const [row] = await db()
    .select()
    .from(destinations)
    .where(and(eq(destinations.accountId, accountId), eq(destinations.kind, 'shopify_flow')));
  return row!;
}

const deliveriesTo = (destinationId: string) => db().select().from(deliveries).where(eq(deliveries.destinationId, destinationId));

/** A published graded quiz of the shop, played by a visitor who leaves `email`. */
async function playWithLead(owner: ReturnType<ShopifyTestServer['embedded']>, email: string) {
  const quiz = await createGradedQuiz(owner, { title: 'Which trip suits you?', questions: 2, publish: true });
  const quizId = quiz.id as string;
  const played = await playQuizWithLead(server.client(), quizId, { name: 'Ann Lee', email, consent: true });
  expect(played.led?.status).toBe(200);
  return quizId;
}

describe('Shopify Flow destination', () => {
  it('sends an enabled trigger exactly once per event with its payload, and gives a disabled one no delivery at all', async () => {
    const { shop, owner, accountId } = await installedShop(server);
    await flowTriggerUsed(server, shop, 'quiz-completed');
    await flowTriggerUsed(server, shop, 'lead-captured', false);
    const customer = server.fake.shop(shop).customers.add({ email: 'ann.flow@example.com' });
    const quizId = await playWithLead(owner, 'ann.flow@example.com');

    const destination = await flowDestinationOf(accountId);
    const [delivered] = await waitForDeliveries(server, destination.id, 'delivered');
    // play.completed only: lead.captured's trigger is not in use, so it has no delivery row.
    expect((await deliveriesTo(destination.id)).map((row) => row.eventType)).toEqual(['play.completed']);
    const flow = server.fake.shop(shop).flow;
    expect(flow.refused).toEqual([]);
    expect(flow.calls).toHaveLength(1);
    expect(flow.calls[0]!.handle).toBe('quiz-completed');
    const payload = flow.calls[0]!.payload;
    expect(payload).toMatchObject({
      customer_id: Number(customer.id.split('/').at(-1)),
      'Customer email': 'ann.flow@example.com',
      'Item id': quizId,
      'Answers note': '',
    });
    expect(payload.Result).toMatch(/^Outcome: .+; Score: \d+; Percentage: \d+%$/);
    expect(Object.keys(JSON.parse(String(payload.Answers))).length).toBeGreaterThan(0);
    server.fake.expectValidQueries();

    // The delivery log shows it like every destination, with each Admin API call of the attempt.
    const detail = await owner.get(`/api/v1/deliveries/${delivered!.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({ status: 'delivered', destination: { kind: 'shopify_flow', name: 'Shopify Flow' } });
    const exchange = detail.body.data.attemptsLog[0].exchange as {
      request: { url: string; body: string };
      response: { status: number };
    }[];
    expect(exchange.map((entry) => /^(?:query|mutation) (\w+)/.exec(JSON.parse(entry.request.body).query)?.[1])).toEqual([
      'FlowCustomer',
      'FlowTriggerReceive',
    ]);
    expect(JSON.parse(exchange[1]!.request.body).variables).toEqual({ handle: 'quiz-completed', payload });
    expect(exchange[1]!.response.status).toBe(200);
    expect(exchange[1]!.request.url).toBe(`https://${shop}/admin/api/2026-10/graphql.json`);
  });

  it('sends the email alone when the shop has no such customer, and nothing once every trigger is off', async () => {
    const { shop, owner, accountId } = await installedShop(server);
    await flowTriggerUsed(server, shop, 'lead-captured');
    await playWithLead(owner, 'new.visitor@example.com');
    const destination = await flowDestinationOf(accountId);
    await waitForDeliveries(server, destination.id, 'delivered');
    const flow = server.fake.shop(shop).flow;
    expect(flow.calls.map((call) => call.handle)).toEqual(['lead-captured']);
    expect(flow.calls[0]!.payload).not.toHaveProperty('customer_id');
    expect(flow.calls[0]!.payload['Customer email']).toBe('new.visitor@example.com');

    await flowTriggerUsed(server, shop, 'lead-captured', false, new Date(Date.now() + 1000));
    await playWithLead(owner, 'second.visitor@example.com');
    expect(await deliveriesTo(destination.id)).toHaveLength(1);
    expect(flow.calls).toHaveLength(1);
  });

  it('fires "Prize won" and "Wheel spun" for one spin on a prize code, in one delivery', async () => {
    const { shop, owner, accountId } = await installedShop(server);
    await flowTriggerUsed(server, shop, 'prize-won');
    await flowTriggerUsed(server, shop, 'wheel-spun');
    const wheel = await createWheel(owner, {
      collectEmail: true,
      options: ['10% off', '15% off', '20% off'].map((text) => ({ text, prizeCode: 'SAVE10' })),
    });
    const spun = await server.client().post(`/api/v1/public/wheels/${wheel.id}/spins`, {
      submissionId: submission(),
      email: 'spinner@example.com',
    });
    expect(spun.status).toBe(201);
    const destination = await flowDestinationOf(accountId);
    await waitForDeliveries(server, destination.id, 'delivered');
    const flow = server.fake.shop(shop).flow;
    expect(flow.calls.map((call) => call.handle)).toEqual(['prize-won', 'wheel-spun']);
    expect(flow.calls[0]!.payload).toMatchObject({ 'Prize code': 'SAVE10', 'Customer email': 'spinner@example.com' });
    expect(flow.calls[1]!.payload).not.toHaveProperty('Prize code');
    expect(await deliveriesTo(destination.id)).toHaveLength(1);
  });

  it('fires "Wheel spun" for a spin with no email, with no customer and no email in the payload', async () => {
    const { shop, owner, accountId } = await installedShop(server);
    await flowTriggerUsed(server, shop, 'wheel-spun');
    const wheel = await createWheel(owner, { collectEmail: false });
    expect((await server.client().post(`/api/v1/public/wheels/${wheel.id}/spins`, { submissionId: submission() })).status).toBe(
      201,
    );
    const destination = await flowDestinationOf(accountId);
    const [delivery] = await waitForDeliveries(server, destination.id, 'delivered');
    expect(delivery).toMatchObject({ eventType: 'wheel.spun', tool: 'wheel' });
    const flow = server.fake.shop(shop).flow;
    expect(flow.calls.map((call) => call.handle)).toEqual(['wheel-spun']);
    expect(flow.calls[0]!.payload).not.toHaveProperty('customer_id');
    expect(flow.calls[0]!.payload).not.toHaveProperty('Customer email');
    expect(flow.calls[0]!.payload).toMatchObject({ 'Item id': wheel.id, 'Item title': expect.any(String) });
  });

  it("leaves out the answers that would pass Flow's payload limit and says so in the note", async () => {
    const { shop, accountId } = await installedShop(server);
    await flowTriggerUsed(server, shop, 'lead-captured');
    const destination = await flowDestinationOf(accountId);
    const answers: TLeadAnswer[] = Array.from({ length: 100 }, (_, index) => ({
      key: `story_${index}`,
      question: `Tell us more (${index})`,
      type: 'text',
      value: 'é'.repeat(400),
      optionIds: [],
      tags: [],
      segment: false,
    }));
    const lead = quizLead({ answers });
    const event = {
      type: 'lead.captured' as const,
      version: 1 as const,
      answers,
      occurredAt: lead.capturedAt,
      accountId,
      item: { tool: 'quiz' as const, id: lead.item.id, title: lead.item.title },
      visitor: { email: lead.email, name: lead.name, consent: true },
      result: lead.result,
    };
    const outcome = await shopifyFlowDestination.attempt(
      { deliveryId: crypto.randomUUID(), destination, event, lead },
      destinationDeps(server.services),
    );
    const flow = server.fake.shop(shop).flow;
    expect(flow.calls).toHaveLength(1);
    const payload = flow.calls[0]!.payload;
    const kept = Object.keys(JSON.parse(String(payload.Answers))).length;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(100);
    expect(payload['Answers note']).toBe(flowMessages.answersTruncated(kept, 100));
    expect(Buffer.byteLength(JSON.stringify(payload), 'utf8')).toBeLessThanOrEqual(flowLimits.payloadBytes);
    expect(flow.unverified).toEqual([]);
    expect(outcome).toMatchObject({ ok: true, message: flowMessages.answersTruncated(kept, 100) });

    // Switched off in Flow after the submission: the attempt sends nothing and the log says why.
    await flowTriggerUsed(server, shop, 'lead-captured', false, new Date(Date.now() + 1000));
    const later = await shopifyFlowDestination.attempt(
      { deliveryId: crypto.randomUUID(), destination, event, lead },
      destinationDeps(server.services),
    );
    expect(later).toEqual({ ok: true, exchange: [], message: flowMessages.notInUse('"Lead captured"') });
    expect(flow.calls).toHaveLength(1);
  });
});
