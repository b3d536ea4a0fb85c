import { randomUUID } from 'node:crypto';
import type { ExternalReply } from '../externalWorld.ts';
import { CrmFake, header, isRecord, type RecordedCall } from './crmFake.ts';

/**
 * Klaviyo as crm-webhooks-payments.md A11 documents it, for host a.klaviyo.com: every call needs
 * `Authorization: Klaviyo-API-Key <private key>`, a `revision` header of a supported revision
 * (YYYY-MM-DD, optionally `.pre`; older than 2024-11-15 is past its two years), and
 * `application/vnd.api+json` as content type.
 * - `POST /api/profile-import` `{data:{type:"profile", attributes:{email, first_name, last_name,
 *   phone_number (E.164 or the whole profile is refused), properties}}}`: 201 new, 200 updated, with
 *   the profile.
 *   The payload is at most 100 KB (marketing-stack-and-languages.md A3).
 * - `POST /api/events` (marketing-stack-and-languages.md A2) `{data:{type:"event", attributes:{properties
 *   (required, ≤ 400, strings ≤ 100 KB, arrays ≤ 4000, ≤ 10 levels), time? (after 2000, ≤ 1 year ahead),
 *   value?, value_currency?, unique_id?, backfill?, metric:{data:{type:"metric", attributes:{name (< 128),
 *   service?}}}, profile:{data:{type:"profile", id?, attributes:{an identifier, first_name…}}}}}}`, ≤ 5 MB:
 *   202 with no body. An event repeating a profile + metric + unique_id (without one: the time to the
 *   second) is dropped, the first one kept, as Klaviyo dedupes; the call creates or updates the profile.
 * - `POST /api/profile-subscription-bulk-create-jobs` `{data:{type:"profile-subscription-bulk-create-job",
 *   attributes:{custom_source, profiles:{data:[{type:"profile", attributes:{email?, phone_number?,
 *   subscriptions:{email?:{marketing:{consent:"SUBSCRIBED"}}, sms?:{marketing?:{consent:"SUBSCRIBED"},
 *   transactional?:…}}}}]} (1–1000, no custom properties), historical_import, consented_at (only with
 *   historical_import, then required and past)}, relationships?:{list:{data:{type:"list", id}}}}}`: 202
 *   with an empty body (marketing-stack-and-languages.md A4). "SUBSCRIBED" is the only consent value;
 *   an SMS subscription needs the profile's phone_number in E.164; a channel left out is not subscribed.
 *   Without a list the account's default applies. The custom source is kept per email.
 * Errors are JSON:API `{errors:[{id, status, code, title, detail, source:{pointer}}]}` (the reference
 * marks the shape unverified; these are the codes Klaviyo answers). 429 with Retry-After and
 * RateLimit-Limit/Remaining/Reset.
 */
export interface KlaviyoProfile {
  id: string;
  email: string;
  first_name?: string;
  last_name?: string;
  phone_number?: string;
  properties: Record<string, unknown>;
}

export interface KlaviyoEvent {
  metric: string;
  /** The profile's email (lower case). */
  email: string;
  properties: Record<string, unknown>;
  time: string;
  value?: number | null;
  uniqueId?: string;
  /** Recorded without triggering flows. */
  backfill?: boolean;
}

const oldestRevision = '2024-11-15';
const kb = 1024;
const eventAttributes = ['properties', 'time', 'value', 'value_currency', 'unique_id', 'backfill', 'metric', 'profile'];
const eventProfileAttributes = [
  'email',
  'phone_number',
  'external_id',
  'anonymous_id',
  '_kx',
  'first_name',
  'last_name',
  'organization',
  'locale',
  'title',
  'image',
  'location',
  'properties',
];
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The subscription channels of a bulk subscribe job and the kinds each takes (marketing-stack-and-languages.md A4). */
const channelKinds: Record<string, string[]> = {
  email: ['marketing', 'open_tracking'],
  sms: ['marketing', 'transactional'],
  whatsapp: ['marketing', 'transactional'],
  push: ['marketing'],
};

export class FakeKlaviyo extends CrmFake {
  readonly profiles = new Map<string, KlaviyoProfile>();
  /** List id → emails subscribed to its email marketing. */
  readonly lists = new Map<string, Set<string>>([['Y6nRLr', new Set()]]);
  readonly unexpected: string[] = [];
  /** Events kept (after the dedupe), in the order received. */
  readonly events: KlaviyoEvent[] = [];
  /** Email → the custom_source of its last subscription job. */
  readonly consentSources = new Map<string, string>();
  /** E.164 phone → the subscription job that consented it to SMS marketing (its list, if any, and source). */
  readonly smsSubscriptions = new Map<string, { email?: string; list?: string; customSource?: string }>();

  readonly privateKey: string;

  constructor(privateKey: string) {
    super();
    this.privateKey = privateKey;
  }

  protected answer(request: RecordedCall): ExternalReply {
    const auth = header(request, 'authorization') ?? '';
    if (!/^Klaviyo-API-Key /.test(auth)) {
      return error(401, 'not_authenticated', 'Authentication credentials were not provided.', 'Missing or invalid private key.');
    }
    if (auth !== `Klaviyo-API-Key ${this.privateKey}`) {
      return error(401, 'not_authenticated', 'Incorrect authentication credentials.', 'Missing or invalid private key.');
    }
    const revision = header(request, 'revision');
    if (!revision) return error(400, 'invalid', 'Invalid input.', 'Missing required header: revision', '/headers/revision');
    if (!/^\d{4}-\d{2}-\d{2}(\.pre)?$/.test(revision) || revision.slice(0, 10) < oldestRevision) {
      return error(400, 'invalid', 'Invalid input.', `Invalid revision: ${revision}`, '/headers/revision');
    }
    if (!/^application\/vnd\.api\+json\s*(;|$)/i.test(header(request, 'content-type') ?? '')) {
      return error(415, 'unsupported_media_type', 'Unsupported media type.', 'Content-Type must be application/vnd.api+json');
    }
    const accept = header(request, 'accept');
    if (accept && !/application\/vnd\.api\+json|\*\/\*/.test(accept)) this.unexpected.push(`accept ${accept}`);
    if (request.method === 'POST' && request.path === '/api/profile-import') {
      if (Buffer.byteLength(request.body ?? '') > 100 * kb)
        return error(413, 'request_too_large', 'Request too large.', 'The payload may be at most 100 KB.');
      return this.#import(request.json);
    }
    if (request.method === 'POST' && request.path === '/api/events') {
      if (Buffer.byteLength(request.body ?? '') > 5 * kb * kb)
        return error(413, 'request_too_large', 'Request too large.', 'The payload may be at most 5 MB.');
      return this.#event(request.json);
    }
    if (request.method === 'POST' && request.path === '/api/profile-subscription-bulk-create-jobs')
      return this.#subscribe(request.json);
    return error(404, 'not_found', 'Not found.', `No route ${request.method} ${request.path}`);
  }

  #import(json: unknown): ExternalReply {
    const data = isRecord(json) ? json.data : undefined;
    if (!isRecord(data) || data.type !== 'profile') return invalid('The data type must be "profile".', '/data/type');
    const attributes = data.attributes;
    if (!isRecord(attributes)) return invalid('attributes is required.', '/data/attributes');
    for (const key of Object.keys(attributes)) {
      if (
        ![
          'email',
          'phone_number',
          'external_id',
          'first_name',
          'last_name',
          'organization',
          'title',
          'image',
          'location',
          'properties',
        ].includes(key)
      )
        this.unexpected.push(`profile attribute ${key}`);
    }
    if (typeof attributes.email !== 'string' || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(attributes.email))
      return invalid('Invalid email address.', '/data/attributes/email');
    if (attributes.phone_number !== undefined && !/^\+[1-9]\d{6,14}$/.test(String(attributes.phone_number)))
      return invalid('Invalid phone number format (Example of a valid format: +12345678901)', '/data/attributes/phone_number');
    for (const name of ['first_name', 'last_name'] as const) {
      if (attributes[name] !== undefined && typeof attributes[name] !== 'string')
        return invalid(`${name} must be a string.`, `/data/attributes/${name}`);
    }
    if (attributes.properties !== undefined && !isRecord(attributes.properties))
      return invalid('properties must be an object.', '/data/attributes/properties');
    const { profile, existing } = this.#upsert({
      email: attributes.email,
      ...(typeof attributes.first_name === 'string' ? { first_name: attributes.first_name } : {}),
      ...(typeof attributes.last_name === 'string' ? { last_name: attributes.last_name } : {}),
      ...(typeof attributes.phone_number === 'string' ? { phone_number: attributes.phone_number } : {}),
      ...(attributes.properties ? { properties: attributes.properties } : {}),
    });
    return {
      status: existing ? 200 : 201,
      headers: { 'content-type': 'application/vnd.api+json' },
      body: JSON.stringify({
        data: {
          type: 'profile',
          id: profile.id,
          attributes: {
            email: profile.email,
            first_name: profile.first_name ?? null,
            last_name: profile.last_name ?? null,
            properties: profile.properties,
          },
          links: { self: `https://a.klaviyo.com/api/profiles/${profile.id}/` },
        },
      }),
    };
  }

  /** Creates or updates the profile of `fields.email` (profile-import and events both do). */
  #upsert(fields: {
    email: string;
    first_name?: string;
    last_name?: string;
    phone_number?: string;
    properties?: Record<string, unknown>;
  }) {
    const key = fields.email.toLowerCase();
    const existing = this.profiles.get(key);
    const profile: KlaviyoProfile = existing ?? {
      id: randomUUID().replace(/-/g, '').slice(0, 26).toUpperCase(),
      email: fields.email,
      properties: {},
    };
    if (fields.first_name !== undefined) profile.first_name = fields.first_name;
    if (fields.last_name !== undefined) profile.last_name = fields.last_name;
    if (fields.phone_number !== undefined) profile.phone_number = fields.phone_number;
    Object.assign(profile.properties, fields.properties ?? {});
    this.profiles.set(key, profile);
    return { profile, existing };
  }

  #event(json: unknown): ExternalReply {
    const data = isRecord(json) ? json.data : undefined;
    if (!isRecord(data) || data.type !== 'event') return invalid('The data type must be "event".', '/data/type');
    const attributes = data.attributes;
    if (!isRecord(attributes)) return invalid('attributes is required.', '/data/attributes');
    for (const key of Object.keys(attributes)) {
      if (!eventAttributes.includes(key))
        return invalid(`'${key}' is not a valid field for the resource 'event'.`, `/data/attributes/${key}`);
    }
    const { properties, time, value, value_currency, unique_id, backfill, metric, profile } = attributes;
    if (!isRecord(properties)) return invalid('properties is required and must be an object.', '/data/attributes/properties');
    const tooBig = propertiesProblem(properties);
    if (tooBig) return invalid(tooBig.detail, `/data/attributes/properties${tooBig.pointer}`);
    const metricData = isRecord(metric) ? metric.data : undefined;
    if (!isRecord(metricData) || metricData.type !== 'metric' || !isRecord(metricData.attributes))
      return invalid('metric.data must be {type:"metric", attributes}.', '/data/attributes/metric/data');
    const name = metricData.attributes.name;
    if (typeof name !== 'string' || name.trim() === '')
      return invalid('A metric name is required.', '/data/attributes/metric/data/attributes/name');
    if (name.length >= 128)
      return invalid('The metric name must be fewer than 128 characters.', '/data/attributes/metric/data/attributes/name');
    for (const key of Object.keys(metricData.attributes)) {
      if (!['name', 'service'].includes(key))
        return invalid(
          `'${key}' is not a valid field for the resource 'metric'.`,
          `/data/attributes/metric/data/attributes/${key}`,
        );
    }
    const profileData = isRecord(profile) ? profile.data : undefined;
    if (!isRecord(profileData) || profileData.type !== 'profile' || !isRecord(profileData.attributes))
      return invalid('profile.data must be {type:"profile", attributes}.', '/data/attributes/profile/data');
    const who = profileData.attributes;
    for (const key of Object.keys(who)) {
      if (!eventProfileAttributes.includes(key))
        return invalid(
          `'${key}' is not a valid field for the resource 'profile'.`,
          `/data/attributes/profile/data/attributes/${key}`,
        );
    }
    const identified = ['email', 'phone_number', 'external_id', 'anonymous_id', '_kx'].some(
      (key) => typeof who[key] === 'string',
    );
    if (!identified && typeof profileData.id !== 'string')
      return invalid(
        'The profile needs an id, email, phone_number, external_id, anonymous_id or _kx.',
        '/data/attributes/profile/data',
      );
    if (who.email !== undefined && (typeof who.email !== 'string' || !emailPattern.test(who.email)))
      return invalid('Invalid email address.', '/data/attributes/profile/data/attributes/email');
    if (typeof who.email !== 'string') {
      // Only email-identified profiles are kept by this fake; the others are valid but not recorded.
      this.unexpected.push('event profile without an email');
      return { status: 202, body: '' };
    }
    for (const key of ['first_name', 'last_name'] as const) {
      if (who[key] !== undefined && typeof who[key] !== 'string')
        return invalid(`${key} must be a string.`, `/data/attributes/profile/data/attributes/${key}`);
    }
    let at = Date.now();
    if (time !== undefined) {
      const parsed = typeof time === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(time) ? Date.parse(time) : NaN;
      if (Number.isNaN(parsed)) return invalid('time must be an ISO 8601 date-time.', '/data/attributes/time');
      if (parsed < Date.parse('2000-01-01T00:00:00Z') || parsed > Date.now() + 366 * 24 * 3600 * 1000)
        return invalid('time must be after 2000-01-01 and at most one year ahead.', '/data/attributes/time');
      at = parsed;
    }
    if (value !== undefined && value !== null && (typeof value !== 'number' || !Number.isFinite(value)))
      return invalid('value must be a number.', '/data/attributes/value');
    if (
      value_currency !== undefined &&
      value_currency !== null &&
      !(typeof value_currency === 'string' && /^[A-Z]{3}$/.test(value_currency))
    )
      return invalid('value_currency must be an ISO 4217 code.', '/data/attributes/value_currency');
    if (unique_id !== undefined && typeof unique_id !== 'string')
      return invalid('unique_id must be a string.', '/data/attributes/unique_id');
    if (backfill !== undefined && typeof backfill !== 'boolean')
      return invalid('backfill must be a boolean.', '/data/attributes/backfill');
    const email = who.email.toLowerCase();
    this.#upsert({
      email: who.email,
      ...(typeof who.first_name === 'string' ? { first_name: who.first_name } : {}),
      ...(typeof who.last_name === 'string' ? { last_name: who.last_name } : {}),
      ...(isRecord(who.properties) ? { properties: who.properties } : {}),
    });
    // Klaviyo's dedupe key: the unique_id, or without one the time to the second; per profile and metric.
    const key = (event: KlaviyoEvent) => event.uniqueId ?? event.time.slice(0, 19);
    const event: KlaviyoEvent = {
      metric: name,
      email,
      properties,
      time: new Date(Math.floor(at / 1000) * 1000).toISOString(),
      ...(value === undefined ? {} : { value: value as number | null }),
      ...(typeof unique_id === 'string' ? { uniqueId: unique_id } : {}),
      ...(typeof backfill === 'boolean' ? { backfill } : {}),
    };
    const repeated = this.events.some((kept) => kept.email === email && kept.metric === name && key(kept) === key(event));
    if (!repeated) this.events.push(event);
    return { status: 202, body: '' };
  }

  #subscribe(json: unknown): ExternalReply {
    const data = isRecord(json) ? json.data : undefined;
    if (!isRecord(data) || data.type !== 'profile-subscription-bulk-create-job')
      return invalid('The data type must be "profile-subscription-bulk-create-job".', '/data/type');
    const attributes = data.attributes;
    if (!isRecord(attributes)) return invalid('attributes is required.', '/data/attributes');
    if (attributes.historical_import !== undefined && typeof attributes.historical_import !== 'boolean')
      return invalid('historical_import must be a boolean.', '/data/attributes/historical_import');
    if (attributes.historical_import === true) {
      const at = typeof attributes.consented_at === 'string' ? Date.parse(attributes.consented_at) : NaN;
      if (Number.isNaN(at) || at > Date.now())
        return invalid(
          'consented_at is required for a historical import and must be in the past.',
          '/data/attributes/consented_at',
        );
    } else if (attributes.consented_at !== undefined) {
      return invalid('consented_at is only allowed when historical_import is true.', '/data/attributes/consented_at');
    }
    if (attributes.custom_source !== undefined && typeof attributes.custom_source !== 'string')
      return invalid('custom_source must be a string.', '/data/attributes/custom_source');
    for (const key of Object.keys(attributes)) {
      if (!['custom_source', 'profiles', 'historical_import', 'consented_at'].includes(key))
        return invalid(
          `'${key}' is not a valid field for the resource 'profile-subscription-bulk-create-job'.`,
          `/data/attributes/${key}`,
        );
    }
    const profiles = isRecord(attributes.profiles) ? attributes.profiles.data : undefined;
    if (!Array.isArray(profiles) || profiles.length < 1 || profiles.length > 1000)
      return invalid('profiles must have between 1 and 1000 entries.', '/data/attributes/profiles/data');
    const emails: string[] = [];
    const phones: { phone: string; email?: string }[] = [];
    for (const [index, profile] of profiles.entries()) {
      const pointer = `/data/attributes/profiles/data/${index}`;
      if (!isRecord(profile) || profile.type !== 'profile' || !isRecord(profile.attributes))
        return invalid('Each profile must be {type:"profile", attributes}.', pointer);
      const { email, phone_number: phone, subscriptions } = profile.attributes;
      for (const key of Object.keys(profile.attributes)) {
        if (!['email', 'phone_number', 'subscriptions', 'age_gated_date_of_birth'].includes(key))
          return invalid(`'${key}' is not a valid field for the resource 'profile'.`, `${pointer}/attributes/${key}`);
      }
      if (email !== undefined && (typeof email !== 'string' || !emailPattern.test(email)))
        return invalid('Invalid email address.', `${pointer}/attributes/email`);
      if (phone !== undefined && (typeof phone !== 'string' || !/^\+[1-9]\d{6,14}$/.test(phone)))
        return invalid(
          'Invalid phone number format (Example of a valid format: +12345678901)',
          `${pointer}/attributes/phone_number`,
        );
      if (!isRecord(subscriptions)) return invalid('subscriptions is required.', `${pointer}/attributes/subscriptions`);
      for (const [channel, kinds] of Object.entries(subscriptions)) {
        const allowed = channelKinds[channel];
        if (!allowed || !isRecord(kinds))
          return invalid(`'${channel}' is not a valid subscription channel.`, `${pointer}/attributes/subscriptions/${channel}`);
        for (const [kind, value] of Object.entries(kinds)) {
          const at = `${pointer}/attributes/subscriptions/${channel}/${kind}`;
          if (!allowed.includes(kind)) return invalid(`'${kind}' is not valid for ${channel}.`, at);
          if (!isRecord(value) || value.consent !== 'SUBSCRIBED')
            return invalid('consent must be "SUBSCRIBED".', `${at}/consent`);
        }
      }
      if (subscriptions.email !== undefined) {
        if (typeof email !== 'string') return invalid('An email subscription needs the email.', `${pointer}/attributes/email`);
        emails.push(email.toLowerCase());
      }
      if (subscriptions.sms !== undefined) {
        if (typeof phone !== 'string')
          return invalid('An SMS subscription needs the phone_number.', `${pointer}/attributes/phone_number`);
        phones.push({ phone, ...(typeof email === 'string' ? { email: email.toLowerCase() } : {}) });
      }
      if (subscriptions.email === undefined && subscriptions.sms === undefined)
        this.unexpected.push('a subscription job that subscribes no email or SMS channel');
    }
    let listId: string | undefined;
    if (data.relationships !== undefined) {
      const list = isRecord(data.relationships) && isRecord(data.relationships.list) ? data.relationships.list.data : undefined;
      if (!isRecord(list) || list.type !== 'list' || typeof list.id !== 'string')
        return invalid('relationships.list.data must be {type:"list", id}.', '/data/relationships/list/data');
      if (!this.lists.has(list.id))
        return error(404, 'not_found', 'Not found.', `List ${list.id} does not exist.`, '/data/relationships/list/data/id');
      listId = list.id;
    } else if (emails.length > 0) {
      // This project only subscribes emails to the owner's list: an email job without one is a bug here.
      this.unexpected.push('an email subscription without a list');
    }
    const customSource = typeof attributes.custom_source === 'string' ? attributes.custom_source : undefined;
    for (const email of emails) {
      if (listId) this.lists.get(listId)!.add(email);
      if (customSource !== undefined) this.consentSources.set(email, customSource);
    }
    for (const { phone, email } of phones) {
      this.smsSubscriptions.set(phone, {
        ...(email ? { email } : {}),
        ...(listId ? { list: listId } : {}),
        ...(customSource !== undefined ? { customSource } : {}),
      });
    }
    return { status: 202, body: '' };
  }

  protected rateLimited(): ExternalReply {
    return {
      status: 429,
      headers: {
        'content-type': 'application/vnd.api+json',
        'retry-after': '3',
        'ratelimit-limit': '3, 3;w=1, 60;w=60',
        'ratelimit-remaining': '0',
        'ratelimit-reset': '3',
      },
      body: JSON.stringify({
        errors: [
          {
            id: randomUUID(),
            status: 429,
            code: 'throttled',
            title: 'Request was throttled.',
            detail: 'Request was throttled. Expected available in 3 seconds.',
            source: {},
          },
        ],
      }),
    };
  }

  protected override serverError(): ExternalReply {
    return error(500, 'error', 'A server error occurred.', 'A server error occurred.');
  }
}

function error(status: number, code: string, title: string, detail: string, pointer = '/data/'): ExternalReply {
  return {
    status,
    headers: { 'content-type': 'application/vnd.api+json' },
    body: JSON.stringify({ errors: [{ id: randomUUID(), status, code, title, detail, source: { pointer } }] }),
  };
}

/**
 * What breaks Klaviyo's event-property bounds (A2): more than 400 properties, a string over 100 KB,
 * an array over 4,000 items, more than 10 levels of nesting.
 */
function propertiesProblem(properties: Record<string, unknown>): { detail: string; pointer: string } | undefined {
  if (Object.keys(properties).length > 400) return { detail: 'An event may have at most 400 properties.', pointer: '' };
  const walk = (value: unknown, pointer: string, depth: number): { detail: string; pointer: string } | undefined => {
    if (depth > 10) return { detail: 'Properties may nest at most 10 levels.', pointer };
    if (typeof value === 'string')
      return Buffer.byteLength(value) > 100 * kb ? { detail: 'A string may be at most 100 KB.', pointer } : undefined;
    if (Array.isArray(value)) {
      if (value.length > 4000) return { detail: 'An array may have at most 4000 items.', pointer };
      for (const [index, item] of value.entries()) {
        const found = walk(item, `${pointer}/${index}`, depth + 1);
        if (found) return found;
      }
    } else if (isRecord(value)) {
      for (const [key, item] of Object.entries(value)) {
        const found = walk(item, `${pointer}/${key}`, depth + 1);
        if (found) return found;
      }
    }
    return undefined;
  };
  for (const [key, value] of Object.entries(properties)) {
    const found = walk(value, `/${key}`, 1);
    if (found) return found;
  }
  return undefined;
}

function invalid(detail: string, pointer: string): ExternalReply {
  return error(400, 'invalid', 'Invalid input.', detail, pointer);
}
