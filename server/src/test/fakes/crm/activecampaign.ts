import type { ExternalReply } from '../externalWorld.ts';
import { CrmFake, header, isJson, isRecord, type RecordedCall } from './crmFake.ts';

/**
 * ActiveCampaign API v3 as crm-webhooks-payments.md A3 documents it, for any account host
 * (`{account}.api-us1.com`, `{account}.activehosted.com`): header `Api-Token` on every call, JSON bodies.
 * - `POST /api/3/contact/sync {contact:{email, firstName?, lastName?, phone?, fieldValues?}}`: 201
 *   created, 200 updated, `{contact:{id,…}, fieldValues:[]}`.
 * - `POST /api/3/contacts` (create only): an existing email is 422 `{errors:[{title, detail, code:"duplicate"}]}`.
 * - `POST /api/3/contactLists {contactList:{list, contact, status:1|2}}`; an unknown list or contact 404.
 * - `GET /api/3/tags?search=` (partial match) `{tags:[{id, tag, tagType}]}`; `POST /api/3/tags {tag:{tag, tagType, description}}`.
 * - `POST /api/3/contactTags {contactTag:{contact, tag}}` (201; the same pair again keeps one).
 * A wrong token answers 403 `{message}` (ActiveCampaign's answer, not in the reference); 429 past 5 requests/s.
 */
export interface ActiveCampaignContact {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  lists: Record<string, number>;
  tags: string[];
}

type Answer = { status: number; headers?: Record<string, string>; body?: string | object };

const unprocessable = (title: string, detail: string, code = 'field_invalid', pointer?: string): Answer => ({
  status: 422,
  body: { errors: [{ title, detail, code, ...(pointer ? { source: { pointer } } : {}) }] },
});
const isId = (value: unknown) =>
  (typeof value === 'number' && Number.isInteger(value)) || (typeof value === 'string' && /^\d+$/.test(value));

export class FakeActiveCampaign extends CrmFake {
  readonly token: string;
  readonly contacts: ActiveCampaignContact[] = [];
  readonly tags: { id: string; tag: string; tagType: string }[] = [];
  readonly lists: Set<string>;
  #next = 100;

  constructor(token: string, lists: string[] = ['1']) {
    super();
    this.token = token;
    this.lists = new Set(lists);
  }

  protected override rateLimited(): ExternalReply {
    return { status: 429, headers: { 'Retry-After': '1' }, body: { message: 'Too Many Requests' } };
  }

  protected answer(request: RecordedCall): ExternalReply {
    if (header(request, 'api-token') !== this.token) {
      return { status: 403, body: { message: 'You are not authorized to access this resource' } };
    }
    if (request.method === 'POST' && (!isJson(request) || !isRecord(request.json))) {
      return unprocessable('Invalid body', 'The request body must be a JSON object');
    }
    const body = (request.json ?? {}) as Record<string, unknown>;
    if (request.method === 'POST' && (request.path === '/api/3/contact/sync' || request.path === '/api/3/contacts')) {
      const fields = body.contact;
      if (!isRecord(fields) || typeof fields.email !== 'string' || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(fields.email)) {
        return unprocessable('Email address is invalid.', 'Email address is invalid.', 'email_invalid', '/data/attributes/email');
      }
      for (const name of ['firstName', 'lastName', 'phone'] as const) {
        if (fields[name] !== undefined && typeof fields[name] !== 'string') {
          return unprocessable(`${name} is invalid`, `${name} must be a string`);
        }
      }
      if (fields.fieldValues !== undefined && !Array.isArray(fields.fieldValues)) {
        return unprocessable('fieldValues is invalid', 'fieldValues must be a list of {field, value}');
      }
      const email = fields.email.toLowerCase();
      let contact = this.contacts.find((candidate) => candidate.email === email);
      if (contact && request.path === '/api/3/contacts') {
        return unprocessable(
          'Email address already exists in the system.',
          'Email address already exists in the system.',
          'duplicate',
        );
      }
      const created = !contact;
      contact ??= { id: String(this.#next++), email, firstName: '', lastName: '', lists: {}, tags: [] };
      if (created) this.contacts.push(contact);
      if (typeof fields.firstName === 'string') contact.firstName = fields.firstName;
      if (typeof fields.lastName === 'string') contact.lastName = fields.lastName;
      return {
        status: created ? 201 : 200,
        body: {
          contact: { id: contact.id, email: contact.email, firstName: contact.firstName, lastName: contact.lastName },
          fieldValues: [],
        },
      };
    }
    if (request.method === 'POST' && request.path === '/api/3/contactLists') {
      const link = body.contactList;
      if (!isRecord(link) || !isId(link.list) || !isId(link.contact) || (link.status !== 1 && link.status !== 2)) {
        return unprocessable('contactList is invalid', 'contactList needs list, contact and status 1 or 2');
      }
      const contact = this.contacts.find((candidate) => candidate.id === String(link.contact));
      if (!contact || !this.lists.has(String(link.list)))
        return { status: 404, body: { message: 'No Result found for List or Contact' } };
      contact.lists[String(link.list)] = link.status;
      return {
        status: 201,
        body: { contactList: { list: String(link.list), contact: contact.id, status: String(link.status) } },
      };
    }
    if (request.method === 'GET' && request.path === '/api/3/tags') {
      const search = (request.query.get('search') ?? '').toLowerCase();
      return {
        status: 200,
        body: { tags: this.tags.filter((tag) => tag.tag.toLowerCase().includes(search)), meta: { total: '0' } },
      };
    }
    if (request.method === 'POST' && request.path === '/api/3/tags') {
      const tag = body.tag;
      if (
        !isRecord(tag) ||
        typeof tag.tag !== 'string' ||
        !tag.tag.trim() ||
        (tag.tagType !== 'contact' && tag.tagType !== 'template')
      ) {
        return unprocessable('tag is invalid', 'tag needs a name and tagType contact or template');
      }
      if (this.tags.some((known) => known.tag === tag.tag))
        return unprocessable('Tag already exists', 'Tag already exists', 'duplicate');
      const created = { id: String(this.#next++), tag: tag.tag, tagType: tag.tagType };
      this.tags.push(created);
      return { status: 201, body: { tag: { ...created, description: tag.description ?? '' } } };
    }
    if (request.method === 'POST' && request.path === '/api/3/contactTags') {
      const link = body.contactTag;
      if (!isRecord(link) || !isId(link.contact) || !isId(link.tag)) {
        return unprocessable('contactTag is invalid', 'contactTag needs contact and tag ids');
      }
      const contact = this.contacts.find((candidate) => candidate.id === String(link.contact));
      const tag = this.tags.find((candidate) => candidate.id === String(link.tag));
      if (!contact || !tag) return { status: 404, body: { message: 'No Result found for Contact or Tag' } };
      if (!contact.tags.includes(tag.tag)) contact.tags.push(tag.tag);
      return { status: 201, body: { contactTag: { contact: contact.id, tag: tag.id } } };
    }
    return { status: 404, body: { message: 'Not Found' } };
  }
}
