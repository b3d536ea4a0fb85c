import type { ExternalReply } from '../externalWorld.ts';
import { CrmFake, header, isJson, isRecord, type RecordedCall } from './crmFake.ts';

/**
 * SendFox as crm-webhooks-payments.md A7 documents it, for host api.sendfox.com: `Authorization:
 * Bearer <token>` on every call; `POST /contacts` `{email, first_name, last_name, ip_address,
 * lists:[int], contact_fields:[{name, value}]}` answers the contact object; `GET /contacts?email=` and
 * `GET /lists`. On the Free plan (`paidPlan = false`) every endpoint answers 402 "API access requires
 * a paid plan.". Errors are Laravel's `{message, errors{field:[..]}}`: 401 "Unauthenticated." for a
 * missing or unknown token, 422 for validation (including a list that does not exist). 429 with
 * X-RateLimit-Limit/Remaining and Retry-After.
 *
 * Not documented, so chosen here and recorded in `unexpected` only when something else is sent: a
 * second POST for a known email updates that contact (200) instead of creating one (201).
 */
export interface SendfoxContact {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  ip_address: string | null;
  unsubscribed_at: string | null;
  created_at: string;
  updated_at: string;
  lists: number[];
  contact_fields: { name: string; value: string }[];
}

export class FakeSendfox extends CrmFake {
  readonly contacts = new Map<string, SendfoxContact>();
  readonly lists = new Map<number, string>([[123, 'Quiz leads']]);
  readonly unexpected: string[] = [];
  /** false: the account is on the Free plan. */
  paidPlan = true;
  #nextId = 1;

  readonly token: string;

  constructor(token: string) {
    super();
    this.token = token;
  }

  protected answer(request: RecordedCall): ExternalReply {
    if (header(request, 'authorization') !== `Bearer ${this.token}`)
      return { status: 401, body: { message: 'Unauthenticated.' } };
    if (!this.paidPlan) return { status: 402, body: { message: 'API access requires a paid plan.' } };
    if (request.method === 'GET' && request.path === '/lists') {
      return { status: 200, body: { data: [...this.lists].map(([id, name]) => ({ id, name })) } };
    }
    if (request.method === 'GET' && request.path === '/contacts') {
      const email = request.query.get('email')?.toLowerCase();
      const data = [...this.contacts.values()].filter((contact) => !email || contact.email.toLowerCase() === email);
      return { status: 200, body: { data } };
    }
    if (request.method !== 'POST' || request.path !== '/contacts') return { status: 404, body: { message: 'Not Found' } };
    if (!isJson(request) || !isRecord(request.json)) {
      this.unexpected.push(`POST /contacts with content-type ${header(request, 'content-type') ?? '(none)'}`);
      return invalid({ email: ['The email field is required.'] });
    }
    const body = request.json;
    for (const key of Object.keys(body)) {
      if (!['email', 'first_name', 'last_name', 'ip_address', 'lists', 'contact_fields'].includes(key))
        this.unexpected.push(`unknown field ${key}`);
    }
    if (typeof body.email !== 'string' || !body.email) return invalid({ email: ['The email field is required.'] });
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(body.email)) return invalid({ email: ['The email must be a valid email address.'] });
    for (const name of ['first_name', 'last_name', 'ip_address'] as const) {
      if (body[name] !== undefined && body[name] !== null && typeof body[name] !== 'string')
        return invalid({ [name]: [`The ${name.replace('_', ' ')} must be a string.`] });
    }
    if (body.lists !== undefined) {
      if (!Array.isArray(body.lists)) return invalid({ lists: ['The lists must be an array.'] });
      for (const [index, id] of body.lists.entries()) {
        if (!Number.isInteger(id)) return invalid({ [`lists.${index}`]: [`The lists.${index} must be an integer.`] });
        if (!this.lists.has(id as number)) return invalid({ [`lists.${index}`]: [`The selected lists.${index} is invalid.`] });
      }
    }
    if (body.contact_fields !== undefined) {
      const fields = body.contact_fields;
      if (
        !Array.isArray(fields) ||
        !fields.every((field) => isRecord(field) && typeof field.name === 'string' && typeof field.value === 'string')
      ) {
        return invalid({ contact_fields: ['The contact fields must be a list of {name, value} strings.'] });
      }
    }
    const now = new Date().toISOString();
    const lists = (body.lists ?? []) as number[];
    const fields = (body.contact_fields ?? []) as { name: string; value: string }[];
    const key = body.email.toLowerCase();
    const existing = this.contacts.get(key);
    if (existing) {
      existing.first_name = (body.first_name as string | undefined) ?? existing.first_name;
      existing.last_name = (body.last_name as string | undefined) ?? existing.last_name;
      existing.lists = [...new Set([...existing.lists, ...lists])];
      for (const field of fields) {
        const same = existing.contact_fields.find((candidate) => candidate.name === field.name);
        if (same) same.value = field.value;
        else existing.contact_fields.push({ ...field });
      }
      existing.updated_at = now;
      return { status: 200, body: publicContact(existing) };
    }
    const contact: SendfoxContact = {
      id: this.#nextId++,
      email: body.email,
      first_name: (body.first_name as string | undefined) ?? null,
      last_name: (body.last_name as string | undefined) ?? null,
      ip_address: (body.ip_address as string | undefined) ?? null,
      unsubscribed_at: null,
      created_at: now,
      updated_at: now,
      lists,
      contact_fields: fields.map((field) => ({ ...field })),
    };
    this.contacts.set(key, contact);
    return { status: 201, body: publicContact(contact) };
  }

  protected rateLimited(): ExternalReply {
    return {
      status: 429,
      headers: {
        'content-type': 'application/json',
        'x-ratelimit-limit': '60',
        'x-ratelimit-remaining': '0',
        'retry-after': '30',
      },
      body: JSON.stringify({ message: 'Too Many Attempts.' }),
    };
  }

  protected override serverError(): ExternalReply {
    return { status: 500, body: { message: 'Server Error' } };
  }
}

function invalid(errors: Record<string, string[]>): ExternalReply {
  return { status: 422, body: { message: Object.values(errors)[0]![0], errors } };
}

function publicContact(contact: SendfoxContact): Record<string, unknown> {
  const { id, email, first_name, last_name, ip_address, unsubscribed_at, created_at, updated_at } = contact;
  return { id, email, first_name, last_name, ip_address, unsubscribed_at, created_at, updated_at };
}
