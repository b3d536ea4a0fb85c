import { z } from 'zod';
import { fieldName, fieldTypeOf, placeAnswers, previewAnswers, type PlacedAnswer, type ProviderField } from './crmFields.ts';
import { CrmCall, previewCall, retryAfterHeader, splitName, stringAt, type CallAnswer, type CrmRequest } from './crmHttp.ts';
import type { CrmProvider, DeliveryOutcome, Lead } from './crmProvider.ts';

/**
 * Brevo (formerly Sendinblue), reference crm-webhooks-payments.md A10: `POST
 * https://api.brevo.com/v3/contacts` with the `api-key` header and JSON `{email,
 * attributes:{FIRSTNAME,LASTNAME}, listIds:[int], updateEnabled:true}`. 201 `{id}` creates, 204
 * updates; without `updateEnabled` an existing email would be 400 duplicate_parameter, so it is always
 * sent. The contact joins the list (`listIds`) only with the visitor's consent. No tags (lists only).
 * Attribute keys must already exist in the account, so each answer's attribute (`<ITEM KEY>__<KEY>`, upper
 * case, marketing-stack-and-languages.md B3) is found with `GET /v3/contacts/attributes` and created
 * with `POST /v3/contacts/attributes/normal/{NAME} {type: float|text}` (several choices joined) before
 * the contact is sent with it. A 429 waits for Retry-After or `x-sib-ratelimit-reset`
 * (seconds).
 */
export const brevoSettings = z.object({
  api_key: z.string().trim().min(1, 'Enter your Brevo API key'),
  /** The list id (Brevo's listIds are integers); empty: no list. */
  campaignid: z.string().trim().regex(/^\d*$/, 'The Brevo list id is a number').optional(),
});
export type BrevoSettings = z.infer<typeof brevoSettings>;

export const brevoContactsUrl = 'https://api.brevo.com/v3/contacts';
const brevoAttributesUrl = `${brevoContactsUrl}/attributes`;

const messageOf = (answer: CallAnswer) => stringAt(answer.json, 'message') ?? stringAt(answer.json, 'code');
const retryAfterOf = (answer: CallAnswer) =>
  retryAfterHeader(answer.headers) ?? secondsHeader(answer.headers, 'x-sib-ratelimit-reset');

const headersOf = (settings: BrevoSettings) => ({
  'api-key': settings.api_key,
  'content-type': 'application/json',
  accept: 'application/json',
});

/** The attribute an answer goes to: `<ITEM KEY>__<PROPERTY KEY>`, Brevo's attribute names being upper case. */
const attributeOf = (itemKey: string, propertyKey: string) => fieldName(itemKey, propertyKey).toUpperCase();

/** The request that carries the lead: the contact's create-or-update with its attributes and list. */
function contactRequest(lead: Lead, settings: BrevoSettings, placed: PlacedAnswer[]): CrmRequest {
  const { first, last } = splitName(lead.name);
  const attributes: Record<string, string | number> = {};
  if (first) attributes.FIRSTNAME = first;
  if (last) attributes.LASTNAME = last;
  for (const { field, value } of placed) attributes[field.ref] = value;
  const body: Record<string, unknown> = { email: lead.email, attributes, updateEnabled: true };
  if (settings.campaignid && lead.consent) body.listIds = [Number(settings.campaignid)];
  return { method: 'POST', url: brevoContactsUrl, headers: headersOf(settings), body: JSON.stringify(body) };
}

export const brevo: CrmProvider<BrevoSettings> = {
  id: 'brevo',
  label: 'Brevo (formerly Sendinblue)',
  settings: brevoSettings,
  secretFields: ['api_key'],
  async upsertContact(lead, settings, fetch, { fields }): Promise<DeliveryOutcome> {
    const crm = new CrmCall(fetch, [settings.api_key]);
    const options = { headers: headersOf(settings), messageOf, retryAfterOf };
    const answers = await placeAnswers(lead, fields, {
      handleOf: attributeOf,
      async list() {
        const listed = await crm.send('GET', brevoAttributesUrl, options);
        if (!listed.ok) return listed.outcome;
        const all = (listed.answer.json as { attributes?: unknown } | undefined)?.attributes;
        return (Array.isArray(all) ? all : []).flatMap((attribute): ProviderField[] => {
          const name = stringAt(attribute, 'name');
          return name ? [{ handle: name, ref: name, type: stringAt(attribute, 'type') === 'float' ? 'number' : 'text' }] : [];
        });
      },
      async create(name, answer) {
        const type = fieldTypeOf(answer);
        const created = await crm.send('POST', `${brevoAttributesUrl}/normal/${encodeURIComponent(name)}`, {
          ...options,
          body: JSON.stringify({ type: type === 'number' ? 'float' : 'text' }),
        });
        return created.ok ? { handle: name, ref: name, type } : created.outcome;
      },
    });
    if ('ok' in answers) return answers;

    const request = contactRequest(lead, settings, answers.placed);
    const sent = await crm.send(request.method, request.url, { ...options, body: request.body });
    return sent.ok ? crm.done(answers.leftOut) : sent.outcome;
  },
  async preview(lead, settings, fields) {
    const placed = await previewAnswers(lead, fields, {
      handleOf: attributeOf,
      refOf: (name) => name,
    });
    return [previewCall([settings.api_key]).describe('Create or update the contact', contactRequest(lead, settings, placed))];
  },
};

function secondsHeader(headers: Headers, name: string): number | undefined {
  const value = headers.get(name);
  return value && /^\d+(\.\d+)?$/.test(value.trim()) ? Math.round(Number(value) * 1000) : undefined;
}
