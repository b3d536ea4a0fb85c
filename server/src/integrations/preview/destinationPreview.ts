import type { TDomainEvent } from '@quizlead/shared/schemas/events.ts';
import type { PreviewRequest, Lead } from '../crm/crmProvider.ts';
import { crmFieldStore } from '../../db/queries/crmFields.ts';
import { resolveCrmDestination } from '../destinations/crmDestination.ts';
import { webhookDestinationMessages } from '../destinations/webhookDestination.ts';
import type { DestinationDeps, DestinationRow } from '../destinations/destination.ts';
import { mailRequest, mailsToAll } from '../destinations/emailDestination.ts';
import { leadNotificationMail } from '../mail/leadNotification.ts';
import { enabledFlowTriggers } from '../../db/queries/flowTriggers.ts';
import { shopDomainOf } from '../../db/queries/owner.ts';
import { metafieldsSetRequests } from '../shopify/customerMetafields.ts';
import { flowTriggers, flowTriggersOf } from '../shopify/flow/flowTriggers.ts';
import {
  adminGraphqlRequest,
  customerRequests,
  tagsOf,
  type GraphqlRequest,
} from '../destinations/shopifyCustomersDestination.ts';
import { flowPayload, flowTriggerRequest, triggerNames } from '../destinations/shopifyFlowDestination.ts';
import { flowMessages } from '@quizlead/shared/schemas/shopifyFlow.ts';
import { destinationPreviewMessages } from '@quizlead/shared/schemas/destinationPreview.ts';
import { webhookBody, webhookHeaders } from '../webhooks/sender.ts';
import { openSigningSecrets } from '../webhooks/secretStore.ts';
import { activeSigningSecrets } from '../webhooks/signing.ts';
import { redactSecrets } from '../../lib/redactSecrets.ts';

/**
 * What one lead would send to one destination (Settings' "Preview a sample lead", issue 33), built by the
 * functions the delivery sends with and sent nowhere: a CRM's data-carrying requests (its provider's
 * `preview`), a webhook's exact signed body with the signature redacted, the notification mail's subject
 * and text, Shopify customers' and Flow's Admin GraphQL documents and variables. Every saved secret of the destination is redacted again before it leaves (the backstop).
 */

export interface DestinationPreviewResult {
  requests: PreviewRequest[];
  /** Why there are none (settings that cannot make them, a kind that shows nothing). */
  message?: string;
}

export type PreviewDeps = Pick<DestinationDeps, 'db' | 'secrets' | 'services' | 'appUrl' | 'sessionSecret'>;

const redacted = '[redacted]';

async function crmPreview(destination: DestinationRow, lead: Lead, deps: PreviewDeps): Promise<DestinationPreviewResult> {
  const resolved = resolveCrmDestination(destination, deps.secrets);
  if (!resolved.ok) return { requests: [], message: resolved.message };
  const { provider, settings, secrets } = resolved;
  const outcome = await provider.preview(lead, settings, crmFieldStore(deps.db, destination.id, provider.id));
  if (!outcome.ok) return { requests: [], message: redactSecrets(outcome.message, secrets) };
  return { requests: redactSecrets(outcome.requests, secrets) };
}

function webhookPreview(
  destination: DestinationRow,
  event: TDomainEvent,
  lead: Lead,
  deps: PreviewDeps,
): DestinationPreviewResult {
  if (!destination.url || !destination.sealed) {
    return { requests: [], message: webhookDestinationMessages.incomplete };
  }
  let secrets: string[];
  try {
    secrets = activeSigningSecrets(openSigningSecrets(deps.secrets, destination.sealed), new Date());
  } catch {
    return { requests: [], message: webhookDestinationMessages.unreadable };
  }
  const body = webhookBody({ type: event.type, lead, occurredAt: event.occurredAt });
  // Signed as the delivery signs it, then the signature is redacted: it would prove nothing to the owner and is derived from the secret.
  const headers = webhookHeaders({ id: 'msg_preview', body, secrets }, new Date());
  headers['webhook-id'] = '{delivery id}';
  headers['webhook-signature'] = redacted;
  return {
    requests: redactSecrets([{ label: `The ${event.type} event`, method: 'POST', url: destination.url, headers, body }], secrets),
  };
}

async function emailPreview(destination: DestinationRow, lead: Lead, deps: PreviewDeps): Promise<DestinationPreviewResult> {
  const mails = await mailsToAll(destination, deps, (links) => leadNotificationMail(lead, links));
  return {
    requests: mails.map(({ to, mail }) => ({ label: `The mail to ${to}`, ...mailRequest(to, mail.subject, mail.text) })),
  };
}

/** The shop's Admin GraphQL calls as the delivery log shows them, the access token named but never shown. */
function adminCalls(shop: string, calls: [label: string, request: GraphqlRequest][]): PreviewRequest[] {
  return calls.map(([label, request]) => {
    const recorded = adminGraphqlRequest(shop, request);
    return { label, ...recorded, headers: { 'content-type': 'application/json', 'x-shopify-access-token': redacted } };
  });
}

/**
 * A new customer: created with its name, tags and phone, then subscribed (email, SMS) and given its answer
 * metafields (typed as planned: the shop's definitions are not looked up for a preview). A known one gets
 * the tags it lacks instead of the create. Ids Shopify answers show as `{customer id}`.
 */
async function shopifyCustomersPreview(
  destination: DestinationRow,
  lead: Lead,
  deps: PreviewDeps,
): Promise<DestinationPreviewResult> {
  const shop = await shopDomainOf(deps.db, destination.accountId);
  if (!shop) return { requests: [], message: destinationPreviewMessages.shopsOnly };
  const id = '{customer id}';
  const calls: [string, GraphqlRequest][] = [['Create the customer', customerRequests.create(lead)]];
  if (lead.consent) calls.push(['Subscribe it to email marketing', customerRequests.emailConsent(id, lead)]);
  if (lead.phone && lead.smsConsent) calls.push(['Subscribe its phone to SMS marketing', customerRequests.smsConsent(id, lead)]);
  for (const request of metafieldsSetRequests(id, lead, new Map())) calls.push(['Write the answers to its metafields', request]);
  const tags = tagsOf(lead);
  if (tags.length > 0)
    calls.push(['If the email is already a customer: add the tags it lacks', customerRequests.addTags(id, tags)]);
  return { requests: adminCalls(shop, calls) };
}

/** One `flowTriggerReceive` per trigger of the event; a trigger no workflow uses is shown and said to be skipped. */
async function shopifyFlowPreview(
  destination: DestinationRow,
  event: TDomainEvent,
  lead: Lead,
  deps: PreviewDeps,
): Promise<DestinationPreviewResult> {
  const shop = await shopDomainOf(deps.db, destination.accountId);
  if (!shop) return { requests: [], message: destinationPreviewMessages.shopsOnly };
  const handles = flowTriggersOf(event);
  const inUse = await enabledFlowTriggers(deps.db, destination.accountId, handles);
  const calls = handles.map((handle): [string, GraphqlRequest] => {
    const name = flowTriggers.find((trigger) => trigger.handle === handle)?.name ?? handle;
    const label = inUse.has(handle)
      ? `Trigger "${name}"`
      : `Trigger "${name}" (${flowMessages.notInUse(triggerNames([handle]))})`;
    return [label, flowTriggerRequest(handle, flowPayload(handle, event, lead))];
  });
  return { requests: adminCalls(shop, calls) };
}

export async function previewDestination(
  destination: DestinationRow,
  sample: { event: TDomainEvent; lead: Lead },
  deps: PreviewDeps,
): Promise<DestinationPreviewResult> {
  switch (destination.kind) {
    case 'crm':
      return crmPreview(destination, sample.lead, deps);
    case 'webhook':
      return webhookPreview(destination, sample.event, sample.lead, deps);
    case 'email':
      return emailPreview(destination, sample.lead, deps);
    case 'shopify_customers':
      return shopifyCustomersPreview(destination, sample.lead, deps);
    case 'shopify_flow':
      return shopifyFlowPreview(destination, sample.event, sample.lead, deps);
    case 'result_email':
      return { requests: [], message: destinationPreviewMessages.resultEmail };
  }
}
