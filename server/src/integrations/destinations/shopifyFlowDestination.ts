import { flowLimits, flowMessages } from '@quizlead/shared/schemas/shopifyFlow.ts';
import type { TDomainEvent } from '@quizlead/shared/schemas/events.ts';
import { enabledFlowTriggers } from '../../db/queries/flowTriggers.ts';
import { playEmail } from '../../db/queries/plays.ts';
import type { Exchange, Lead } from '../crm/crmProvider.ts';
import { resultLines } from '../mail/leadNotification.ts';
import { shopifyAdmin } from '../shopify/adminApi.ts';
import { refuseOn, type UserError } from '../shopify/customerMetafields.ts';
import { flowFieldKeys, flowTriggers, flowTriggersOf, type TFlowTriggerHandle } from '../shopify/flow/flowTriggers.ts';
import type { DestinationHandler } from './destination.ts';
import { AdminCalls, failureOf, type GraphqlRequest } from './shopifyCustomersDestination.ts';

/**
 * A shop's leads into Shopify Flow (reference C6): each event fires its triggers (flowTriggersOf) with
 * `flowTriggerReceive(handle, payload)`, only those the shop's workflows use now (the lifecycle callback
 * keeps `flow_triggers`; a trigger switched off since the submission is reported, not sent). The customer
 * reference is the shop's customer with the lead's email, when there is one (the Shopify customers
 * destination may have made it): `customer_id`, the numeric id, as Flow takes it; without one the
 * payload carries the email only, and an event whose visitor gave no email (an anonymous play or spin:
 * Flow takes every event, `everyEvent`) carries neither. Every call is kept in the delivery log like the other Admin API calls.
 */

const findCustomerQuery = `query FlowCustomer($email: String!) {
  customerByIdentifier(identifier: { emailAddress: $email }) { id }
}`;

const triggerMutation = `mutation FlowTriggerReceive($handle: String, $payload: JSON) {
  flowTriggerReceive(handle: $handle, payload: $payload) { userErrors { field message } }
}`;

/** The `flowTriggerReceive` call of one trigger: what the delivery sends and the preview shows. */
export const flowTriggerRequest = (handle: TFlowTriggerHandle, payload: FlowPayload): GraphqlRequest => ({
  query: triggerMutation,
  variables: { handle, payload },
});

export const shopifyFlowDestination: DestinationHandler = {
  everyEvent: true,
  async attempt({ destination, event, lead: given }, deps) {
    const exchange: Exchange[] = [];
    const handles = flowTriggersOf(event);
    const inUse = await enabledFlowTriggers(deps.db, destination.accountId, handles);
    const sent = handles.filter((handle) => inUse.has(handle));
    if (sent.length === 0) return { ok: true, exchange, message: flowMessages.notInUse(triggerNames(handles)) };
    try {
      const admin = await shopifyAdmin(deps.services, destination.accountId);
      const calls = new AdminCalls(admin, exchange);
      // A finished quiz's visitor is on its play (the lead travels as its own event); an anonymous event has no one.
      const email =
        given.email ||
        (event.type === 'play.completed' ? ((await playEmail(deps.db, destination.accountId, event.playId)) ?? '') : '');
      const lead = { ...given, email };
      // The buyer Shopify named (the post-purchase survey), else the customer with the lead's email.
      const customerId = given.shopifyCustomerId
        ? numericId(given.shopifyCustomerId)
        : email
          ? await customerOf(calls, email)
          : undefined;
      let note = '';
      for (const handle of sent) {
        const payload = flowPayload(handle, event, lead, customerId);
        note = String(payload[flowFieldKeys.answersNote] ?? '');
        const { flowTriggerReceive } = await calls.send<{ flowTriggerReceive: { userErrors: UserError[] } | null }>(
          flowTriggerRequest(handle, payload),
        );
        refuseOn(flowTriggerReceive?.userErrors);
      }
      return { ok: true, exchange, ...(note ? { message: note } : {}) };
    } catch (error) {
      return { ...failureOf(error), exchange };
    }
  },
};

/** The shop's customer with this email, as the numeric id a customer reference takes; none when it has none. */
async function customerOf(calls: AdminCalls, email: string): Promise<number | undefined> {
  const { customerByIdentifier } = await calls.run<{ customerByIdentifier: { id: string } | null }>(findCustomerQuery, {
    email,
  });
  return customerByIdentifier ? numericId(customerByIdentifier.id) : undefined;
}

/** "gid://shopify/Customer/123" → 123: a trigger's customer reference is the numeric (legacy) id. */
function numericId(gid: string): number | undefined {
  const id = Number(gid.split('/').at(-1));
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

export const triggerNames = (handles: readonly TFlowTriggerHandle[]) =>
  handles.map((handle) => `"${flowTriggers.find((trigger) => trigger.handle === handle)?.name ?? handle}"`).join(' or ');

export type FlowPayload = Record<string, string | number>;

/**
 * One trigger's payload: the keys are the trigger fields' keys (extensions/<handle>/shopify.extension.toml).
 * The answers go as one JSON text `{key: value}`; when the payload would pass Flow's limit, the answers
 * that do not fit are left out (the first ones kept, in the item's order) and "Answers note" says how many.
 */
export function flowPayload(handle: TFlowTriggerHandle, event: TDomainEvent, lead: Lead, customerId?: number): FlowPayload {
  const base: FlowPayload = {
    ...(customerId === undefined ? {} : { customer_id: customerId }),
    ...(lead.email ? { [flowFieldKeys.email]: lead.email } : {}),
    [flowFieldKeys.itemId]: lead.item.id,
    [flowFieldKeys.itemTitle]: lead.item.title,
    [flowFieldKeys.result]: resultLines(lead.result)
      .map(([label, value]) => `${label}: ${value}`)
      .join('; '),
    ...(handle === 'prize-won' && event.type === 'wheel.spun' && event.prize.code
      ? { [flowFieldKeys.prizeCode]: event.prize.code }
      : {}),
  };
  const withAnswers = (count: number, note: string): FlowPayload => ({
    ...base,
    [flowFieldKeys.answers]: JSON.stringify(
      Object.fromEntries(lead.answers.slice(0, count).map((answer) => [answer.key, answer.value])),
    ),
    [flowFieldKeys.answersNote]: note,
  });
  const total = lead.answers.length;
  const whole = withAnswers(total, '');
  if (byteLength(whole) <= flowLimits.payloadBytes) return whole;
  let kept = total - 1;
  while (kept > 0 && byteLength(withAnswers(kept, flowMessages.answersTruncated(kept, total))) > flowLimits.payloadBytes)
    kept -= 1;
  return withAnswers(kept, flowMessages.answersTruncated(kept, total));
}

const byteLength = (payload: FlowPayload) => Buffer.byteLength(JSON.stringify(payload), 'utf8');
