import { z } from 'zod';
import {
  CrmCall,
  leadTags,
  previewCall,
  resultFields,
  retryAfterOr,
  splitName,
  stringAt,
  type CallAnswer,
  type CrmRequest,
} from './crmHttp.ts';
import type { CrmProvider, DeliveryOutcome, Lead } from './crmProvider.ts';

/**
 * Agile CRM, reference crm-webhooks-payments.md A2: `https://{agilecrm_domain}.agilecrm.com/dev/api`,
 * HTTP Basic with the user's email and the REST API key, and always `Accept: application/json` (the
 * default answer is XML). `POST /dev/api/contacts {tags:[names], properties:[{type:"SYSTEM", name:
 * "first_name"|"last_name"|"email"(subtype work), value}, {type:"CUSTOM", name, value}…]}` answers 200
 * with the contact. Not an upsert: a taken email is 400 "Sorry, duplicate contact found with the same
 * email address.", and then the contact is found with `GET /dev/api/contacts/search/email/{email}`
 * (204 = none) and updated with `PUT /dev/api/contacts/edit-properties {id, properties}` and
 * `PUT /dev/api/contacts/edit/tags {id, tags}`. The result goes in CUSTOM properties (Result, Score,
 * Personality…, Source, Marketing consent). first_name is mandatory: the email's local part stands in
 * for an empty name. Tag names start with a letter and hold only letters, digits, underscores and
 * spaces, so other characters become underscores. No documented rate limit: a 429 waits Retry-After, else 30 s.
 */
export const agileCrmSettings = z.object({
  agilecrm_domain: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]*$/i, 'Enter your Agile CRM domain: the part before .agilecrm.com'),
  agilecrm_email: z.string().trim().email('Enter the email you sign in to Agile CRM with'),
  api_key: z.string().trim().min(1, 'Enter your Agile CRM REST API key'),
  tag: z.string().trim().optional(),
});
export type AgileCrmSettings = z.infer<typeof agileCrmSettings>;

export const agileDuplicate = 'Sorry, duplicate contact found with the same email address.';

/** Agile CRM tag names: a letter first, then letters, digits, underscores and spaces. */
export function agileTagName(tag: string): string {
  return tag
    .replace(/[^A-Za-z0-9_ ]+/g, '_')
    .replace(/^[^A-Za-z]+/, '')
    .trim();
}

function messageOf(answer: CallAnswer): string | undefined {
  return (
    stringAt(answer.json, 'exception message') ??
    stringAt(answer.json, 'message') ??
    (answer.text.trim().slice(0, 300) || undefined)
  );
}

const retryAfterOf = retryAfterOr(30_000);

const baseOf = (settings: AgileCrmSettings) => `https://${settings.agilecrm_domain.toLowerCase()}.agilecrm.com/dev/api`;
const headersOf = (settings: AgileCrmSettings) => ({
  Authorization: `Basic ${Buffer.from(`${settings.agilecrm_email}:${settings.api_key}`).toString('base64')}`,
  Accept: 'application/json',
  'Content-Type': 'application/json',
});

/**
 * The requests that carry the lead, for the send and the preview alike: the contact's create with its
 * properties and tags; for an email already a contact, its properties' and tags' edit by the contact's id.
 */
function contactRequests(lead: Lead, settings: AgileCrmSettings) {
  const base = baseOf(settings);
  const headers = headersOf(settings);
  const { first, last } = splitName(lead.name);
  const properties: Record<string, string>[] = [
    { type: 'SYSTEM', name: 'first_name', value: first || lead.email.split('@')[0]! },
  ];
  if (last) properties.push({ type: 'SYSTEM', name: 'last_name', value: last });
  properties.push({ type: 'SYSTEM', name: 'email', subtype: 'work', value: lead.email });
  for (const field of resultFields(lead)) properties.push({ type: 'CUSTOM', name: field.name, value: field.value });
  properties.push({ type: 'CUSTOM', name: 'Marketing consent', value: lead.consent ? 'yes' : 'no' });
  const tags = [...new Set(leadTags(lead, settings.tag).map(agileTagName).filter(Boolean))];
  return {
    tags,
    create: { method: 'POST', url: `${base}/contacts`, headers, body: JSON.stringify({ tags, properties }) } as CrmRequest,
    editProperties: (id: unknown): CrmRequest => ({
      method: 'PUT',
      url: `${base}/contacts/edit-properties`,
      headers,
      // An empty name does not overwrite the first name the contact has (the email's local part only stands in on create).
      body: JSON.stringify({ id, properties: first ? properties : properties.slice(1) }),
    }),
    editTags: (id: unknown): CrmRequest => ({
      method: 'PUT',
      url: `${base}/contacts/edit/tags`,
      headers,
      body: JSON.stringify({ id, tags }),
    }),
  };
}

export const agileCrm: CrmProvider<AgileCrmSettings> = {
  id: 'agilecrm',
  label: 'Agile CRM',
  settings: agileCrmSettings,
  secretFields: ['api_key'],
  async upsertContact(lead, settings, fetch): Promise<DeliveryOutcome> {
    const call = new CrmCall(fetch, [settings.api_key]);
    const base = baseOf(settings);
    const headers = headersOf(settings);
    const options = { messageOf, retryAfterOf };
    const requests = contactRequests(lead, settings);

    const created = await call.send(requests.create.method, requests.create.url, {
      ...requests.create,
      accept: (status) => status === 200 || status === 400,
      ...options,
    });
    if (!created.ok) return created.outcome;
    if (created.answer.status === 200) return call.done();
    if (!created.answer.text.includes(agileDuplicate)) return call.failFrom(created.answer, messageOf);

    const found = await call.send('GET', `${base}/contacts/search/email/${encodeURIComponent(lead.email)}`, {
      headers: { Authorization: headers.Authorization, Accept: 'application/json' },
      ...options,
    });
    if (!found.ok) return found.outcome;
    const id = (found.answer.json as { id?: unknown } | undefined)?.id;
    if (found.answer.status === 204 || (typeof id !== 'number' && typeof id !== 'string')) {
      return call.fail(true, 'Agile CRM reported a duplicate contact but finds none for the email yet');
    }
    const edit = requests.editProperties(id);
    const edited = await call.send(edit.method, edit.url, { ...edit, ...options });
    if (!edited.ok) return edited.outcome;
    if (requests.tags.length) {
      const tag = requests.editTags(id);
      const tagged = await call.send(tag.method, tag.url, { ...tag, ...options });
      if (!tagged.ok) return tagged.outcome;
    }
    return call.done();
  },
  async preview(lead, settings) {
    const call = previewCall([settings.api_key]);
    const requests = contactRequests(lead, settings);
    const id = '{contact id}';
    return [
      call.describe('Add the contact', requests.create),
      call.describe('If the email is already a contact: update its properties', requests.editProperties(id)),
      ...(requests.tags.length ? [call.describe('If the email is already a contact: add its tags', requests.editTags(id))] : []),
    ];
  },
};
