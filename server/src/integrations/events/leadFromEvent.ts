import { eventResult, type TDomainEvent, type TLeadTool } from '@quizlead/shared/schemas/events.ts';
import { defaultPropertyKey } from '@quizlead/shared/schemas/answerProperties.ts';
import { slugify } from '@quizlead/shared/slug.ts';
import type { Lead, LeadTool } from '../crm/crmProvider.ts';

// The events' tools are the contract's tools, both ways: a change to either fails the typecheck here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const toolsMatch: Same<TLeadTool, LeadTool> = true;
void toolsMatch;

/** The result fields that become an automatic tag, e.g. 'quizlead-personality-adventurer' (numbers do not). */
const taggedResults = ['outcome', 'personality', 'vote', 'rating', 'prize'] as const;

/** The item's CRM tag, then one automatic tag per textual result; no empty or repeated tags. */
export function leadTags(crmTag: string | undefined, result: Lead['result']): string[] {
  const tags = [crmTag?.trim() ?? ''];
  for (const key of taggedResults) {
    const slug = slugify(result[key] ?? '');
    if (slug) tags.push(`quizlead-${key}-${slug}`);
  }
  return [...new Set(tags.filter(Boolean))];
}

/**
 * The lead every destination receives for an event, or undefined when the visitor gave no email
 * (an anonymous play, vote, response or spin reaches the report only).
 */
export function leadFromEvent(event: TDomainEvent): Lead | undefined {
  return event.visitor ? eventLead(event) : undefined;
}

/**
 * The lead of an event for a destination that writes to a named Shopify customer (handler
 * `byShopifyCustomer`): the visitor's lead, else, when the event names the shop's customer (the
 * post-purchase survey's buyer), the event as a lead without an email.
 */
export function customerLeadFromEvent(event: TDomainEvent): Lead | undefined {
  return leadFromEvent(event) ?? (event.shopifyCustomerId ? eventLead(event) : undefined);
}

/**
 * The event as a lead whether or not the visitor gave an email (then `email` and `name` are '' and
 * `consent` false): for the destinations that take every event (handler `everyEvent`, Shopify Flow).
 */
export function eventLead(event: TDomainEvent): Lead {
  const visitor = event.visitor;
  const result = eventResult(event);
  return {
    email: visitor?.email ?? '',
    name: visitor?.name ?? '',
    tool: event.item.tool,
    item: { id: event.item.id, title: event.item.title },
    result,
    itemKey: defaultPropertyKey(event.item.title, event.item.tool),
    answers: event.answers,
    consent: visitor?.consent ?? false,
    ...(visitor?.phone ? { phone: visitor.phone } : {}),
    smsConsent: Boolean(visitor?.phone && visitor.smsConsent),
    tags: [...new Set([...leadTags(event.item.crmTag, result), ...event.answers.flatMap((answer) => answer.tags)])],
    capturedAt: new Date(event.occurredAt).toISOString(),
    ...(event.shopifyCustomerId ? { shopifyCustomerId: event.shopifyCustomerId } : {}),
  };
}
