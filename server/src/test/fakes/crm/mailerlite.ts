import type { ExternalReply } from '../externalWorld.ts';
import { CrmFake, header, isJson, isRecord, type RecordedCall } from './crmFake.ts';

/**
 * MailerLite (new API) as crm-webhooks-payments.md A4 documents it, for host connect.mailerlite.com:
 * `Authorization: Bearer <token>` (else 401 `{"message":"Unauthenticated."}`), JSON bodies.
 * - `POST /api/subscribers {email, fields?, groups?:[id], status?}` upserts by email: 201 new, 200
 *   existing; groups are added, never removed. Validation errors are 422 `{message, errors:{field:[..]}}`
 *   (a body that is not JSON reads as empty: "The email field is required.").
 * - `GET /api/groups?filter[name]=` (partial match) → `{data:[{id,name}]}`; `POST /api/groups {name}` → 201.
 * - Fields (marketing-stack-and-languages.md B4): `GET /api/fields?limit=&page=&filter[keyword]=`
 *   (limit 1–100) → `{data:[{id,name,key,type}], links, meta:{current_page,last_page,per_page,total}}`;
 *   `POST /api/fields {name (≤ 255), type: text|number|date}` → **200** `{data:{id,name,key,type}}`, the
 *   key derived from the name; a subscriber's `fields` may name existing keys only (the reference leaves
 *   an unknown key open: refused here), a number field takes a number.
 * Answers carry X-RateLimit-Limit/Remaining (120 a minute); 429 with Retry-After.
 */
export interface MailerLiteSubscriber {
  id: string;
  email: string;
  status: string;
  source: 'api';
  fields: Record<string, string | number | null>;
  groups: string[];
}

type Answer = { status: number; headers?: Record<string, string>; body?: string | object };

export interface MailerLiteField {
  id: string;
  name: string;
  key: string;
  type: 'text' | 'number' | 'date';
}

const defaultFields: [string, string][] = [
  ['Name', 'name'],
  ['Last name', 'last_name'],
  ['Company', 'company'],
  ['Country', 'country'],
  ['City', 'city'],
  ['Phone', 'phone'],
  ['State', 'state'],
  ['ZIP', 'z_i_p'],
];
const statuses = ['active', 'unsubscribed', 'unconfirmed', 'bounced', 'junk'];

function invalid(field: string, message: string): Answer {
  return { status: 422, body: { message, errors: { [field]: [message] } } };
}

export class FakeMailerLite extends CrmFake {
  readonly token: string;
  readonly subscribers = new Map<string, MailerLiteSubscriber>();
  readonly groups: { id: string; name: string }[] = [];
  readonly fields: MailerLiteField[] = defaultFields.map(([name, key], index) => ({
    id: String(index + 1),
    name,
    key,
    type: 'text',
  }));
  #next = 31_897_397_363_737_859n;

  /** The field creations the fake accepted. */
  createdFields(): RecordedCall[] {
    return this.requests.filter(
      (request) => request.method === 'POST' && request.path === '/api/fields' && request.status === 200,
    );
  }

  constructor(token: string, groups: { id: string; name: string }[] = []) {
    super();
    this.token = token;
    this.groups.push(...groups);
  }

  #id(): string {
    this.#next += 1n;
    return this.#next.toString();
  }

  protected override rateLimited(): ExternalReply {
    return {
      status: 429,
      headers: { 'Retry-After': '42', 'X-RateLimit-Limit': '120', 'X-RateLimit-Remaining': '0' },
      body: { message: 'Too Many Attempts.' },
    };
  }

  protected answer(request: RecordedCall): ExternalReply {
    const reply = this.#answer(request);
    return { ...reply, headers: { 'X-RateLimit-Limit': '120', 'X-RateLimit-Remaining': '119', ...reply.headers } };
  }

  #answer(request: RecordedCall): Answer {
    if (header(request, 'authorization') !== `Bearer ${this.token}`)
      return { status: 401, body: { message: 'Unauthenticated.' } };
    const body = isJson(request) && isRecord(request.json) ? request.json : {};
    if (request.method === 'GET' && request.path === '/api/groups') {
      const name = request.query.get('filter[name]') ?? '';
      return {
        status: 200,
        body: { data: this.groups.filter((group) => group.name.includes(name)), links: {}, meta: { current_page: 1 } },
      };
    }
    if (request.method === 'GET' && request.path === '/api/fields') {
      const limit = Number(request.query.get('limit') ?? '25');
      const page = Number(request.query.get('page') ?? '1');
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) return invalid('limit', 'The limit must be between 1 and 100.');
      if (!Number.isInteger(page) || page < 1) return invalid('page', 'The page must be at least 1.');
      const keyword = request.query.get('filter[keyword]') ?? '';
      const matching = this.fields.filter((field) => field.name.toLowerCase().includes(keyword.toLowerCase()));
      const lastPage = Math.max(1, Math.ceil(matching.length / limit));
      return {
        status: 200,
        body: {
          data: matching.slice((page - 1) * limit, page * limit),
          links: {},
          meta: { current_page: page, last_page: lastPage, per_page: limit, total: matching.length },
        },
      };
    }
    if (request.method === 'POST' && request.path === '/api/fields') {
      const extra = Object.keys(body).find((key) => key !== 'name' && key !== 'type');
      if (extra) return invalid(extra, `The ${extra} field is not allowed.`);
      if (typeof body.name !== 'string' || !body.name.trim()) return invalid('name', 'The name field is required.');
      if (body.name.length > 255) return invalid('name', 'The name may not be greater than 255 characters.');
      if (body.type !== 'text' && body.type !== 'number' && body.type !== 'date')
        return invalid('type', 'The selected type is invalid.');
      if (this.fields.some((field) => field.name === body.name)) return invalid('name', 'The name has already been taken.');
      const key = body.name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '_')
        .replace(/^_+|_+$/g, '');
      const field: MailerLiteField = { id: this.#id(), name: body.name, key, type: body.type };
      this.fields.push(field);
      return { status: 200, body: { data: field } };
    }
    if (request.method === 'POST' && request.path === '/api/groups') {
      if (typeof body.name !== 'string' || !body.name.trim()) return invalid('name', 'The name field is required.');
      if (body.name.length > 255) return invalid('name', 'The name may not be greater than 255 characters.');
      const group = { id: this.#id(), name: body.name };
      this.groups.push(group);
      return { status: 201, body: { data: { ...group, active_count: 0 } } };
    }
    if (request.method === 'POST' && request.path === '/api/subscribers') {
      if (body.email === undefined) return invalid('email', 'The email field is required.');
      if (typeof body.email !== 'string' || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(body.email)) {
        return invalid('email', 'The email must be a valid email address.');
      }
      const fields = body.fields ?? {};
      if (!isRecord(fields)) return invalid('fields', 'The fields must be an array.');
      for (const [name, value] of Object.entries(fields)) {
        const field = this.fields.find((candidate) => candidate.key === name);
        if (!field) return invalid(`fields.${name}`, `The selected fields.${name} is invalid.`);
        if (field.type === 'number' ? value !== null && typeof value !== 'number' : value !== null && typeof value !== 'string') {
          return invalid(`fields.${name}`, `The fields.${name} must be a ${field.type === 'number' ? 'number' : 'string'}.`);
        }
      }
      const groups = body.groups ?? [];
      if (!Array.isArray(groups)) return invalid('groups', 'The groups must be an array.');
      for (const [index, id] of groups.entries()) {
        if (typeof id !== 'string' || !this.groups.some((group) => group.id === id)) {
          return invalid(`groups.${index}`, `The selected groups.${index} is invalid.`);
        }
      }
      if (body.status !== undefined && !statuses.includes(body.status as string)) {
        return invalid('status', 'The selected status is invalid.');
      }
      const email = body.email.toLowerCase();
      const existing = this.subscribers.get(email);
      const subscriber: MailerLiteSubscriber = existing ?? {
        id: this.#id(),
        email,
        status: 'active',
        source: 'api',
        fields: {},
        groups: [],
      };
      Object.assign(subscriber.fields, fields);
      for (const id of groups as string[]) if (!subscriber.groups.includes(id)) subscriber.groups.push(id);
      if (body.status !== undefined) subscriber.status = body.status as string;
      this.subscribers.set(email, subscriber);
      return {
        status: existing ? 200 : 201,
        body: {
          data: { ...subscriber, groups: subscriber.groups.map((id) => this.groups.find((group) => group.id === id)) },
        },
      };
    }
    return { status: 404, body: { message: 'Not Found' } };
  }
}
