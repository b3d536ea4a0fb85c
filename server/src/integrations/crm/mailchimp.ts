import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { TLeadAnswer } from '@quizlead/shared/schemas/answerProperties.ts';
import {
  fieldKey,
  fieldName,
  fieldTypeOf,
  placeAnswers,
  previewAnswers,
  type PlacedAnswer,
  type ProviderField,
} from './crmFields.ts';
import {
  CrmCall,
  leadTags,
  previewCall,
  retryAfterOr,
  splitName,
  stringAt,
  type CallAnswer,
  type CrmRequest,
} from './crmHttp.ts';
import type { CrmProvider, DeliveryOutcome, Lead } from './crmProvider.ts';

/**
 * Mailchimp Marketing API, reference crm-webhooks-payments.md A5: an upsert with
 * `PUT https://{dc}.api.mailchimp.com/3.0/lists/{list_id}/members/{md5 of the lower-cased email}`
 * (dc = the API key's suffix after `-`), HTTP Basic `anystring:<key>`, JSON
 * `{email_address, status_if_new, merge_fields:{FNAME, LNAME}}`, 200 with the member; then the tags with
 * `POST …/members/{hash}/tags {tags:[{name, status:"active"}]}`, 204. `status_if_new` is "subscribed"
 * with consent ("pending" when the owner asks for double opt-in) and "transactional" without it
 * (a Mailchimp status, not in the reference: the contact is kept but not marketed to), and it never
 * changes an existing member's status. The result travels as tags; each answer as a merge field
 * (marketing-stack-and-languages.md B1) under a tag of its own (≤ 10 characters A-Z0-9_, derived from
 * the item and property keys, see `mergeTag`), found with `GET …/merge-fields?count=&offset=` (all
 * pages) and created with `POST …/merge-fields {name, type, tag, required:false, public:false}` (type
 * `number` for numbers, `text` otherwise; several choices joined). An audience holds 30 merge fields (80
 * on Premium): when Mailchimp refuses another, those answers are left out, the member is still added and
 * the outcome says which. Errors are problem+json (`title`, `detail`). Mailchimp limits
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

const retryAfterOf = retryAfterOr(10_000);

/**
 * The merge tag of an answer's field: `Q`, up to five letters and digits of the property key, then hex of
 * a hash of `<item key>.<property key>` to ten characters: stable, unique in practice, and within
 * Mailchimp's tag rule (≤ 10 characters, upper-case letters, digits, underscore), e.g. `QSKINT81C2F`.
 */
export function mergeTag(itemKey: string, propertyKey: string): string {
  const letters = propertyKey
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 5);
  const hash = createHash('sha256').update(fieldKey(itemKey, propertyKey)).digest('hex').toUpperCase();
  return `Q${letters}${hash.slice(0, 9 - letters.length)}`;
}

/** Merge fields per page when listing them (Mailchimp's `count` goes up to 1000). */
const mergeFieldsPage = 1000;

const headersOf = (settings: MailchimpSettings) => ({
  Authorization: `Basic ${Buffer.from(`quizlead:${settings.api_key.trim()}`).toString('base64')}`,
  'Content-Type': 'application/json',
  Accept: 'application/json',
});

const listUrl = (base: string, settings: MailchimpSettings) => `${base}/lists/${encodeURIComponent(settings.campaignid)}`;

/** The requests that carry the lead: the member's upsert with its merge fields, then its tags (when it has any). */
function contactRequests(lead: Lead, settings: MailchimpSettings, base: string, placed: PlacedAnswer[]): CrmRequest[] {
  const headers = headersOf(settings);
  const member = `${listUrl(base, settings)}/members/${subscriberHash(lead.email)}`;
  const { first, last } = splitName(lead.name);
  const mergeFields: Record<string, string | number> = {};
  if (first) mergeFields.FNAME = first;
  if (last) mergeFields.LNAME = last;
  for (const { field, value } of placed) mergeFields[field.ref] = value;
  const body = {
    email_address: lead.email,
    status_if_new: lead.consent ? (settings.double_optin ? 'pending' : 'subscribed') : 'transactional',
    merge_fields: mergeFields,
  };
  const requests: CrmRequest[] = [{ method: 'PUT', url: member, headers, body: JSON.stringify(body) }];
  const tags = leadTags(lead, settings.tag);
  if (tags.length) {
    const tagged = { tags: tags.map((name) => ({ name, status: 'active' })) };
    requests.push({ method: 'POST', url: `${member}/tags`, headers, body: JSON.stringify(tagged) });
  }
  return requests;
}

const requestLabels = ['Add or update the member', 'Tag the member'];

export const mailchimp: CrmProvider<MailchimpSettings> = {
  id: 'mailchimp',
  label: 'Mailchimp',
  settings: mailchimpSettings,
  secretFields: ['api_key'],
  async upsertContact(lead, settings, fetch, { fields }): Promise<DeliveryOutcome> {
    const call = new CrmCall(fetch, [settings.api_key]);
    const base = mailchimpBase(settings.api_key);
    if (!base) return call.fail(false, 'The Mailchimp API key must end in its data centre, e.g. -us6');
    const headers = headersOf(settings);
    const list = listUrl(base, settings);

    const answers = await placeAnswers(lead, fields, {
      handleOf: mergeTag,
      async list() {
        const found: ProviderField[] = [];
        for (let offset = 0; ; offset += mergeFieldsPage) {
          const page = await call.send('GET', `${list}/merge-fields?count=${mergeFieldsPage}&offset=${offset}`, {
            headers,
            messageOf,
            retryAfterOf,
          });
          if (!page.ok) return page.outcome;
          const json = page.answer.json as { merge_fields?: unknown; total_items?: unknown } | undefined;
          const items = Array.isArray(json?.merge_fields) ? (json.merge_fields as unknown[]) : [];
          for (const item of items) {
            const tag = stringAt(item, 'tag');
            if (tag) found.push({ handle: tag, ref: tag, type: stringAt(item, 'type') === 'number' ? 'number' : 'text' });
          }
          const total = typeof json?.total_items === 'number' ? json.total_items : 0;
          if (items.length < mergeFieldsPage || offset + mergeFieldsPage >= total) return found;
        }
      },
      async create(tag: string, answer: TLeadAnswer) {
        const type = fieldTypeOf(answer);
        const body = { name: fieldName(lead.itemKey, answer.key), type, tag, required: false, public: false };
        const created = await call.send('POST', `${list}/merge-fields`, {
          headers,
          body: JSON.stringify(body),
          // A 400 is the audience refusing another field (its cap): the answer is left out, the rest goes on.
          accept: (status) => (status >= 200 && status < 300) || status === 400,
          messageOf,
          retryAfterOf,
        });
        if (!created.ok) return created.outcome;
        if (created.answer.status === 400)
          return { refused: `Mailchimp: ${messageOf(created.answer) ?? 'the merge field was refused'}` };
        const made = stringAt(created.answer.json, 'tag') ?? tag;
        return { handle: tag, ref: made, type };
      },
    });
    if ('ok' in answers) return answers;

    for (const request of contactRequests(lead, settings, base, answers.placed)) {
      const sent = await call.send(request.method, request.url, { ...request, messageOf, retryAfterOf });
      if (!sent.ok) return sent.outcome;
    }
    return call.done(answers.leftOut);
  },
  async preview(lead, settings, fields) {
    const base = mailchimpBase(settings.api_key);
    if (!base) return 'The Mailchimp API key must end in its data centre, e.g. -us6';
    const placed = await previewAnswers(lead, fields, {
      handleOf: mergeTag,
      refOf: (tag) => tag,
    });
    const call = previewCall([settings.api_key]);
    return contactRequests(lead, settings, base, placed).map((request, index) => call.describe(requestLabels[index]!, request));
  },
};
