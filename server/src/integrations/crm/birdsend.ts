import { z } from 'zod';
import { CrmCall, leadTags, previewCall, retryAfterOr, splitName, stringAt, type CrmRequest, laravelMessage } from './crmHttp.ts';
import type { CrmProvider, DeliveryOutcome, Lead } from './crmProvider.ts';

/**
 * BirdSend, reference crm-webhooks-payments.md A6: `https://api.birdsend.co/v1`, JSON only,
 * `Authorization: Bearer <personal access token>`. The contact is looked up first with
 * `GET /contacts?search_by=email&keyword=<email>` (`data[0].contact_id`); a new one is created with
 * `POST /contacts {email, fields:{first_name, last_name}, tags:[names]}` (201 `{contact_id}`, tag names
 * inline). BirdSend's duplicate answer is unverified, so an existing contact is never POSTed again: it
 * is updated with `PATCH /contacts/{contact_id}` and the same body without the email (BirdSend's
 * update call, not in the reference), and a create that races another one and is refused as a
 * duplicate (422) falls back to the lookup and update. 5 requests/s: a 429 waits Retry-After, else 1 s.
 */
export const birdSendSettings = z.object({
  api_key: z.string().trim().min(1, 'Enter your BirdSend personal access token'),
  tag: z.string().trim().optional(),
});
export type BirdSendSettings = z.infer<typeof birdSendSettings>;

export const birdSendApi = 'https://api.birdsend.co/v1';

const messageOf = laravelMessage;

const retryAfterOf = retryAfterOr(1000);

const headersOf = (settings: BirdSendSettings) => ({ Authorization: `Bearer ${settings.api_key}`, Accept: 'application/json' });

/** The requests that carry the lead: a new contact's create, or an existing one's update by its id. */
function contactRequests(lead: Lead, settings: BirdSendSettings) {
  const headers = { ...headersOf(settings), 'Content-Type': 'application/json' };
  const { first, last } = splitName(lead.name);
  const fields: Record<string, string> = {};
  if (first) fields.first_name = first;
  if (last) fields.last_name = last;
  const tags = leadTags(lead, settings.tag);
  return {
    create: {
      method: 'POST',
      url: `${birdSendApi}/contacts`,
      headers,
      body: JSON.stringify({ email: lead.email, fields, tags }),
    },
    update: (contactId: string): CrmRequest => ({
      method: 'PATCH',
      url: `${birdSendApi}/contacts/${encodeURIComponent(contactId)}`,
      headers,
      body: JSON.stringify({ fields, tags }),
    }),
  };
}

export const birdSend: CrmProvider<BirdSendSettings> = {
  id: 'birdsend',
  label: 'BirdSend',
  settings: birdSendSettings,
  secretFields: ['api_key'],
  async upsertContact(lead, settings, fetch): Promise<DeliveryOutcome> {
    const call = new CrmCall(fetch, [settings.api_key]);
    const headers = headersOf(settings);
    const options = { messageOf, retryAfterOf };
    const requests = contactRequests(lead, settings);

    const lookup = async () => {
      const found = await call.send('GET', `${birdSendApi}/contacts?search_by=email&keyword=${encodeURIComponent(lead.email)}`, {
        headers,
        ...options,
      });
      if (!found.ok) return found;
      const data = (found.answer.json as { data?: unknown } | undefined)?.data;
      const match = Array.isArray(data)
        ? data.find((contact) => stringAt(contact, 'email')?.toLowerCase() === lead.email.toLowerCase())
        : undefined;
      return { ok: true as const, contactId: stringAt(match, 'contact_id') };
    };
    const update = async (contactId: string) => {
      const request = requests.update(contactId);
      const updated = await call.send(request.method, request.url, { ...request, ...options });
      return updated.ok ? call.done() : updated.outcome;
    };

    const existing = await lookup();
    if (!existing.ok) return existing.outcome;
    if (existing.contactId) return update(existing.contactId);
    const created = await call.send(requests.create.method, requests.create.url, {
      ...requests.create,
      accept: (status) => (status >= 200 && status < 300) || status === 422,
      ...options,
    });
    if (!created.ok) return created.outcome;
    if (created.answer.status !== 422) return call.done();
    const raced = await lookup();
    if (!raced.ok) return raced.outcome;
    return raced.contactId ? update(raced.contactId) : call.failFrom(created.answer, messageOf);
  },
  async preview(lead, settings) {
    const call = previewCall([settings.api_key]);
    const requests = contactRequests(lead, settings);
    return [
      call.describe('Add the contact', requests.create),
      call.describe('If the email is already a contact: update it', requests.update('{contact id}')),
    ];
  },
};
