import type { ExternalReply } from '../externalWorld.ts';
import { basicCredentials, CrmFake, header, isJson, isRecord, type RecordedCall } from './crmFake.ts';

/**
 * Agile CRM as crm-webhooks-payments.md A2 documents it, for hosts `{domain}.agilecrm.com` (HTTPS, /dev/):
 * HTTP Basic with the user's email and the REST API key (else 401 `{"status":"401","exception message":
 * "authentication issue"}`). Answers are **XML unless the request sends `Accept: application/json`**.
 * - `POST /dev/api/contacts` (Content-Type application/json) `{tags?:[names], properties:[{type:
 *   SYSTEM|CUSTOM, name, value, subtype?}]}`: first_name and email are required; tag names must start
 *   with a letter and hold only letters, digits, underscores and spaces (400 otherwise); a taken email is
 *   400 text/plain "Sorry, duplicate contact found with the same email address."; 200 with the contact.
 * - `GET /dev/api/contacts/search/email/{email}`: 200 with the contact, or 204 when there is none.
 * - `PUT /dev/api/contacts/edit-properties {id, properties}` (no tags) and `PUT /dev/api/contacts/edit/tags {id, tags}` (adds).
 * - `POST /dev/api/contacts/email/tags/add` form-urlencoded `email=…&tags=["t"]`: 204.
 * `contactLimit` plays the 406 of a full account. No documented rate limit: the 429 has no headers.
 */
export interface AgileContact {
  id: number;
  type: 'PERSON';
  tags: string[];
  properties: { type: string; name: string; value: string; subtype?: string }[];
}

type Answer = { status: number; headers?: Record<string, string>; body?: string | object };

const tagPattern = /^[A-Za-z][A-Za-z0-9_ ]*$/;

function xml(value: unknown, name: string): string {
  if (Array.isArray(value)) return value.map((item) => xml(item, name)).join('');
  if (isRecord(value))
    return `<${name}>${Object.entries(value)
      .map(([key, inner]) => xml(inner, key))
      .join('')}</${name}>`;
  return `<${name}>${String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;')}</${name}>`;
}

export class FakeAgileCrm extends CrmFake {
  readonly contacts: AgileContact[] = [];
  contactLimit = Infinity;
  #next = 5_705_897_829_154_816;

  readonly domain: string;
  readonly userEmail: string;
  readonly apiKey: string;

  constructor(domain: string, userEmail: string, apiKey: string) {
    super();
    this.domain = domain;
    this.userEmail = userEmail;
    this.apiKey = apiKey;
  }

  byEmail(email: string): AgileContact | undefined {
    return this.contacts.find((contact) =>
      contact.properties.some((property) => property.name === 'email' && property.value.toLowerCase() === email.toLowerCase()),
    );
  }

  protected override rateLimited(): ExternalReply {
    return { status: 429, headers: { 'Content-Type': 'text/plain' }, body: 'Too many requests' };
  }

  protected answer(request: RecordedCall): ExternalReply {
    const reply = this.#answer(request);
    if (reply.body === undefined || typeof reply.body === 'string') return reply;
    if (/application\/json/i.test(header(request, 'accept') ?? '')) return reply;
    return {
      ...reply,
      headers: { 'Content-Type': 'application/xml' },
      body: `<?xml version="1.0" encoding="UTF-8"?>${xml(reply.body, 'contact')}`,
    };
  }

  #answer(request: RecordedCall): Answer {
    const credentials = basicCredentials(request);
    if (
      request.host !== `${this.domain}.agilecrm.com` ||
      credentials?.user !== this.userEmail ||
      credentials.password !== this.apiKey
    ) {
      return { status: 401, body: { status: '401', 'exception message': 'authentication issue' } };
    }
    const text = (status: number, message: string): Answer => ({
      status,
      headers: { 'Content-Type': 'text/plain' },
      body: message,
    });
    const body = request.json;
    if (request.method === 'POST' && request.path === '/dev/api/contacts') {
      if (!isJson(request) || !isRecord(body))
        return text(400, 'Invalid input: the body must be JSON (Content-Type: application/json)');
      const invalid = this.#invalid(body.properties, body.tags, true);
      if (invalid) return text(400, invalid);
      const properties = body.properties as AgileContact['properties'];
      const email = properties.find((property) => property.name === 'email')!.value;
      if (this.byEmail(email)) return text(400, 'Sorry, duplicate contact found with the same email address.');
      if (this.contacts.length >= this.contactLimit) return text(406, 'Contacts limit reached');
      const contact: AgileContact = {
        id: this.#next++,
        type: 'PERSON',
        tags: [...new Set((body.tags as string[]) ?? [])],
        properties,
      };
      this.contacts.push(contact);
      return { status: 200, body: contact };
    }
    const search = /^\/dev\/api\/contacts\/search\/email\/(.+)$/.exec(request.path);
    if (request.method === 'GET' && search) {
      const contact = this.byEmail(decodeURIComponent(search[1]!));
      return contact ? { status: 200, body: contact } : { status: 204 };
    }
    if (
      request.method === 'PUT' &&
      (request.path === '/dev/api/contacts/edit-properties' || request.path === '/dev/api/contacts/edit/tags')
    ) {
      if (!isJson(request) || !isRecord(body))
        return text(400, 'Invalid input: the body must be JSON (Content-Type: application/json)');
      const contact = this.contacts.find((candidate) => candidate.id === Number(body.id));
      if (!contact) return text(400, 'Invalid contact id');
      const tagsOnly = request.path.endsWith('/edit/tags');
      const invalid = tagsOnly ? this.#invalid(undefined, body.tags, false) : this.#invalid(body.properties, undefined, false);
      if (invalid) return text(400, invalid);
      if (tagsOnly) {
        for (const tag of body.tags as string[]) if (!contact.tags.includes(tag)) contact.tags.push(tag);
      } else {
        for (const property of body.properties as AgileContact['properties']) {
          const index = contact.properties.findIndex((known) => known.name === property.name && known.type === property.type);
          if (index >= 0) contact.properties[index] = property;
          else contact.properties.push(property);
        }
      }
      return { status: 200, body: contact };
    }
    if (request.method === 'POST' && request.path === '/dev/api/contacts/email/tags/add') {
      const form = new URLSearchParams(request.body);
      const contact = this.byEmail(form.get('email') ?? '');
      let tags: unknown;
      try {
        tags = JSON.parse(form.get('tags') ?? '');
      } catch {
        tags = undefined;
      }
      if (!contact || this.#invalid(undefined, tags, false)) return text(400, 'Invalid input');
      for (const tag of tags as string[]) if (!contact.tags.includes(tag)) contact.tags.push(tag);
      return { status: 204 };
    }
    return text(404, 'Not Found');
  }

  #invalid(properties: unknown, tags: unknown, create: boolean): string | undefined {
    if (tags !== undefined) {
      if (!Array.isArray(tags) || !tags.every((tag) => typeof tag === 'string')) return 'tags must be a list of names';
      const bad = (tags as string[]).find((tag) => !tagPattern.test(tag));
      if (bad !== undefined)
        return `Invalid tag name "${bad}": it must start with a letter and contain no special characters except underscore and space`;
    }
    if (properties === undefined && !create) return undefined;
    if (!Array.isArray(properties)) return 'properties must be a list';
    for (const property of properties) {
      if (
        !isRecord(property) ||
        (property.type !== 'SYSTEM' && property.type !== 'CUSTOM') ||
        typeof property.name !== 'string' ||
        typeof property.value !== 'string'
      ) {
        return 'each property needs type SYSTEM or CUSTOM, a name and a string value';
      }
    }
    if (create) {
      const named = (name: string) =>
        properties.find((property) => property.type === 'SYSTEM' && property.name === name && property.value.trim());
      if (!named('first_name')) return 'first_name is mandatory';
      if (!named('email') || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(named('email').value)) return 'a valid email is required';
    }
    return undefined;
  }
}
