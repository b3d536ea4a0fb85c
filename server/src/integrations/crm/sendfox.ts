import { z } from 'zod';
import { CrmCall, leadTags, previewCall, resultFields, splitName, stringAt, type CrmRequest } from './crmHttp.ts';
import type { CrmProvider, DeliveryOutcome, Lead } from './crmProvider.ts';

/**
 * SendFox, reference crm-webhooks-payments.md A7: `POST https://api.sendfox.com/contacts` with
 * `Authorization: Bearer <personal access token>` and JSON `{email, first_name, last_name,
 * lists:[int], contact_fields:[{name, value}]}`; any 2xx answers the contact. The API needs a Lifetime
 * or Empire plan: on the Free plan every endpoint answers 402 "API access requires a paid plan.",
 * which cannot succeed on retry. The contact joins the list only with the visitor's consent. No tags:
 * the list is the list id, and the lead's result and tags go in contact_fields. Errors are Laravel's
 * `{message, errors}` (422 validation); 60 requests a minute, then 429 with Retry-After.
 */
export const sendfoxSettings = z.object({
  api_key: z.string().trim().min(1, 'Enter your SendFox personal access token'),
  /** The list id (an integer); empty: no list. */
  campaignid: z.string().trim().regex(/^\d*$/, 'The SendFox list id is a number').optional(),
});
export type SendfoxSettings = z.infer<typeof sendfoxSettings>;

export const sendfoxContactsUrl = 'https://api.sendfox.com/contacts';

/** The request that carries the lead: the contact with its list (with consent) and the result as contact fields. */
function contactRequest(lead: Lead, settings: SendfoxSettings): CrmRequest {
  const { first, last } = splitName(lead.name);
  const contactFields = resultFields(lead);
  const tags = leadTags(lead, undefined);
  if (tags.length > 0) contactFields.push({ name: 'Tags', value: tags.join(', ') });
  const body: Record<string, unknown> = { email: lead.email, first_name: first, last_name: last };
  if (settings.campaignid && lead.consent) body.lists = [Number(settings.campaignid)];
  body.contact_fields = contactFields;
  return {
    method: 'POST',
    url: sendfoxContactsUrl,
    headers: { authorization: `Bearer ${settings.api_key}`, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  };
}

export const sendfox: CrmProvider<SendfoxSettings> = {
  id: 'sendfox',
  label: 'SendFox',
  settings: sendfoxSettings,
  secretFields: ['api_key'],
  async upsertContact(lead, settings, fetch): Promise<DeliveryOutcome> {
    const crm = new CrmCall(fetch, [settings.api_key]);
    const request = contactRequest(lead, settings);
    const sent = await crm.send(request.method, request.url, {
      ...request,
      accept: (status) => (status >= 200 && status < 300) || status === 402,
      messageOf: (answer) => stringAt(answer.json, 'message'),
    });
    if (!sent.ok) return sent.outcome;
    if (sent.answer.status === 402) {
      const own = stringAt(sent.answer.json, 'message') ?? 'API access requires a paid plan.';
      return crm.fail(false, `HTTP 402: ${own} SendFox opens its API only on a Lifetime or Empire plan.`);
    }
    return crm.done();
  },
  async preview(lead, settings) {
    return [previewCall([settings.api_key]).describe('Add the contact', contactRequest(lead, settings))];
  },
};
