import { z } from 'zod';
import {
  fieldIdPlaceholder,
  fieldName,
  fieldTypeOf,
  placeAnswers,
  previewAnswers,
  type PlacedAnswer,
  type ProviderField,
} from './crmFields.ts';
import { CrmCall, leadTags, previewCall, stringAt, type CallAnswer, type CrmRequest } from './crmHttp.ts';
import type { CrmProvider, DeliveryOutcome, Lead } from './crmProvider.ts';

/**
 * GetResponse API v3, reference crm-webhooks-payments.md A1: `POST https://api.getresponse.com/v3/contacts`
 * with `X-Auth-Token: api-key <KEY>` and JSON `{email, name, campaign:{campaignId}, tags:[{tagId}]}`;
 * success is 202 Accepted. Not an upsert: an email already in the list answers 409 with code 1008, and
 * then the contact is found with `GET /contacts?query[email]=` and updated with `POST /contacts/{contactId}`.
 * Tags are referenced by id: each name is looked up with `GET /tags?query[name]=` and, when missing,
 * created with `POST /tags {name}` (that call is GetResponse's, not in the reference). Tag names are
 * sent with anything but letters, digits and underscores turned into underscores (GetResponse's rule
 * for tag names as we understand it; unverified). The result travels as tags. Each answer goes as a
 * custom field named `<item key>__<key>` (lower case, so never a merge word; marketing-stack-and-languages.md
 * B5), found with `GET /custom-fields?perPage=1000&page=` (every page) and created with `POST
 * /custom-fields {name, type: number|string, format:"text", hidden:"false", values:[]}` (201; a choice
 * list needs its options up front, which a lead does not know, so several choices are joined); the values
 * go as `customFieldValues:[{customFieldId, value:["…"]}]` on the new contact, or with `POST
 * /contacts/{id}/custom-fields` (which keeps the contact's other values) on an existing one. 429 waits for `X-RateLimit-Reset` (seconds).
 */
export const getResponseSettings = z.object({
  api_key: z.string().trim().min(1, 'Enter your GetResponse API key'),
  campaignid: z.string().trim().min(1, 'Enter the list token (campaign id) of your GetResponse list'),
  tag: z.string().trim().optional(),
});
export type GetResponseSettings = z.infer<typeof getResponseSettings>;

export const getResponseApi = 'https://api.getresponse.com/v3';

/** Custom fields per page when listing them (GetResponse's perPage goes up to 1000). */
const customFieldsPage = 1000;

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

const authOf = (settings: GetResponseSettings) => ({ 'X-Auth-Token': `api-key ${settings.api_key}`, Accept: 'application/json' });
const jsonHeadersOf = (settings: GetResponseSettings) => ({ ...authOf(settings), 'Content-Type': 'application/json' });

/** The lead's tags as GetResponse names them (letters, digits, underscores; at least 2 characters), once each. */
const tagNames = (lead: Lead, settings: GetResponseSettings) => [
  ...new Set(
    leadTags(lead, settings.tag)
      .map(getResponseTagName)
      .filter((name) => name.length >= 2),
  ),
];

const customFieldValuesOf = (placed: PlacedAnswer[]) =>
  placed.map(({ field, value }) => ({ customFieldId: field.ref, value: [String(value)] }));

/** The request that carries the lead: the contact's add to the list with its tags and custom field values. */
function contactRequest(lead: Lead, settings: GetResponseSettings, tagIds: string[], placed: PlacedAnswer[]): CrmRequest {
  const customFieldValues = customFieldValuesOf(placed);
  const contact: Record<string, unknown> = { email: lead.email, campaign: { campaignId: settings.campaignid } };
  if (lead.name.trim()) contact.name = lead.name.trim();
  if (tagIds.length) contact.tags = tagIds.map((tagId) => ({ tagId }));
  if (customFieldValues.length) contact.customFieldValues = customFieldValues;
  return { method: 'POST', url: `${getResponseApi}/contacts`, headers: jsonHeadersOf(settings), body: JSON.stringify(contact) };
}

export const getResponse: CrmProvider<GetResponseSettings> = {
  id: 'getresponse',
  label: 'GetResponse',
  settings: getResponseSettings,
  secretFields: ['api_key'],
  async upsertContact(lead, settings, fetch, { fields }): Promise<DeliveryOutcome> {
    const call = new CrmCall(fetch, [settings.api_key]);
    const auth = authOf(settings);
    const json = jsonHeadersOf(settings);
    const options = { messageOf, retryAfterOf: resetOf };

    const tagIds: string[] = [];
    for (const name of tagNames(lead, settings)) {
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

    const answers = await placeAnswers(lead, fields, {
      handleOf: fieldName,
      async list() {
        const found: ProviderField[] = [];
        for (let page = 1; ; page += 1) {
          const listed = await call.send('GET', `${getResponseApi}/custom-fields?perPage=${customFieldsPage}&page=${page}`, {
            headers: auth,
            ...options,
          });
          if (!listed.ok) return listed.outcome;
          const items = Array.isArray(listed.answer.json) ? (listed.answer.json as unknown[]) : [];
          for (const item of items) {
            const name = stringAt(item, 'name');
            const id = stringAt(item, 'customFieldId');
            if (name && id) found.push({ handle: name, ref: id, type: stringAt(item, 'type') === 'number' ? 'number' : 'text' });
          }
          if (items.length < customFieldsPage) return found;
        }
      },
      async create(name, answer) {
        const type = fieldTypeOf(answer);
        const body = { name, type: type === 'number' ? 'number' : 'string', format: 'text', hidden: 'false', values: [] };
        const created = await call.send('POST', `${getResponseApi}/custom-fields`, {
          headers: json,
          body: JSON.stringify(body),
          ...options,
        });
        if (!created.ok) return created.outcome;
        const id = stringAt(created.answer.json, 'customFieldId');
        if (!id) return call.fail(true, 'GetResponse answered the new custom field without its id');
        return { handle: name, ref: id, type };
      },
    });
    if ('ok' in answers) return answers;
    const customFieldValues = customFieldValuesOf(answers.placed);
    const request = contactRequest(lead, settings, tagIds, answers.placed);
    const added = await call.send(request.method, request.url, {
      ...request,
      accept: (status) => (status >= 200 && status < 300) || status === 409,
      ...options,
    });
    if (!added.ok) return added.outcome;
    if (added.answer.status !== 409) return call.done(answers.leftOut);
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
    if (!updated.ok) return updated.outcome;
    if (customFieldValues.length) {
      const valued = await call.send('POST', `${getResponseApi}/contacts/${encodeURIComponent(contactId)}/custom-fields`, {
        headers: json,
        body: JSON.stringify({ customFieldValues }),
        ...options,
      });
      if (!valued.ok) return valued.outcome;
    }
    return call.done(answers.leftOut);
  },
  async preview(lead, settings, fields) {
    const placed = await previewAnswers(lead, fields, {
      handleOf: fieldName,
      refOf: fieldIdPlaceholder,
    });
    const tagIds = tagNames(lead, settings).map((name) => `{tag id: ${name}}`);
    return [
      previewCall([settings.api_key]).describe('Add the contact to the list', contactRequest(lead, settings, tagIds, placed)),
    ];
  },
};
