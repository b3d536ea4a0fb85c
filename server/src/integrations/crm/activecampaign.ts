import { z } from 'zod';
import {
  fieldIdPlaceholder,
  fieldName,
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
 * ActiveCampaign API v3, reference crm-webhooks-payments.md A3: the account's API URL
 * (`activecampaign_account`: a full URL, a host, or just the account name for `{account}.api-us1.com`,
 * on ActiveCampaign's own hosts only)
 * plus `/api/3`, header `Api-Token: <key>`. The contact is upserted with
 * `POST /api/3/contact/sync {contact:{email, firstName, lastName}}` (201 created, 200 updated); with
 * consent it is subscribed to the list (`campaignid`) with `POST /api/3/contactLists
 * {contactList:{list, contact, status:1}}`; each tag name is found with `GET /api/3/tags?search=` (a
 * partial match: the exact name is picked), created with `POST /api/3/tags` when missing, and put on the
 * contact with `POST /api/3/contactTags {contactTag:{contact, tag}}`. The result travels as tags. Each
 * answer goes as a custom field titled `<item key>__<key>` (marketing-stack-and-languages.md B2): found
 * with `GET /api/3/fields?limit=100&offset=` (every page), else created with `POST /api/3/fields
 * {field:{title, type, descript}}` (`textarea` for typed text, `text` otherwise: ActiveCampaign has no
 * number type, and option lists are not known up front, so several choices are joined) and related to
 * all lists with `POST /api/3/fieldRels {fieldRel:{field, relid:0}}`; the values ride on the sync as
 * `fieldValues:[{field:"<id>", value}]`. 5 requests/s: a 429 waits Retry-After, else 1 s.
 */
export const activeCampaignMessages = {
  required: 'Enter your ActiveCampaign API URL, e.g. https://youraccount.api-us1.com',
  hostRefused:
    'Enter your ActiveCampaign API URL from Settings → Developer: https://youraccount.api-us1.com or https://youraccount.activehosted.com',
};

export const activeCampaignSettings = z.object({
  api_key: z.string().trim().min(1, 'Enter your ActiveCampaign API key'),
  activecampaign_account: z
    .string()
    .trim()
    .min(1, activeCampaignMessages.required)
    .refine((value) => activeCampaignBase(value) !== undefined, activeCampaignMessages.hostRefused),
  /** The list id. */
  campaignid: z.string().trim().regex(/^\d*$/, 'The ActiveCampaign list id is a number').optional(),
  tag: z.string().trim().optional(),
});
export type ActiveCampaignSettings = z.infer<typeof activeCampaignSettings>;

/**
 * The hosts ActiveCampaign gives its accounts (reference A3): one DNS label, the account's, on
 * api-us1.com or activehosted.com. Nothing else may receive the API token and the leads: no IP
 * address, no port, no user info, no other domain (the settings are an owner's, so an SSRF door).
 */
const activeCampaignHost = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.(?:api-us1\.com|activehosted\.com)$/;

/** `https://acme.api-us1.com/api/3` from a full https URL, a host or an account name; undefined for any other host. */
export function activeCampaignBase(account: string): string | undefined {
  const value = account.trim();
  const text = /^[a-z][a-z0-9+.-]*:/i.test(value)
    ? value
    : `https://${value.includes('.') || value.includes(':') ? value : `${value}.api-us1.com`}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return undefined;
  return activeCampaignHost.test(url.hostname) ? `https://${url.hostname}/api/3` : undefined;
}

function messageOf(answer: CallAnswer): string | undefined {
  const errors = (answer.json as { errors?: unknown } | undefined)?.errors;
  if (Array.isArray(errors) && errors.length) {
    return errors
      .map((error) => [stringAt(error, 'title'), stringAt(error, 'detail')].filter(Boolean).join(': '))
      .filter(Boolean)
      .join('; ');
  }
  return stringAt(answer.json, 'message');
}

const retryAfterOf = retryAfterOr(1000);

const headersOf = (settings: ActiveCampaignSettings) => ({ 'Api-Token': settings.api_key, Accept: 'application/json' });
const jsonHeadersOf = (settings: ActiveCampaignSettings) => ({ ...headersOf(settings), 'Content-Type': 'application/json' });

/** An id ActiveCampaign answers, a number in its bodies; a preview's placeholder stays as it is. */
const idOf = (id: string) => (/^\d+$/.test(id) ? Number(id) : id);

/**
 * The requests that carry the lead, built for the send and the preview alike: the contact's sync with its
 * field values; its subscription to the list; one contactTag per tag id.
 */
const requests = {
  sync(lead: Lead, settings: ActiveCampaignSettings, base: string, placed: PlacedAnswer[]): CrmRequest {
    const { first, last } = splitName(lead.name);
    const contact: Record<string, unknown> = { email: lead.email };
    if (first) contact.firstName = first;
    if (last) contact.lastName = last;
    // The contact's documented phone (A3), in E.164; ActiveCampaign has no SMS consent in its contact body.
    if (lead.phone) contact.phone = lead.phone;
    if (placed.length) contact.fieldValues = placed.map(({ field, value }) => ({ field: field.ref, value: String(value) }));
    return { method: 'POST', url: `${base}/contact/sync`, headers: jsonHeadersOf(settings), body: JSON.stringify({ contact }) };
  },
  list(settings: ActiveCampaignSettings, base: string, contactId: string): CrmRequest {
    const contactList = { list: Number(settings.campaignid), contact: idOf(contactId), status: 1 };
    return {
      method: 'POST',
      url: `${base}/contactLists`,
      headers: jsonHeadersOf(settings),
      body: JSON.stringify({ contactList }),
    };
  },
  tag(settings: ActiveCampaignSettings, base: string, contactId: string, tagId: string): CrmRequest {
    const contactTag = { contact: idOf(contactId), tag: idOf(tagId) };
    return { method: 'POST', url: `${base}/contactTags`, headers: jsonHeadersOf(settings), body: JSON.stringify({ contactTag }) };
  },
};

export const activeCampaign: CrmProvider<ActiveCampaignSettings> = {
  id: 'activecampaign',
  label: 'ActiveCampaign',
  settings: activeCampaignSettings,
  secretFields: ['api_key'],
  async upsertContact(lead, settings, fetch, { fields }): Promise<DeliveryOutcome> {
    const call = new CrmCall(fetch, [settings.api_key]);
    const base = activeCampaignBase(settings.activecampaign_account);
    if (!base) return call.fail(false, 'The ActiveCampaign API URL is not valid');
    const headers = headersOf(settings);
    const options = { messageOf, retryAfterOf };
    const post = (path: string, body: unknown) =>
      call.send('POST', `${base}${path}`, { headers: jsonHeadersOf(settings), body: JSON.stringify(body), ...options });
    const send = (request: CrmRequest) => call.send(request.method, request.url, { ...request, ...options });

    const answers = await placeAnswers(lead, fields, {
      handleOf: fieldName,
      async list() {
        const found: ProviderField[] = [];
        for (let offset = 0; ; offset += 100) {
          const page = await call.send('GET', `${base}/fields?limit=100&offset=${offset}`, { headers, ...options });
          if (!page.ok) return page.outcome;
          const json = page.answer.json as { fields?: unknown; meta?: { total?: unknown } } | undefined;
          const items = Array.isArray(json?.fields) ? (json.fields as unknown[]) : [];
          for (const item of items) {
            const title = stringAt(item, 'title');
            const id = stringAt(item, 'id');
            if (title && id) found.push({ handle: title, ref: id, type: 'text' });
          }
          if (items.length < 100 || offset + 100 >= Number(stringAt(json?.meta, 'total') ?? 0)) return found;
        }
      },
      async create(title, answer) {
        const created = await post('/fields', {
          field: { title, type: answer.type === 'text' ? 'textarea' : 'text', descript: answer.question.slice(0, 255) },
        });
        if (!created.ok) return created.outcome;
        const id = stringAt((created.answer.json as { field?: unknown } | undefined)?.field, 'id');
        if (!id) return call.fail(true, 'ActiveCampaign answered the new field without an id');
        const related = await post('/fieldRels', { fieldRel: { field: Number(id), relid: 0 } });
        if (!related.ok) return related.outcome;
        return { handle: title, ref: id, type: 'text' as const };
      },
    });
    if ('ok' in answers) return answers;

    const synced = await send(requests.sync(lead, settings, base, answers.placed));
    if (!synced.ok) return synced.outcome;
    const contactId = stringAt((synced.answer.json as { contact?: unknown } | undefined)?.contact, 'id');
    if (!contactId) return call.fail(true, 'ActiveCampaign answered the sync without a contact id');

    if (settings.campaignid && lead.consent) {
      const listed = await send(requests.list(settings, base, contactId));
      if (!listed.ok) return listed.outcome;
    }

    for (const name of leadTags(lead, settings.tag)) {
      const found = await call.send('GET', `${base}/tags?search=${encodeURIComponent(name)}`, { headers, ...options });
      if (!found.ok) return found.outcome;
      const tags = (found.answer.json as { tags?: unknown } | undefined)?.tags;
      let tagId = stringAt(Array.isArray(tags) ? tags.find((tag) => stringAt(tag, 'tag') === name) : undefined, 'id');
      if (!tagId) {
        const created = await post('/tags', { tag: { tag: name, tagType: 'contact', description: '' } });
        if (!created.ok) return created.outcome;
        tagId = stringAt((created.answer.json as { tag?: unknown } | undefined)?.tag, 'id');
      }
      if (!tagId) continue;
      const tagged = await send(requests.tag(settings, base, contactId, tagId));
      if (!tagged.ok) return tagged.outcome;
    }
    return call.done(answers.leftOut);
  },
  async preview(lead, settings, fields) {
    const base = activeCampaignBase(settings.activecampaign_account);
    if (!base) return 'The ActiveCampaign API URL is not valid';
    const placed = await previewAnswers(lead, fields, {
      handleOf: fieldName,
      refOf: fieldIdPlaceholder,
      typeOf: () => 'text',
    });
    const call = previewCall([settings.api_key]);
    const contactId = '{contact id}';
    const subscribe = settings.campaignid && lead.consent;
    return [
      call.describe('Add or update the contact', requests.sync(lead, settings, base, placed)),
      ...(subscribe ? [call.describe('Subscribe it to the list', requests.list(settings, base, contactId))] : []),
      ...leadTags(lead, settings.tag).map((name) =>
        call.describe(`Tag it "${name}"`, requests.tag(settings, base, contactId, `{tag id: ${name}}`)),
      ),
    ];
  },
};
