import { createHash } from 'node:crypto';
import { z } from 'zod';
import { CrmCall, leadTags, retryAfterHeader, splitName, stringAt, type CallAnswer } from './crmHttp.ts';
import type { CrmProvider, DeliveryOutcome } from './crmProvider.ts';

/**
 * Mailchimp Marketing API, reference crm-webhooks-payments.md A5: an upsert with
 * `PUT https://{dc}.api.mailchimp.com/3.0/lists/{list_id}/members/{md5 of the lower-cased email}`
 * (dc = the API key's suffix after `-`), HTTP Basic `anystring:<key>`, JSON
 * `{email_address, status_if_new, merge_fields:{FNAME, LNAME}}`, 200 with the member; then the tags with
 * `POST …/members/{hash}/tags {tags:[{name, status:"active"}]}`, 204. `status_if_new` is "subscribed"
 * with consent ("pending" when the owner asks for double opt-in) and "transactional" without it
 * (a Mailchimp status, not in the reference: the contact is kept but not marketed to), and it never
 * changes an existing member's status. Merge fields other than FNAME/LNAME must exist in the audience,
 * so the result travels as tags. Errors are problem+json (`title`, `detail`). Mailchimp limits
 * simultaneous connections and documents no reset header: a 429 waits Retry-After if sent, else 10 s.
 */
export const mailchimpSettings = z.object({
  api_key: z
    .string()
    .trim()
    .regex(/^[^-\s]+-[a-z]+\d+$/, 'Enter your Mailchimp API key, which ends in its data centre, e.g. -us6'),
  campaignid: z.string().trim().min(1, 'Enter the audience id (list id) of your Mailchimp audience'),
  tag: z.string().trim().optional(),
  /** Ask new contacts to confirm (status_if_new "pending"). */
  double_optin: z.boolean().optional(),
});
export type MailchimpSettings = z.infer<typeof mailchimpSettings>;

/** Mailchimp's subscriber hash: the MD5 of the lower-cased email. */
export function subscriberHash(email: string): string {
  return createHash('md5').update(email.trim().toLowerCase()).digest('hex');
}

export function mailchimpBase(apiKey: string): string | undefined {
  const dc = /-([a-z]+\d+)$/.exec(apiKey.trim())?.[1];
  return dc ? `https://${dc}.api.mailchimp.com/3.0` : undefined;
}

function messageOf(answer: CallAnswer): string | undefined {
  const title = stringAt(answer.json, 'title');
  const detail = stringAt(answer.json, 'detail');
  return title && detail ? `${title}: ${detail}` : (title ?? detail);
}

const retryAfterOf = (answer: CallAnswer) => retryAfterHeader(answer.headers) ?? 10_000;

export const mailchimp: CrmProvider<MailchimpSettings> = {
  id: 'mailchimp',
  label: 'Mailchimp',
  settings: mailchimpSettings,
  secretFields: ['api_key'],
  async upsertContact(lead, settings, fetch): Promise<DeliveryOutcome> {
    const call = new CrmCall(fetch, [settings.api_key]);
    const base = mailchimpBase(settings.api_key);
    if (!base) return call.fail(false, 'The Mailchimp API key must end in its data centre, e.g. -us6');
    const headers = {
      Authorization: `Basic ${Buffer.from(`quizlead:${settings.api_key.trim()}`).toString('base64')}`,
      'Content-Type': 'application/json',
      Accept: 'application/json',
    };
    const member = `${base}/lists/${encodeURIComponent(settings.campaignid)}/members/${subscriberHash(lead.email)}`;
    const { first, last } = splitName(lead.name);
    const mergeFields: Record<string, string> = {};
    if (first) mergeFields.FNAME = first;
    if (last) mergeFields.LNAME = last;
    const body = {
      email_address: lead.email,
      status_if_new: lead.consent ? (settings.double_optin ? 'pending' : 'subscribed') : 'transactional',
      merge_fields: mergeFields,
    };
    const put = await call.send('PUT', member, { headers, body: JSON.stringify(body), messageOf, retryAfterOf });
    if (!put.ok) return put.outcome;
    const tags = leadTags(lead, settings.tag);
    if (tags.length) {
      const tagged = await call.send('POST', `${member}/tags`, {
        headers,
        body: JSON.stringify({ tags: tags.map((name) => ({ name, status: 'active' })) }),
        messageOf,
        retryAfterOf,
      });
      if (!tagged.ok) return tagged.outcome;
    }
    return call.done();
  },
};
