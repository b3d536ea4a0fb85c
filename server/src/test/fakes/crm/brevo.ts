import type { ExternalReply } from '../externalWorld.ts';
import { CrmFake, header, isJson, isRecord, type RecordedCall } from './crmFake.ts';

/**
 * Brevo (formerly Sendinblue) as crm-webhooks-payments.md A10 documents it, for host api.brevo.com
 * (also api.sendinblue.com): `POST /v3/contacts` with header `api-key`, a JSON body `{email,
 * attributes{UPPER-CASE keys}, listIds[int], updateEnabled, extId}`. 201 `{id}` for a new contact,
 * 204 when `updateEnabled` updates an existing one, 400 `duplicate_parameter` "Contact already exist"
 * without it. Errors `{code, message}` (missing_parameter, invalid_parameter, document_not_found); an
 * unknown key 401 `unauthorized` (the body Brevo answers; not in the reference). 429 with the
 * `x-sib-ratelimit-limit/remaining/reset` headers.
 * Attributes (marketing-stack-and-languages.md B3): `GET /v3/contacts/attributes` → `{attributes:[{name,
 * category, type}]}`; `POST /v3/contacts/attributes/{category}/{NAME}` with a documented category and,
 * for `normal`, `{type: text|date|float|boolean}` (or `multiCategoryOptions`), an upper-case name not yet
 * taken → 201 with no body. A contact's attribute keys must exist ("These attributes must be present in
 * your account"; the reference leaves the reaction open: refused here, so a test sees it) and a float
 * attribute takes a number, a text one a string.
 */
export interface BrevoAttribute {
  name: string;
  category: string;
  type: string;
}

const attributeCategories = ['normal', 'transactional', 'category', 'calculated', 'global'];
const normalTypes = ['text', 'date', 'float', 'boolean'];

export interface BrevoContact {
  id: number;
  email: string;
  attributes: Record<string, unknown>;
  listIds: number[];
}

export class FakeBrevo extends CrmFake {
  readonly contacts = new Map<string, BrevoContact>();
  /** Requests that reached the contacts call with something the reference does not document. */
  readonly unexpected: string[] = [];
  #nextId = 1;
  readonly attributes: BrevoAttribute[] = [
    { name: 'FIRSTNAME', category: 'normal', type: 'text' },
    { name: 'LASTNAME', category: 'normal', type: 'text' },
    { name: 'SMS', category: 'normal', type: 'text' },
  ];

  /** The attribute creations the fake accepted. */
  createdAttributes(): RecordedCall[] {
    return this.requests.filter((request) => request.path.startsWith('/v3/contacts/attributes/') && request.status === 201);
  }

  readonly apiKey: string;

  constructor(apiKey: string) {
    super();
    this.apiKey = apiKey;
  }

  protected answer(request: RecordedCall): ExternalReply {
    if (request.path === '/v3/contacts/attributes' || request.path.startsWith('/v3/contacts/attributes/')) {
      if (header(request, 'api-key') !== this.apiKey) return error(401, 'unauthorized', 'Key not found');
      return this.#attributeCall(request);
    }
    if (request.method !== 'POST' || request.path !== '/v3/contacts') {
      return error(404, 'document_not_found', `No route ${request.method} ${request.path}`);
    }
    if (header(request, 'api-key') !== this.apiKey) return error(401, 'unauthorized', 'Key not found');
    if (!isJson(request) || !isRecord(request.json)) {
      return error(400, 'invalid_parameter', 'Input must be a JSON object');
    }
    const body = request.json;
    for (const key of Object.keys(body)) {
      if (!['email', 'attributes', 'listIds', 'updateEnabled', 'extId', 'emailBlacklisted', 'smsBlacklisted'].includes(key))
        this.unexpected.push(`unknown field ${key}`);
    }
    if (typeof body.email !== 'string' || !body.email) return error(400, 'missing_parameter', 'email is missing');
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(body.email)) return error(400, 'invalid_parameter', 'Invalid email address');
    if (body.attributes !== undefined && !isRecord(body.attributes))
      return error(400, 'invalid_parameter', 'attributes should be an object');
    const attributes = (body.attributes ?? {}) as Record<string, unknown>;
    for (const [key, value] of Object.entries(attributes)) {
      if (key !== key.toUpperCase()) this.unexpected.push(`attribute ${key} is not upper-case`);
      const attribute = this.attributes.find((candidate) => candidate.name === key);
      if (!attribute) return error(400, 'invalid_parameter', `These attributes must be present in your account: ${key}`);
      if (attribute.type === 'float' ? typeof value !== 'number' : attribute.type === 'text' && typeof value !== 'string') {
        return error(400, 'invalid_parameter', `attributes.${key} has the wrong type`);
      }
    }
    if (
      body.listIds !== undefined &&
      (!Array.isArray(body.listIds) || !body.listIds.every((id) => Number.isInteger(id) && (id as number) > 0))
    ) {
      return error(400, 'invalid_parameter', 'listIds should be an array of integers');
    }
    if (body.updateEnabled !== undefined && typeof body.updateEnabled !== 'boolean')
      return error(400, 'invalid_parameter', 'updateEnabled should be a boolean');
    const listIds = (body.listIds ?? []) as number[];
    const key = body.email.toLowerCase();
    const existing = this.contacts.get(key);
    if (existing) {
      if (body.updateEnabled !== true) return error(400, 'duplicate_parameter', 'Contact already exist');
      Object.assign(existing.attributes, attributes);
      existing.listIds = [...new Set([...existing.listIds, ...listIds])];
      return { status: 204 };
    }
    const contact: BrevoContact = { id: this.#nextId++, email: body.email, attributes: { ...attributes }, listIds };
    this.contacts.set(key, contact);
    return { status: 201, body: { id: contact.id } };
  }

  #attributeCall(request: RecordedCall): ExternalReply {
    if (request.method === 'GET' && request.path === '/v3/contacts/attributes') {
      return { status: 200, body: { attributes: this.attributes } };
    }
    const route = /^\/v3\/contacts\/attributes\/([^/]+)\/([^/]+)$/.exec(request.path);
    if (request.method !== 'POST' || !route)
      return error(404, 'document_not_found', `No route ${request.method} ${request.path}`);
    const category = decodeURIComponent(route[1]!);
    const name = decodeURIComponent(route[2]!);
    if (!attributeCategories.includes(category)) return error(400, 'invalid_parameter', 'attributeCategory is not valid');
    if (!/^[A-Z][A-Z0-9_]*$/.test(name)) return error(400, 'invalid_parameter', 'attributeName must be upper case');
    if (!isJson(request) || !isRecord(request.json)) return error(400, 'missing_parameter', 'No inputs in the body');
    const body = request.json;
    const extra = Object.keys(body).find(
      (key) => !['type', 'value', 'isRecurring', 'enumeration', 'multiCategoryOptions'].includes(key),
    );
    if (extra) return error(400, 'invalid_parameter', `${extra} is not a valid parameter`);
    if (
      category === 'normal' &&
      !(typeof body.type === 'string' && normalTypes.includes(body.type)) &&
      !body.multiCategoryOptions
    ) {
      return error(400, 'invalid_parameter', 'type is not valid for a normal attribute');
    }
    if (this.attributes.some((attribute) => attribute.name === name)) {
      return error(400, 'invalid_parameter', 'Attribute name must be unique');
    }
    this.attributes.push({ name, category, type: String(body.type ?? 'text') });
    return { status: 201 };
  }

  protected rateLimited(): ExternalReply {
    return {
      status: 429,
      headers: {
        'content-type': 'application/json',
        'x-sib-ratelimit-limit': '10',
        'x-sib-ratelimit-remaining': '0',
        'x-sib-ratelimit-reset': '2',
      },
      body: JSON.stringify({ code: 'too_many_requests', message: 'Too many requests' }),
    };
  }

  protected override serverError(): ExternalReply {
    return error(500, 'internal_error', 'Internal server error');
  }
}

function error(status: number, code: string, message: string): ExternalReply {
  return { status, body: { code, message } };
}
