import type { ExternalReply } from '../externalWorld.ts';
import { CrmFake, header, isRecord, type RecordedCall } from './crmFake.ts';

/**
 * Vbout as crm-webhooks-payments.md A8 documents it, for host api.vbout.com: the API key in the `key`
 * query parameter; `POST /1/emailmarketing/synccontact(.json)` with `email` and `listid` (and
 * optionally `status` active|disactive, `ipaddress`, `fields[<numeric id>]`) as form data, JSON or
 * query parameters, adding the contact or updating the one with that email in the list;
 * `GET /1/emailmarketing/getLists(.json)`. Every answer is the envelope `{response:{header, data}}`:
 * `data.item` on success, `data.errorCode` / `data.errorMessage` on a refusal. The reference has
 * these from client code only, and no rate limit or HTTP status for refusals: refusals are HTTP 200
 * with the error envelope here, and the 429 (for tests of throttling) carries Retry-After.
 */
export interface VboutContact {
  id: string;
  email: string;
  status: string;
  listid: string;
  fields: Record<string, string>;
}

export class FakeVbout extends CrmFake {
  /** List id → its contacts by lower-cased email. */
  readonly lists = new Map<string, { name: string; contacts: Map<string, VboutContact> }>([
    ['24', { name: 'Quiz leads', contacts: new Map() }],
  ]);
  readonly unexpected: string[] = [];
  readonly apiKey: string;
  #nextId = 1000;

  constructor(apiKey: string) {
    super();
    this.apiKey = apiKey;
  }

  protected answer(request: RecordedCall): ExternalReply {
    const route = /^\/1\/emailmarketing\/(synccontact|getLists)(\.json)?$/i.exec(request.path);
    if (!route) return refusal(404, 'Method not found.');
    if (request.query.get('key') !== this.apiKey) return refusal(1001, 'Invalid API key.');
    if (route[1]!.toLowerCase() === 'getlists') {
      const items = [...this.lists].map(([id, list]) => ({ id, name: list.name }));
      return envelope({ lists: { count: items.length, items } });
    }
    if (request.method !== 'POST') return refusal(405, 'Method not allowed.');
    const params = this.#params(request);
    for (const key of params.keys()) {
      if (!['email', 'listid', 'status', 'ipaddress', 'key'].includes(key) && !/^fields\[\d+\]$/.test(key))
        this.unexpected.push(`unknown parameter ${key}`);
    }
    const email = params.get('email') ?? '';
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return refusal(1002, 'Invalid email address.');
    const listid = params.get('listid') ?? '';
    const list = this.lists.get(listid);
    if (!list) return refusal(1003, listid ? 'List not found.' : 'The listid parameter is required.');
    const status = (params.get('status') ?? 'active').toLowerCase();
    if (!['active', 'disactive'].includes(status)) return refusal(1004, 'Invalid status.');
    const fields: Record<string, string> = {};
    for (const [key, value] of params) {
      const field = /^fields\[(\d+)\]$/.exec(key);
      if (field) fields[field[1]!] = value;
    }
    const existing = list.contacts.get(email.toLowerCase());
    if (existing) {
      existing.status = status;
      Object.assign(existing.fields, fields);
      return envelope({ item: existing.id });
    }
    const contact: VboutContact = { id: String(this.#nextId++), email, status, listid, fields };
    list.contacts.set(email.toLowerCase(), contact);
    return envelope({ item: contact.id });
  }

  /** The call's parameters from the form or JSON body, then the query string (key included). */
  #params(request: RecordedCall): URLSearchParams {
    const params = new URLSearchParams(request.query);
    const type = header(request, 'content-type') ?? '';
    if (/^application\/x-www-form-urlencoded/i.test(type)) {
      for (const [key, value] of new URLSearchParams(request.body)) params.set(key, value);
    } else if (/^application\/json/i.test(type) && isRecord(request.json)) {
      for (const [key, value] of Object.entries(request.json)) params.set(key, String(value));
    } else if (request.body) {
      this.unexpected.push(`body with content-type ${type || '(none)'}`);
    }
    return params;
  }

  protected rateLimited(): ExternalReply {
    return { status: 429, headers: { 'retry-after': '5' }, body: errorBody(429, 'Too many requests.') };
  }

  protected override serverError(): ExternalReply {
    return { status: 500, body: errorBody(500, 'Internal server error.') };
  }
}

function envelope(data: Record<string, unknown>): ExternalReply {
  return { status: 200, body: { response: { header: { status: 'ok', dataType: 'JSON', limit: '', cached: false }, data } } };
}

function errorBody(errorCode: number, errorMessage: string): Record<string, unknown> {
  return { response: { header: { status: 'error', dataType: 'JSON' }, data: { errorCode, errorMessage } } };
}

function refusal(errorCode: number, errorMessage: string): ExternalReply {
  return { status: 200, body: errorBody(errorCode, errorMessage) };
}
