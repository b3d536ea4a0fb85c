import { z } from 'zod';
import { CrmCall, leadTags, stringAt, type CallAnswer } from './crmHttp.ts';
import type { CrmProvider, DeliveryOutcome } from './crmProvider.ts';

/**
 * GetResponse API v3, reference crm-webhooks-payments.md A1: `POST https://api.getresponse.com/v3/contacts`
 * with `X-Auth-Token: api-key <KEY>` and JSON `{email, name, campaign:{campaignId}, tags:[{tagId}]}`;
 * success is 202 Accepted. Not an upsert: an email already in the list answers 409 with code 1008, and
 * then the contact is found with `GET /contacts?query[email]=` and updated with `POST /contacts/{contactId}`.
 * Tags are referenced by id: each name is looked up with `GET /tags?query[name]=` and, when missing,
 * created with `POST /tags {name}` (that call is GetResponse's, not in the reference). Tag names are
 * sent with anything but letters, digits and underscores turned into underscores (GetResponse's rule
 * for tag names as we understand it; unverified). Custom fields need per-account ids, so the result
 * travels as tags. 429 waits for `X-RateLimit-Reset` (seconds).
 */
export const getResponseSettings = z.object({
  api_key: z.string().trim().min(1, 'Enter your GetResponse API key'),
  campaignid: z.string().trim().min(1, 'Enter the list token (campaign id) of your GetResponse list'),
  tag: z.string().trim().optional(),
});
export type GetResponseSettings = z.infer<typeof getResponseSettings>;

export const getResponseApi = 'https://api.getresponse.com/v3';

/** GetResponse tag names: letters, digits and underscores. */
export function getResponseTagName(tag: string): string {
  return tag.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '');
}

function messageOf(answer: CallAnswer): string | undefined {
  const message = stringAt(answer.json, 'message');
  const code = stringAt(answer.json, 'code');
  return message && code ? `${message} (code ${code})` : message;
}

function resetOf(answer: CallAnswer): number | undefined {
  const reset = /^\s*(\d+)/.exec(answer.headers.get('x-ratelimit-reset') ?? '');
  return reset ? Number(reset[1]) * 1000 : undefined;
}

export const getResponse: CrmProvider<GetResponseSettings> = {
  id: 'getresponse',
  label: 'GetResponse',
  settings: getResponseSettings,
  secretFields: ['api_key'],
  async upsertContact(lead, settings, fetch): Promise<DeliveryOutcome> {
    const call = new CrmCall(fetch, [settings.api_key]);
    const auth = { 'X-Auth-Token': `api-key ${settings.api_key}`, Accept: 'application/json' };
    const json = { ...auth, 'Content-Type': 'application/json' };
    const options = { messageOf, retryAfterOf: resetOf };

    const tagIds: string[] = [];
    const names = [
      ...new Set(
        leadTags(lead, settings.tag)
          .map(getResponseTagName)
          .filter((name) => name.length >= 2),
      ),
    ];
    for (const name of names) {
      const found = await call.send('GET', `${getResponseApi}/tags?query[name]=${encodeURIComponent(name)}`, {
        headers: auth,
        ...options,
      });
      if (!found.ok) return found.outcome;
      const list = Array.isArray(found.answer.json) ? found.answer.json : [];
      let tagId = stringAt(
        list.find((tag) => stringAt(tag, 'name') === name),
        'tagId',
      );
      if (!tagId) {
        const created = await call.send('POST', `${getResponseApi}/tags`, {
          headers: json,
          body: JSON.stringify({ name }),
          ...options,
        });
        if (!created.ok) return created.outcome;
        tagId = stringAt(created.answer.json, 'tagId');
      }
      if (tagId) tagIds.push(tagId);
    }

    const contact: Record<string, unknown> = { email: lead.email, campaign: { campaignId: settings.campaignid } };
    if (lead.name.trim()) contact.name = lead.name.trim();
    if (tagIds.length) contact.tags = tagIds.map((tagId) => ({ tagId }));
    const added = await call.send('POST', `${getResponseApi}/contacts`, {
      headers: json,
      body: JSON.stringify(contact),
      accept: (status) => (status >= 200 && status < 300) || status === 409,
      ...options,
    });
    if (!added.ok) return added.outcome;
    if (added.answer.status !== 409) return call.done();
    if (stringAt(added.answer.json, 'code') !== '1008') return call.failFrom(added.answer, messageOf);

    // Already in the list: find the contact and update it.
    const found = await call.send('GET', `${getResponseApi}/contacts?query[email]=${encodeURIComponent(lead.email)}`, {
      headers: auth,
      ...options,
    });
    if (!found.ok) return found.outcome;
    const contacts = Array.isArray(found.answer.json) ? (found.answer.json as unknown[]) : [];
    const existing =
      contacts.find(
        (candidate) => stringAt((candidate as { campaign?: unknown }).campaign, 'campaignId') === settings.campaignid,
      ) ?? contacts[0];
    const contactId = stringAt(existing, 'contactId');
    if (!contactId) return call.fail(true, 'GetResponse answered 409 (code 1008) but the contact is not found yet');
    const known = ((existing as { tags?: unknown }).tags ?? []) as unknown[];
    const allTags = [...new Set([...(Array.isArray(known) ? known.map((tag) => stringAt(tag, 'tagId')) : []), ...tagIds])].filter(
      (tagId): tagId is string => Boolean(tagId),
    );
    const update: Record<string, unknown> = { campaign: { campaignId: settings.campaignid } };
    if (lead.name.trim()) update.name = lead.name.trim();
    if (allTags.length) update.tags = allTags.map((tagId) => ({ tagId }));
    const updated = await call.send('POST', `${getResponseApi}/contacts/${encodeURIComponent(contactId)}`, {
      headers: json,
      body: JSON.stringify(update),
      ...options,
    });
    return updated.ok ? call.done() : updated.outcome;
  },
};
