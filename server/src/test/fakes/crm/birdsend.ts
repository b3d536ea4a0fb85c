import type { ExternalReply } from '../externalWorld.ts';
import { CrmFake, header, isJson, isRecord, type RecordedCall } from './crmFake.ts';

/**
 * BirdSend as crm-webhooks-payments.md A6 documents it, for host api.birdsend.co: JSON only,
 * `Authorization: Bearer <token>`.
 * - `POST /v1/contacts {email, fields?:{first_name,last_name,…}, tags?:[names]}` → 201 `{contact_id, …}`.
 * - `GET /v1/contacts?search_by=email&keyword=` → `{data:[{contact_id, email, …}], meta}`.
 * - `GET /v1/tags` → `{data:[{tag_id,name}], meta:{current_page,last_page}}`.
 * Not in the reference (BirdSend's answers there are unverified), played the Laravel way BirdSend's
 * API answers: a wrong token 401 `{"message":"Unauthenticated."}`; a taken email or a bad field 422
 * `{message, errors:{field:[..]}}`; `PATCH /v1/contacts/{id}` updates fields and adds tags (200).
 * Requests outside the documented shapes are kept in `unexpected`. 429 past 5 requests/s.
 */
export interface BirdSendContact {
  contact_id: number;
  email: string;
  fields: Record<string, string>;
  tags: string[];
}

type Answer = { status: number; headers?: Record<string, string>; body?: string | object };

const invalid = (field: string, message: string): Answer => ({
  status: 422,
  body: { message: 'The given data was invalid.', errors: { [field]: [message] } },
});

export class FakeBirdSend extends CrmFake {
  readonly token: string;
  readonly contacts: BirdSendContact[] = [];
  readonly unexpected: string[] = [];
  #next = 12;

  constructor(token: string) {
    super();
    this.token = token;
  }

  get tags(): string[] {
    return [...new Set(this.contacts.flatMap((contact) => contact.tags))];
  }

  protected override rateLimited(): ExternalReply {
    return {
      status: 429,
      headers: { 'Retry-After': '1', 'X-RateLimit-Limit': '5', 'X-RateLimit-Remaining': '0' },
      body: { message: 'Too Many Attempts.' },
    };
  }

  protected answer(request: RecordedCall): ExternalReply {
    if (header(request, 'authorization') !== `Bearer ${this.token}`)
      return { status: 401, body: { message: 'Unauthenticated.' } };
    const body = request.json;
    if (request.method === 'GET' && request.path === '/v1/contacts') {
      if (request.query.get('search_by') !== 'email') this.unexpected.push(`GET /v1/contacts?${request.query}`);
      const keyword = (request.query.get('keyword') ?? '').toLowerCase();
      const data = this.contacts.filter((contact) => contact.email === keyword);
      return { status: 200, body: { data, meta: { current_page: 1, last_page: 1, total: data.length } } };
    }
    if (request.method === 'GET' && request.path === '/v1/tags') {
      const data = this.tags.map((name, index) => ({ tag_id: index + 1, name }));
      return { status: 200, body: { data, meta: { current_page: 1, last_page: 1 } } };
    }
    const patch = /^\/v1\/contacts\/(\d+)$/.exec(request.path);
    if ((request.method === 'POST' && request.path === '/v1/contacts') || (request.method === 'PATCH' && patch)) {
      if (!isJson(request) || !isRecord(body)) return invalid('email', 'The email field is required.');
      const fields = body.fields ?? {};
      if (!isRecord(fields) || !Object.values(fields).every((value) => typeof value === 'string')) {
        return invalid('fields', 'The fields must be an object of strings.');
      }
      const tags = body.tags ?? [];
      if (!Array.isArray(tags) || !tags.every((tag) => typeof tag === 'string' && tag.trim())) {
        return invalid('tags', 'The tags must be a list of names.');
      }
      const extra = Object.keys(body).filter((key) => !['email', 'fields', 'tags'].includes(key));
      if (extra.length) this.unexpected.push(`${request.method} ${request.path}: ${extra.join(', ')}`);
      if (patch) {
        const contact = this.contacts.find((candidate) => candidate.contact_id === Number(patch[1]));
        if (!contact) return { status: 404, body: { message: 'Contact not found.' } };
        Object.assign(contact.fields, fields);
        for (const tag of tags as string[]) if (!contact.tags.includes(tag)) contact.tags.push(tag);
        return { status: 200, body: { data: contact } };
      }
      if (typeof body.email !== 'string' || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(body.email)) {
        return invalid('email', 'The email must be a valid email address.');
      }
      const email = body.email.toLowerCase();
      if (this.contacts.some((contact) => contact.email === email)) return invalid('email', 'The email has already been taken.');
      const contact: BirdSendContact = {
        contact_id: this.#next++,
        email,
        fields: { ...(fields as Record<string, string>) },
        tags: [...new Set(tags as string[])],
      };
      this.contacts.push(contact);
      return { status: 201, body: { ...contact } };
    }
    this.unexpected.push(`${request.method} ${request.path}`);
    return { status: 404, body: { message: 'Not Found' } };
  }
}
