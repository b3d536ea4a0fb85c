import { z } from 'zod';
import type { TLeadAnswer } from '@quizlead/shared/schemas/answerProperties.ts';
import {
  CrmCall,
  leadTags,
  previewCall,
  resultFields,
  retryAfterHeader,
  splitName,
  type CallAnswer,
  type CrmRequest,
} from './crmHttp.ts';
import type { CrmProvider, DeliveryOutcome, Lead } from './crmProvider.ts';

/**
 * Klaviyo, references crm-webhooks-payments.md A11 and marketing-stack-and-languages.md A (revisioned
 * JSON:API, v1/v2 retired): `https://a.klaviyo.com/api` with `Authorization: Klaviyo-API-Key <private
 * key>`, the required `revision` header, and `application/vnd.api+json` both ways. One delivery is:
 * 1. `POST /api/profile-import` upserts the profile by email (201 new, 200 updated): first and last
 *    name, the lead's source, result and tags as `Quizlead …` properties, and every answer as a
 *    property named `<item key>.<answer key>` (or the bare answer key when the owner chose flat names),
 *    typed as the answer is (text, number, list of texts). The body stays within the 100 KB cap.
 * 2. `POST /api/events` records one event for the submission (202, no body): the metric says what the
 *    visitor did (`metricName`), the properties carry every answer under its bare key plus the result,
 *    `time` is when the lead was captured and `unique_id` is the delivery's id, so a retried delivery is
 *    dropped by Klaviyo's dedupe (per profile + metric) instead of counting twice. No `value`: a Lead has
 *    no prices, and a made-up worth would mislead revenue reports.
 * 3. With a list and the visitor's consent, `POST /api/profile-subscription-bulk-create-jobs`
 *    subscribes the email to the list's email marketing (202, empty body; the list's double opt-in
 *    applies; no custom properties allowed there) with `custom_source` "Quizlead: <item title>". No
 *    `consented_at`: Klaviyo refuses it outside a historical import and stamps the time itself.
 *    Without consent the profile is stored and not subscribed.
 *    A phone (E.164) is the profile's `phone_number` in every call; with SMS consent the same job
 *    subscribes it to SMS marketing (`subscriptions.sms.marketing.consent = "SUBSCRIBED"`, A4), with the
 *    list when there is one and the account's default opt-in without. No SMS consent, no SMS channel.
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
  /**
   * Profile properties named by the answer's key alone (`skin_type`) instead of prefixed by the item's
   * key (`skin_quiz.skin_type`, the default, so two quizzes asking "budget" do not overwrite each other).
   */
  flat_properties: z.boolean().optional(),
});
export type KlaviyoSettings = z.infer<typeof klaviyoSettings>;

/**
 * Klaviyo's bounds (marketing-stack-and-languages.md A2, A3): at most 300 properties an event (the
 * guide's safe bound; the schema says 400), any string at most 100 KB, arrays at most 4,000 items, an
 * event payload at most 5 MB, a profile-import payload at most 100 KB.
 */
export const klaviyoLimits = {
  properties: 300,
  stringBytes: 100 * 1024,
  arrayItems: 4000,
  eventBytes: 5 * 1024 * 1024,
  profileBytes: 100 * 1024,
  metricName: 127,
} as const;

/** The property that says what was cut to fit the limits, so the owner sees the data is not whole. */
export const klaviyoNoteProperty = 'Quizlead note';

/**
 * The event's metric (Klaviyo creates one on its first use): a wheel spin that won a code is "Won a
 * prize", any other spin "Spun wheel"; a quiz with a result "Completed quiz", a vote "Voted in poll", a
 * web response "Sent web response"; a lead with nothing of these (a lead form before any result) "Left
 * a lead".
 */
export function metricName(lead: Lead): string {
  const { result } = lead;
  switch (lead.tool) {
    case 'wheel':
      return wonPrize(lead) ? 'Won a prize' : 'Spun wheel';
    case 'quiz':
      return [result.outcome, result.score, result.percentage, result.personality].some((value) => value !== undefined)
        ? 'Completed quiz'
        : 'Left a lead';
    case 'poll':
      return result.vote ? 'Voted in poll' : 'Left a lead';
    case 'feedback':
      return result.rating ? 'Sent web response' : 'Left a lead';
  }
}

/**
 * Whether a spin won a code: the wheel's lead carries the option as "<text> (<code>)" when the option
 * has a code (eventResult in shared/src/schemas/events.ts), the bare text when it has none.
 */
function wonPrize(lead: Lead): boolean {
  return /\([^()]+\)$/.test(lead.result.prize ?? '');
}

type PropertyValue = TLeadAnswer['value'];

function answerProperties(lead: Lead, name: (answer: TLeadAnswer) => string): Record<string, PropertyValue> {
  const out: Record<string, PropertyValue> = {};
  for (const answer of lead.answers) out[name(answer)] = answer.value;
  return out;
}

/** The profile's properties: the result as today (`Quizlead Result`…), then every answer. */
function profileProperties(lead: Lead, settings: KlaviyoSettings): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const field of resultFields(lead)) properties[`Quizlead ${field.name}`] = field.value;
  const tags = leadTags(lead, undefined);
  if (tags.length > 0) properties['Quizlead Tags'] = tags;
  const prefix = settings.flat_properties ? '' : `${lead.itemKey}.`;
  return { ...properties, ...answerProperties(lead, (answer) => `${prefix}${answer.key}`) };
}

/**
 * The event's properties: every answer under its bare key (the metric already names the kind of item,
 * `Item ID` which one), then the item and the result, typed, under capitalised names that no answer
 * key (`[a-z0-9_]`) can take.
 */
function eventProperties(lead: Lead): Record<string, unknown> {
  const { result } = lead;
  const properties: Record<string, unknown> = answerProperties(lead, (answer) => answer.key);
  properties['Item ID'] = lead.item.id;
  properties['Item title'] = lead.item.title;
  properties['Item type'] = lead.tool;
  const typed: [string, string | number | undefined][] = [
    ['Outcome', result.outcome],
    ['Score', result.score],
    ['Percentage', result.percentage],
    ['Personality', result.personality],
    ['Vote', result.vote],
    ['Rating', result.rating],
    // A quiz's prize code, or a wheel's option with its code ("10% off (SPIN10)").
    ['Prize', result.prize],
    // The recommended products' titles, best first, as the Lead carries them.
    ['Recommended products', result.products],
  ];
  for (const [name, value] of typed) if (value !== undefined && value !== '') properties[name] = value;
  const tags = leadTags(lead, undefined);
  if (tags.length > 0) properties.Tags = tags;
  return properties;
}

const encoder = new TextEncoder();
const bytes = (text: string) => encoder.encode(text).length;

/** `text` cut to at most `max` UTF-8 bytes, ending in '…' when cut (no half characters). */
function cutText(text: string, max: number): string {
  if (bytes(text) <= max) return text;
  let cut = Buffer.from(text, 'utf8')
    .subarray(0, Math.max(0, max - 3))
    .toString('utf8');
  if (cut.endsWith('\uFFFD')) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/**
 * `properties` within Klaviyo's limits: past the count the last ones are left out, long texts and
 * lists are cut, and while the whole is over `maxBytes` the longest text is cut further. What was cut
 * is said in `Quizlead note` (counted in the limits), so a shortened answer is never taken as whole.
 */
export function fitProperties(
  properties: Record<string, unknown>,
  limits: { count: number; maxBytes: number },
): Record<string, unknown> {
  let entries = Object.entries(properties);
  const left = entries.length > limits.count ? entries.length - (limits.count - 1) : 0;
  if (left > 0) entries = entries.slice(0, limits.count - 1);
  const shortened = new Set<string>();
  const fitted: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    let fit = value;
    if (typeof value === 'string') fit = cutText(value, klaviyoLimits.stringBytes);
    else if (Array.isArray(value))
      fit = value
        .slice(0, klaviyoLimits.arrayItems)
        .map((item: unknown) => (typeof item === 'string' ? cutText(item, klaviyoLimits.stringBytes) : item));
    if (JSON.stringify(fit) !== JSON.stringify(value)) shortened.add(key);
    fitted[key] = fit;
  }
  // Each entry's share of the JSON, kept up to date as texts are cut (one stringify of the whole would
  // cost megabytes a step); 512 bytes are left for the note itself.
  const size = (key: string) => bytes(JSON.stringify(key)) + bytes(JSON.stringify(fitted[key])) + 2;
  const sizes = new Map(Object.keys(fitted).map((key) => [key, size(key)]));
  const budget = limits.maxBytes - 512;
  let over = [...sizes.values()].reduce((sum, one) => sum + one, 2) - budget;
  // Each text's own length in bytes, counted once and kept as texts are cut (counting them all again at
  // every step made 100 long answers take seconds).
  const textBytes = new Map(
    Object.entries(fitted).flatMap(([key, value]) => (typeof value === 'string' ? [[key, bytes(value)] as const] : [])),
  );
  while (over > 0) {
    let key: string | undefined;
    let length = 0;
    for (const [candidate, candidateBytes] of textBytes) {
      if (candidateBytes > length) [key, length] = [candidate, candidateBytes];
    }
    if (key === undefined || length < 64) break;
    const cut = cutText(fitted[key] as string, Math.max(16, length - over - 16));
    fitted[key] = cut;
    textBytes.set(key, bytes(cut));
    shortened.add(key);
    const before = sizes.get(key)!;
    sizes.set(key, size(key));
    over -= before - sizes.get(key)!;
  }
  const notes: string[] = [];
  if (shortened.size > 0) notes.push(`shortened: ${[...shortened].join(', ')}`);
  if (left > 0) notes.push(`${left} ${left === 1 ? 'property' : 'properties'} left out`);
  if (notes.length > 0) fitted[klaviyoNoteProperty] = cutText(`Cut to fit Klaviyo's limits: ${notes.join('; ')}.`, 400);
  return fitted;
}

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

const post = (settings: KlaviyoSettings, path: string, body: unknown): CrmRequest => ({
  method: 'POST',
  url: `${klaviyoApi}/${path}`,
  headers: {
    authorization: `Klaviyo-API-Key ${settings.password}`,
    revision: klaviyoRevision,
    accept: 'application/vnd.api+json',
    'content-type': 'application/vnd.api+json',
  },
  body: JSON.stringify(body),
});

/**
 * The three requests of a lead, built for the send and the preview alike: the profile's import with every
 * answer, the submission's event (`unique_id` the delivery's id), and the subscription when the visitor
 * consented (email to the list, SMS for the phone).
 */
function leadRequests(lead: Lead, settings: KlaviyoSettings, call: { deliveryId: string; sample?: true }) {
  const { first, last } = splitName(lead.name);
  const identity: Record<string, string> = { email: lead.email };
  if (first) identity.first_name = first;
  if (last) identity.last_name = last;
  if (lead.phone) identity.phone_number = lead.phone;

  // The profile's other attributes are small; 2 KB of the 100 KB is left for them and the envelope.
  const properties = fitProperties(profileProperties(lead, settings), {
    count: klaviyoLimits.properties,
    maxBytes: klaviyoLimits.profileBytes - 2048,
  });
  const profile = post(settings, 'profile-import', { data: { type: 'profile', attributes: { ...identity, properties } } });

  const event = post(settings, 'events', {
    data: {
      type: 'event',
      attributes: {
        properties: fitProperties(eventProperties(lead), {
          count: klaviyoLimits.properties,
          maxBytes: klaviyoLimits.eventBytes - 4096,
        }),
        time: lead.capturedAt,
        unique_id: call.deliveryId,
        // A Test connection's sample is recorded without triggering the owner's flows.
        ...(call.sample ? { backfill: true } : {}),
        metric: { data: { type: 'metric', attributes: { name: metricName(lead) } } },
        profile: { data: { type: 'profile', attributes: identity } },
      },
    },
  });

  const subscribeEmail = Boolean(settings.campaignid && lead.consent);
  const subscribeSms = Boolean(lead.phone && lead.smsConsent);
  if (!subscribeEmail && !subscribeSms) return { profile, event };
  const subscriptions = {
    ...(subscribeEmail ? { email: { marketing: { consent: 'SUBSCRIBED' } } } : {}),
    ...(subscribeSms ? { sms: { marketing: { consent: 'SUBSCRIBED' } } } : {}),
  };
  const subscription = post(settings, 'profile-subscription-bulk-create-jobs', {
    data: {
      type: 'profile-subscription-bulk-create-job',
      attributes: {
        custom_source: cutText(`Quizlead: ${lead.item.title}`, 200),
        profiles: {
          data: [
            {
              type: 'profile',
              attributes: { email: lead.email, ...(subscribeSms ? { phone_number: lead.phone } : {}), subscriptions },
            },
          ],
        },
        historical_import: false,
      },
      ...(settings.campaignid ? { relationships: { list: { data: { type: 'list', id: settings.campaignid } } } } : {}),
    },
  });
  return { profile, event, subscription };
}

export const klaviyo: CrmProvider<KlaviyoSettings> = {
  id: 'klaviyo',
  label: 'Klaviyo',
  settings: klaviyoSettings,
  secretFields: ['password'],
  async upsertContact(lead, settings, fetch, call): Promise<DeliveryOutcome> {
    const crm = new CrmCall(fetch, [settings.password]);
    const send = (request: CrmRequest) => crm.send(request.method, request.url, { ...request, messageOf, retryAfterOf });
    const requests = leadRequests(lead, settings, call);
    const imported = await send(requests.profile);
    if (!imported.ok) return imported.outcome;
    const recorded = await send(requests.event);
    if (!recorded.ok) return recorded.outcome;
    if (!requests.subscription) return crm.done();
    const subscribed = await send(requests.subscription);
    return subscribed.ok ? crm.done() : subscribed.outcome;
  },
  async preview(lead, settings) {
    const call = previewCall([settings.password]);
    const requests = leadRequests(lead, settings, { deliveryId: '{delivery id}' });
    return [
      call.describe('Add or update the profile', requests.profile),
      call.describe(`Record the "${metricName(lead)}" event`, requests.event),
      ...(requests.subscription ? [call.describe('Subscribe the profile', requests.subscription)] : []),
    ];
  },
};
