import { z } from 'zod';
import { CrmCall, leadTags, splitName, stringAt, laravelMessage } from './crmHttp.ts';
import type { CrmProvider, DeliveryOutcome } from './crmProvider.ts';

/**
 * MailerLite (new API), reference crm-webhooks-payments.md A4: `POST https://connect.mailerlite.com/api/subscribers`
 * with `Authorization: Bearer <token>`, `Content-Type` and `Accept: application/json`, body
 * `{email, fields:{name, last_name}, groups:[id], status}`; an upsert by email (201 new, 200 updated).
 * MailerLite has groups, no tags: `campaignid` is a group id, and each tag (the account's, the item's CRM
 * tag, the automatic result tags) is a group found by name with `GET /api/groups?filter[name]=` (a
 * partial match, so the exact name is picked) and created with `POST /api/groups {name}` when missing.
 * `status` is "active" only with consent; without it no status is sent, so an existing subscriber's
 * status is left alone. Custom fields must exist in the account, so the result travels as groups.
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

export const mailerLite: CrmProvider<MailerLiteSettings> = {
  id: 'mailerlite',
  label: 'MailerLite',
  settings: mailerLiteSettings,
  secretFields: ['api_key'],
  async upsertContact(lead, settings, fetch): Promise<DeliveryOutcome> {
    const call = new CrmCall(fetch, [settings.api_key]);
    const headers = {
      Authorization: `Bearer ${settings.api_key}`,
      'Content-Type': 'application/json',
      Accept: 'application/json',
    };
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
    const { first, last } = splitName(lead.name);
    const fields: Record<string, string> = {};
    if (first) fields.name = first;
    if (last) fields.last_name = last;
    const body: Record<string, unknown> = { email: lead.email, fields, groups };
    if (lead.consent) body.status = 'active';
    const added = await call.send('POST', `${mailerLiteApi}/subscribers`, { headers, body: JSON.stringify(body), messageOf });
    return added.ok ? call.done() : added.outcome;
  },
};
