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
 */
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

  readonly apiKey: string;

  constructor(apiKey: string) {
    super();
    this.apiKey = apiKey;
  }

  protected answer(request: RecordedCall): ExternalReply {
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
    for (const key of Object.keys(attributes)) {
      if (key !== key.toUpperCase()) this.unexpected.push(`attribute ${key} is not upper-case`);
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
