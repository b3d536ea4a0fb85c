import { z } from 'zod';
import { fieldName, fieldTypeOf, placeAnswers, previewAnswers, type PlacedAnswer, type ProviderField } from './crmFields.ts';
import { CrmCall, leadTags, previewCall, splitName, stringAt, laravelMessage, type CrmRequest } from './crmHttp.ts';
import type { CrmProvider, DeliveryOutcome, Lead } from './crmProvider.ts';

/**
 * MailerLite (new API), reference crm-webhooks-payments.md A4: `POST https://connect.mailerlite.com/api/subscribers`
 * with `Authorization: Bearer <token>`, `Content-Type` and `Accept: application/json`, body
 * `{email, fields:{name, last_name}, groups:[id], status}`; an upsert by email (201 new, 200 updated).
 * MailerLite has groups, no tags: `campaignid` is a group id, and each tag (the account's, the item's CRM
 * tag, the automatic result tags) is a group found by name with `GET /api/groups?filter[name]=` (a
 * partial match, so the exact name is picked) and created with `POST /api/groups {name}` when missing.
 * `status` is "active" only with consent; without it no status is sent, so an existing subscriber's
 * status is left alone. The result travels as groups; each answer as a custom field named
 * `<item key>__<key>` (marketing-stack-and-languages.md B4), found with `GET /api/fields?limit=100&page=`
 * (every page) and created with `POST /api/fields {name, type: number|text}` (200; several choices
 * joined), then sent under the field's `key` in `fields`.
 * Keys of MailerLite Classic (pre-2022 accounts) are refused with 401. 429 waits Retry-After.
 */
export const mailerLiteSettings = z.object({
  api_key: z.string().trim().min(1, 'Enter your MailerLite API token'),
  /** A group id. */
  campaignid: z.string().trim().regex(/^\d*$/, 'The MailerLite group id is a number').optional(),
  tag: z.string().trim().optional(),
});
export type MailerLiteSettings = z.infer<typeof mailerLiteSettings>;

export const mailerLiteApi = 'https://connect.mailerlite.com/api';

const messageOf = laravelMessage;

const headersOf = (settings: MailerLiteSettings) => ({
  Authorization: `Bearer ${settings.api_key}`,
  'Content-Type': 'application/json',
  Accept: 'application/json',
});

/** The request that carries the lead: the subscriber's upsert with its fields and groups (the list's, then the tags'). */
function subscriberRequest(lead: Lead, settings: MailerLiteSettings, groups: string[], placed: PlacedAnswer[]): CrmRequest {
  const { first, last } = splitName(lead.name);
  const fields: Record<string, string | number> = {};
  if (first) fields.name = first;
  if (last) fields.last_name = last;
  // `phone` is one of the subscriber's default fields (B4: a default or custom field's key), sent in E.164.
  if (lead.phone) fields.phone = lead.phone;
  for (const { field, value } of placed) fields[field.ref] = value;
  const body: Record<string, unknown> = { email: lead.email, fields, groups };
  if (lead.consent) body.status = 'active';
  return { method: 'POST', url: `${mailerLiteApi}/subscribers`, headers: headersOf(settings), body: JSON.stringify(body) };
}

export const mailerLite: CrmProvider<MailerLiteSettings> = {
  id: 'mailerlite',
  label: 'MailerLite',
  settings: mailerLiteSettings,
  secretFields: ['api_key'],
  async upsertContact(lead, settings, fetch, { fields: store }): Promise<DeliveryOutcome> {
    const call = new CrmCall(fetch, [settings.api_key]);
    const headers = headersOf(settings);
    const groups = settings.campaignid ? [settings.campaignid] : [];
    for (const name of leadTags(lead, settings.tag)) {
      const found = await call.send('GET', `${mailerLiteApi}/groups?filter[name]=${encodeURIComponent(name)}`, {
        headers,
        messageOf,
      });
      if (!found.ok) return found.outcome;
      const list = (found.answer.json as { data?: unknown } | undefined)?.data;
      let id = stringAt(Array.isArray(list) ? list.find((group) => stringAt(group, 'name') === name) : undefined, 'id');
      if (!id) {
        const created = await call.send('POST', `${mailerLiteApi}/groups`, {
          headers,
          body: JSON.stringify({ name }),
          messageOf,
        });
        if (!created.ok) return created.outcome;
        id = stringAt((created.answer.json as { data?: unknown } | undefined)?.data, 'id');
      }
      if (id && !groups.includes(id)) groups.push(id);
    }
    const answers = await placeAnswers(lead, store, {
      handleOf: fieldName,
      async list() {
        const found: ProviderField[] = [];
        for (let page = 1; ; page += 1) {
          const listed = await call.send('GET', `${mailerLiteApi}/fields?limit=100&page=${page}`, { headers, messageOf });
          if (!listed.ok) return listed.outcome;
          const json = listed.answer.json as { data?: unknown; meta?: { last_page?: unknown } } | undefined;
          for (const field of Array.isArray(json?.data) ? (json.data as unknown[]) : []) {
            const name = stringAt(field, 'name');
            const key = stringAt(field, 'key');
            if (name && key)
              found.push({ handle: name, ref: key, type: stringAt(field, 'type') === 'number' ? 'number' : 'text' });
          }
          const last = typeof json?.meta?.last_page === 'number' ? json.meta.last_page : page;
          if (page >= last) return found;
        }
      },
      async create(name, answer) {
        const type = fieldTypeOf(answer);
        const created = await call.send('POST', `${mailerLiteApi}/fields`, {
          headers,
          body: JSON.stringify({ name, type }),
          messageOf,
        });
        if (!created.ok) return created.outcome;
        const key = stringAt((created.answer.json as { data?: unknown } | undefined)?.data, 'key');
        if (!key) return call.fail(true, 'MailerLite answered the new field without its key');
        return { handle: name, ref: key, type };
      },
    });
    if ('ok' in answers) return answers;

    const request = subscriberRequest(lead, settings, groups, answers.placed);
    const added = await call.send(request.method, request.url, { ...request, messageOf });
    return added.ok ? call.done(answers.leftOut) : added.outcome;
  },
  async preview(lead, settings, fields) {
    const placed = await previewAnswers(lead, fields, {
      handleOf: fieldName,
      refOf: (name) => `{field key: ${name}}`,
    });
    const groups = [
      ...(settings.campaignid ? [settings.campaignid] : []),
      ...leadTags(lead, settings.tag).map((name) => `{group id: ${name}}`),
    ];
    const request = subscriberRequest(lead, settings, groups, placed);
    return [previewCall([settings.api_key]).describe('Add or update the subscriber', request)];
  },
};
