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
 * - `POST /api/profile-subscription-bulk-create-jobs` `{data:{type:"profile-subscription-bulk-create-job",
 *   attributes:{custom_source, profiles:{data:[{type:"profile", attributes:{email, subscriptions:{email:
 *   {marketing:{consent:"SUBSCRIBED"}}}}}]} (1–1000, no custom properties), historical_import},
 *   relationships:{list:{data:{type:"list", id}}}}}`: 202 with an empty body.
 * Errors are JSON:API `{errors:[{id, status, code, title, detail, source:{pointer}}]}` (the reference
 * marks the shape unverified; these are the codes Klaviyo answers). 429 with Retry-After and
 * RateLimit-Limit/Remaining/Reset.
 */
export interface KlaviyoProfile {
  id: string;
  email: string;
  first_name?: string;
  last_name?: string;
  properties: Record<string, unknown>;
}

const oldestRevision = '2024-11-15';

export class FakeKlaviyo extends CrmFake {
  readonly profiles = new Map<string, KlaviyoProfile>();
  /** List id → emails subscribed to its email marketing. */
  readonly lists = new Map<string, Set<string>>([['Y6nRLr', new Set()]]);
  readonly unexpected: string[] = [];

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
    if (request.method === 'POST' && request.path === '/api/profile-import') return this.#import(request.json);
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
    const key = attributes.email.toLowerCase();
    const existing = this.profiles.get(key);
    const profile: KlaviyoProfile = existing ?? {
      id: randomUUID().replace(/-/g, '').slice(0, 26).toUpperCase(),
      email: attributes.email,
      properties: {},
    };
    if (typeof attributes.first_name === 'string') profile.first_name = attributes.first_name;
    if (typeof attributes.last_name === 'string') profile.last_name = attributes.last_name;
    Object.assign(profile.properties, attributes.properties ?? {});
    this.profiles.set(key, profile);
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

  #subscribe(json: unknown): ExternalReply {
    const data = isRecord(json) ? json.data : undefined;
    if (!isRecord(data) || data.type !== 'profile-subscription-bulk-create-job')
      return invalid('The data type must be "profile-subscription-bulk-create-job".', '/data/type');
    const attributes = data.attributes;
    if (!isRecord(attributes)) return invalid('attributes is required.', '/data/attributes');
    if (attributes.historical_import !== undefined && typeof attributes.historical_import !== 'boolean')
      return invalid('historical_import must be a boolean.', '/data/attributes/historical_import');
    const profiles = isRecord(attributes.profiles) ? attributes.profiles.data : undefined;
    if (!Array.isArray(profiles) || profiles.length < 1 || profiles.length > 1000)
      return invalid('profiles must have between 1 and 1000 entries.', '/data/attributes/profiles/data');
    const emails: string[] = [];
    for (const [index, profile] of profiles.entries()) {
      const pointer = `/data/attributes/profiles/data/${index}`;
      if (!isRecord(profile) || profile.type !== 'profile' || !isRecord(profile.attributes))
        return invalid('Each profile must be {type:"profile", attributes}.', pointer);
      const { email, subscriptions, properties } = profile.attributes;
      if (properties !== undefined)
        return invalid("'properties' is not a valid field for the resource 'profile'.", `${pointer}/attributes/properties`);
      if (typeof email !== 'string' || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
        return invalid('Invalid email address.', `${pointer}/attributes/email`);
      const consent =
        isRecord(subscriptions) && isRecord(subscriptions.email) && isRecord(subscriptions.email.marketing)
          ? subscriptions.email.marketing.consent
          : undefined;
      if (consent !== 'SUBSCRIBED')
        return invalid('consent must be "SUBSCRIBED".', `${pointer}/attributes/subscriptions/email/marketing/consent`);
      emails.push(email.toLowerCase());
    }
    const list = isRecord(data.relationships) && isRecord(data.relationships.list) ? data.relationships.list.data : undefined;
    if (!isRecord(list) || list.type !== 'list' || typeof list.id !== 'string')
      return invalid('relationships.list.data must be {type:"list", id}.', '/data/relationships/list/data');
    const members = this.lists.get(list.id);
    if (!members)
      return error(404, 'not_found', 'Not found.', `List ${list.id} does not exist.`, '/data/relationships/list/data/id');
    for (const email of emails) members.add(email);
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

function invalid(detail: string, pointer: string): ExternalReply {
  return error(400, 'invalid', 'Invalid input.', detail, pointer);
}
