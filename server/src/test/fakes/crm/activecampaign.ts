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
 * - Custom fields (marketing-stack-and-languages.md B2): `GET /api/3/fields?limit=&offset=` (20 a page
 *   by default, at most 100) `{fields:[{id,title,type,perstag}], meta:{total}}`; `POST /api/3/fields
 *   {field:{title, type, descript?, perstag?, defval?, visible?}}` with a documented type → 201
 *   `{field:{id,…}}`; `POST /api/3/fieldRels {fieldRel:{field, relid}}` (relid 0 = all lists) → 201. A
 *   contact's `fieldValues` must be `[{field:"<id>", value:"<text>"}]` of fields related to its lists (the
 *   reference leaves an unknown id open: refused here).
 * A wrong token answers 403 `{message}` (ActiveCampaign's answer, not in the reference); 429 past 5 requests/s.
 */
export interface ActiveCampaignContact {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  lists: Record<string, number>;
  tags: string[];
  fieldValues: Record<string, string>;
}

export interface ActiveCampaignField {
  id: string;
  title: string;
  type: string;
  perstag: string;
  /** The lists it is related to (0 = all). */
  relids: number[];
}

const fieldTypes = ['text', 'textarea', 'date', 'datetime', 'dropdown', 'multiselect', 'radio', 'checkbox', 'hidden', 'listbox'];
const fieldKeys = ['title', 'type', 'descript', 'perstag', 'defval', 'visible'];

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
  readonly fields: ActiveCampaignField[] = [];
  #next = 100;

  /** The field creations the fake accepted. */
  createdFields(): RecordedCall[] {
    return this.requests.filter(
      (request) => request.method === 'POST' && request.path === '/api/3/fields' && request.status === 201,
    );
  }

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
      const values = (fields.fieldValues ?? []) as unknown[];
      for (const value of values) {
        if (!isRecord(value) || typeof value.field !== 'string' || typeof value.value !== 'string') {
          return unprocessable('fieldValues is invalid', 'each field value is {field: "<id>", value: "<text>"}');
        }
        const field = this.fields.find((candidate) => candidate.id === value.field);
        if (!field || !field.relids.includes(0)) {
          return unprocessable('Field not found', `No custom field ${String(value.field)} related to all lists`, 'field_missing');
        }
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
      contact ??= {
        id: String(this.#next++),
        email,
        firstName: '',
        lastName: '',
        phone: '',
        lists: {},
        tags: [],
        fieldValues: {},
      };
      for (const value of values as { field: string; value: string }[]) contact.fieldValues[value.field] = value.value;
      if (created) this.contacts.push(contact);
      if (typeof fields.firstName === 'string') contact.firstName = fields.firstName;
      if (typeof fields.lastName === 'string') contact.lastName = fields.lastName;
      if (typeof fields.phone === 'string') contact.phone = fields.phone;
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
    if (request.method === 'GET' && request.path === '/api/3/fields') {
      const limit = Number(request.query.get('limit') ?? '20');
      const offset = Number(request.query.get('offset') ?? '0');
      if (!Number.isInteger(limit) || limit < 1 || limit > 100 || !Number.isInteger(offset) || offset < 0) {
        return unprocessable('Invalid paging', 'limit is 1–100 and offset 0 or more');
      }
      const page = this.fields.slice(offset, offset + limit).map(({ relids: _relids, ...field }) => field);
      return { status: 200, body: { fields: page, meta: { total: String(this.fields.length) } } };
    }
    if (request.method === 'POST' && request.path === '/api/3/fields') {
      const field = body.field;
      if (!isRecord(field)) return unprocessable('field is invalid', 'The body is {field:{title, type}}');
      const extra = Object.keys(field).find((key) => !fieldKeys.includes(key));
      if (extra) return unprocessable('field is invalid', `${extra} is not a field property`);
      if (typeof field.title !== 'string' || !field.title.trim()) return unprocessable('Title is required', 'Title is required');
      if (typeof field.type !== 'string' || !fieldTypes.includes(field.type)) {
        return unprocessable('Type is invalid', `type must be one of ${fieldTypes.join(', ')}`);
      }
      const id = String(this.#next++);
      const perstag = typeof field.perstag === 'string' ? field.perstag : field.title.toUpperCase().replace(/[^A-Z0-9]+/g, '_');
      if (this.fields.some((known) => known.perstag === perstag))
        return unprocessable('Duplicate', 'perstag is taken', 'duplicate');
      const created: ActiveCampaignField = { id, title: field.title, type: field.type, perstag, relids: [] };
      this.fields.push(created);
      return { status: 201, body: { field: { id, title: created.title, type: created.type, perstag } } };
    }
    if (request.method === 'POST' && request.path === '/api/3/fieldRels') {
      const rel = body.fieldRel;
      if (!isRecord(rel) || !isId(rel.field) || !isId(rel.relid)) {
        return unprocessable('fieldRel is invalid', 'fieldRel needs field and relid ids');
      }
      const field = this.fields.find((candidate) => candidate.id === String(rel.field));
      if (!field) return { status: 404, body: { message: 'No Result found for Field' } };
      field.relids.push(Number(rel.relid));
      return { status: 201, body: { fieldRel: { id: String(this.#next++), field: field.id, relid: String(rel.relid) } } };
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
