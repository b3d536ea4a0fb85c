import { z } from 'zod';
import { CrmCall, leadTags, resultFields, retryAfterHeader, splitName, type CallAnswer } from './crmHttp.ts';
import type { CrmProvider, DeliveryOutcome } from './crmProvider.ts';

/**
 * Klaviyo, reference crm-webhooks-payments.md A11 (revisioned JSON:API, v1/v2 retired):
 * `https://a.klaviyo.com/api` with `Authorization: Klaviyo-API-Key <private key>`, the required
 * `revision` header, and `application/vnd.api+json` both ways.
 * 1. `POST /api/profile-import` upserts the profile by email (201 new, 200 updated): first and last
 *    name, and the lead's source, result and tags as custom `properties`.
 * 2. With a list and the visitor's consent, `POST /api/profile-subscription-bulk-create-jobs`
 *    subscribes the email to the list's email marketing (202, empty body; the list's double opt-in
 *    applies; no custom properties allowed there). Without consent nothing subscribes it.
 * Klaviyo has no tags on profiles (its tags label campaigns, flows, lists), so tags are a property.
 * A 429 waits for Retry-After (or RateLimit-Reset).
 */
export const klaviyoRevision = '2026-04-15';
export const klaviyoApi = 'https://a.klaviyo.com/api';

export const klaviyoSettings = z.object({
  /** The private API key (pk_…), the reference's `password` field. */
  password: z.string().trim().min(1, 'Enter your Klaviyo private API key'),
  /** The list id (e.g. Y6nRLr); empty: the profile is imported but not subscribed to a list. */
  campaignid: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]*$/, 'The Klaviyo list id has only letters and digits')
    .optional(),
});
export type KlaviyoSettings = z.infer<typeof klaviyoSettings>;

function messageOf(answer: CallAnswer): string | undefined {
  const errors = (answer.json as { errors?: { detail?: unknown; title?: unknown }[] } | undefined)?.errors;
  const first = Array.isArray(errors) ? errors[0] : undefined;
  const text = first?.detail ?? first?.title;
  return typeof text === 'string' && text ? text : undefined;
}

function retryAfterOf(answer: CallAnswer): number | undefined {
  const reset = answer.headers.get('ratelimit-reset');
  return retryAfterHeader(answer.headers) ?? (reset && /^\d+$/.test(reset) ? Number(reset) * 1000 : undefined);
}

export const klaviyo: CrmProvider<KlaviyoSettings> = {
  id: 'klaviyo',
  label: 'Klaviyo',
  settings: klaviyoSettings,
  secretFields: ['password'],
  async upsertContact(lead, settings, fetch): Promise<DeliveryOutcome> {
    const crm = new CrmCall(fetch, [settings.password]);
    const headers = {
      authorization: `Klaviyo-API-Key ${settings.password}`,
      revision: klaviyoRevision,
      accept: 'application/vnd.api+json',
      'content-type': 'application/vnd.api+json',
    };
    const { first, last } = splitName(lead.name);
    const properties: Record<string, unknown> = {};
    for (const field of resultFields(lead)) properties[`Quizlead ${field.name}`] = field.value;
    const tags = leadTags(lead, undefined);
    if (tags.length > 0) properties['Quizlead Tags'] = tags;
    const attributes: Record<string, unknown> = { email: lead.email };
    if (first) attributes.first_name = first;
    if (last) attributes.last_name = last;
    attributes.properties = properties;
    const imported = await crm.send('POST', `${klaviyoApi}/profile-import`, {
      headers,
      body: JSON.stringify({ data: { type: 'profile', attributes } }),
      messageOf,
      retryAfterOf,
    });
    if (!imported.ok) return imported.outcome;
    if (!settings.campaignid || !lead.consent) return crm.done();
    const job = {
      data: {
        type: 'profile-subscription-bulk-create-job',
        attributes: {
          custom_source: 'Quizlead',
          profiles: {
            data: [
              {
                type: 'profile',
                attributes: { email: lead.email, subscriptions: { email: { marketing: { consent: 'SUBSCRIBED' } } } },
              },
            ],
          },
          historical_import: false,
        },
        relationships: { list: { data: { type: 'list', id: settings.campaignid } } },
      },
    };
    const subscribed = await crm.send('POST', `${klaviyoApi}/profile-subscription-bulk-create-jobs`, {
      headers,
      body: JSON.stringify(job),
      messageOf,
      retryAfterOf,
    });
    return subscribed.ok ? crm.done() : subscribed.outcome;
  },
};
