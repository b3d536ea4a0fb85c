import { z } from 'zod';
import { CrmCall, retryAfterHeader, splitName, stringAt } from './crmHttp.ts';
import type { CrmProvider, DeliveryOutcome } from './crmProvider.ts';

/**
 * Brevo (formerly Sendinblue), reference crm-webhooks-payments.md A10: `POST
 * https://api.brevo.com/v3/contacts` with the `api-key` header and JSON `{email,
 * attributes:{FIRSTNAME,LASTNAME}, listIds:[int], updateEnabled:true}`. 201 `{id}` creates, 204
 * updates; without `updateEnabled` an existing email would be 400 duplicate_parameter, so it is always
 * sent. The contact joins the list (`listIds`) only with the visitor's consent. No tags (lists only),
 * and attribute keys must already exist in the account, so only the standard FIRSTNAME/LASTNAME are
 * sent (the result has nowhere safe to go). A 429 waits for Retry-After or `x-sib-ratelimit-reset`
 * (seconds).
 */
export const brevoSettings = z.object({
  api_key: z.string().trim().min(1, 'Enter your Brevo API key'),
  /** The list id (Brevo's listIds are integers); empty: no list. */
  campaignid: z.string().trim().regex(/^\d*$/, 'The Brevo list id is a number').optional(),
});
export type BrevoSettings = z.infer<typeof brevoSettings>;

export const brevoContactsUrl = 'https://api.brevo.com/v3/contacts';

export const brevo: CrmProvider<BrevoSettings> = {
  id: 'brevo',
  label: 'Brevo (formerly Sendinblue)',
  settings: brevoSettings,
  secretFields: ['api_key'],
  async upsertContact(lead, settings, fetch): Promise<DeliveryOutcome> {
    const crm = new CrmCall(fetch, [settings.api_key]);
    const { first, last } = splitName(lead.name);
    const attributes: Record<string, string> = {};
    if (first) attributes.FIRSTNAME = first;
    if (last) attributes.LASTNAME = last;
    const body: Record<string, unknown> = { email: lead.email, attributes, updateEnabled: true };
    if (settings.campaignid && lead.consent) body.listIds = [Number(settings.campaignid)];
    const sent = await crm.send('POST', brevoContactsUrl, {
      headers: { 'api-key': settings.api_key, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      messageOf: (answer) => stringAt(answer.json, 'message') ?? stringAt(answer.json, 'code'),
      retryAfterOf: (answer) => retryAfterHeader(answer.headers) ?? secondsHeader(answer.headers, 'x-sib-ratelimit-reset'),
    });
    return sent.ok ? crm.done() : sent.outcome;
  },
};

function secondsHeader(headers: Headers, name: string): number | undefined {
  const value = headers.get(name);
  return value && /^\d+(\.\d+)?$/.test(value.trim()) ? Math.round(Number(value) * 1000) : undefined;
}
