import { z } from 'zod';
import { CrmCall, previewCall, stringAt, type CallAnswer, type CrmRequest } from './crmHttp.ts';
import type { CrmProvider, DeliveryOutcome, Lead } from './crmProvider.ts';

/**
 * Acumbamail, reference crm-webhooks-payments.md A12: `POST https://acumbamail.com/api/1/addSubscriber/`
 * (the trailing slash is part of the path), form-urlencoded: `auth_token`, `list_id`,
 * `merge_fields[email]`, `double_optin=0`, `update_subscriber=1` (so a second lead updates the
 * subscriber instead of being refused), `complete_json=1`, `response_type=json`. The answer is JSON with
 * the subscriber id; its error shapes are unverified, so an `error`/`message` field of the body is the
 * owner's message. Merge fields other than the email exist only when the owner created them in the
 * list, and Acumbamail has no tags, so only the email is sent. A 429 is honoured like anywhere else.
 */
export const acumbamailSettings = z.object({
  api_key: z.string().trim().min(1, 'Enter your Acumbamail auth token'),
  /** The list id; required by addSubscriber. */
  campaignid: z.string().trim().regex(/^\d+$/, 'Enter the Acumbamail list id (a number)'),
});
export type AcumbamailSettings = z.infer<typeof acumbamailSettings>;

export const acumbamailAddSubscriberUrl = 'https://acumbamail.com/api/1/addSubscriber/';

function messageOf(answer: CallAnswer): string | undefined {
  return stringAt(answer.json, 'error') ?? stringAt(answer.json, 'message');
}

/** The request that carries the lead: the subscriber's add (or update) to the list. */
function subscriberRequest(lead: Lead, settings: AcumbamailSettings): CrmRequest {
  const form = new URLSearchParams({
    auth_token: settings.api_key,
    list_id: settings.campaignid,
    'merge_fields[email]': lead.email,
    double_optin: '0',
    update_subscriber: '1',
    complete_json: '1',
    response_type: 'json',
  });
  return {
    method: 'POST',
    url: acumbamailAddSubscriberUrl,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: form.toString(),
  };
}

export const acumbamail: CrmProvider<AcumbamailSettings> = {
  id: 'acumbamail',
  label: 'Acumbamail',
  settings: acumbamailSettings,
  secretFields: ['api_key'],
  async upsertContact(lead, settings, fetch): Promise<DeliveryOutcome> {
    const crm = new CrmCall(fetch, [settings.api_key]);
    const request = subscriberRequest(lead, settings);
    const sent = await crm.send(request.method, request.url, {
      ...request,
      messageOf,
    });
    if (!sent.ok) return sent.outcome;
    const refused = messageOf(sent.answer);
    if (refused && stringAt(sent.answer.json, 'subscriber_id') === undefined) {
      return crm.fail(false, `Acumbamail refused the subscriber: ${refused}`);
    }
    return crm.done();
  },
  async preview(lead, settings) {
    return [previewCall([settings.api_key]).describe('Add or update the subscriber', subscriberRequest(lead, settings))];
  },
};
