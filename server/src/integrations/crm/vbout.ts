import { z } from 'zod';
import { CrmCall, previewCall, type CallAnswer, type CrmRequest } from './crmHttp.ts';
import type { CrmProvider, DeliveryOutcome, Lead } from './crmProvider.ts';

/**
 * Vbout, reference crm-webhooks-payments.md A8: `https://api.vbout.com/1` with the API key as the
 * `key` query parameter. The upsert is `POST /emailmarketing/synccontact.json` (`email`, `listid`;
 * "all emails having the same email … will be updated if exists"), sent as form data with
 * `status=active` when the visitor consented, `disactive` (Vbout's word) when not. Answers come in the
 * envelope `{response:{header, data}}`: success is `response.data.item`, a refusal `data.errorCode` /
 * `data.errorMessage` (client code only), which cannot succeed on retry. No tags, and custom fields
 * are keyed by numeric field ids the settings do not carry, so only the email goes to the list. No
 * rate limit is documented; a 429 is still honoured.
 */
export const vboutSettings = z.object({
  api_key: z.string().trim().min(1, 'Enter your Vbout API key'),
  /** The list id (numeric, from GET /emailmarketing/getLists); required by Vbout. */
  campaignid: z.string().trim().regex(/^\d+$/, 'Enter the Vbout list id (a number)'),
});
export type VboutSettings = z.infer<typeof vboutSettings>;

export const vboutSyncUrl = 'https://api.vbout.com/1/emailmarketing/synccontact.json';

interface Envelope {
  response?: { header?: unknown; data?: { item?: unknown; errorCode?: unknown; errorMessage?: unknown } };
}

function envelopeError(answer: CallAnswer): string | undefined {
  const data = (answer.json as Envelope | undefined)?.response?.data;
  if (!data || (data.errorCode === undefined && data.errorMessage === undefined)) return undefined;
  const message = typeof data.errorMessage === 'string' && data.errorMessage ? data.errorMessage : 'error';
  return data.errorCode === undefined ? message : `${message} (error ${String(data.errorCode)})`;
}

/** The request that carries the lead: the contact's sync to the list, active with consent. */
function syncRequest(lead: Lead, settings: VboutSettings): CrmRequest {
  return {
    method: 'POST',
    url: `${vboutSyncUrl}?${new URLSearchParams({ key: settings.api_key }).toString()}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      email: lead.email,
      listid: settings.campaignid,
      status: lead.consent ? 'active' : 'disactive',
    }).toString(),
  };
}

export const vbout: CrmProvider<VboutSettings> = {
  id: 'vbout',
  label: 'Vbout',
  settings: vboutSettings,
  secretFields: ['api_key'],
  async upsertContact(lead, settings, fetch): Promise<DeliveryOutcome> {
    const crm = new CrmCall(fetch, [settings.api_key]);
    const request = syncRequest(lead, settings);
    const sent = await crm.send(request.method, request.url, {
      ...request,
      messageOf: envelopeError,
    });
    if (!sent.ok) return sent.outcome;
    const refused = envelopeError(sent.answer);
    if (refused) return crm.fail(false, `Vbout refused the contact: ${refused}`);
    if ((sent.answer.json as Envelope | undefined)?.response?.data?.item === undefined) {
      return crm.fail(true, `Vbout answered ${sent.answer.status} without the contact: ${sent.answer.text.slice(0, 300)}`);
    }
    return crm.done();
  },
  async preview(lead, settings) {
    return [previewCall([settings.api_key]).describe('Add or update the contact', syncRequest(lead, settings))];
  },
};
