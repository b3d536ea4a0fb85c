import type { ExternalReply } from '../externalWorld.ts';
import { CrmFake, header, type RecordedCall } from './crmFake.ts';

/**
 * Acumbamail as crm-webhooks-payments.md A12 documents it, for host acumbamail.com:
 * `POST /api/1/addSubscriber/` (trailing slash; without it the server redirects, 301, as Django does),
 * form-urlencoded (parameters may also come in the query string): `auth_token`, `list_id`,
 * `merge_fields[email]` (or `merge_fields[EMAIL]`), other `merge_fields[<FIELD>]`, `double_optin=0|1`,
 * `update_subscriber=0|1`, `complete_json`, `welcome_email`, `response_type=json`. A known email is
 * updated when `update_subscriber=1`. Success answers `{"subscriber_id": n}`.
 * The reference marks status codes and error texts unverified; chosen here: `{"error": text}` with
 * 401 for an unknown auth_token, 404 for an unknown list, 400 for a bad email or an existing
 * subscriber without update_subscriber=1; the 429 carries Retry-After. Anything else sent (such as the
 * `double_option` typo of one client) is kept in `unexpected`.
 */
export interface AcumbamailSubscriber {
  id: number;
  email: string;
  mergeFields: Record<string, string>;
  doubleOptin: boolean;
}

const known = ['auth_token', 'list_id', 'double_optin', 'update_subscriber', 'complete_json', 'welcome_email', 'response_type'];

export class FakeAcumbamail extends CrmFake {
  /** List id → its subscribers by lower-cased email. */
  readonly lists = new Map<string, Map<string, AcumbamailSubscriber>>([['1045', new Map()]]);
  readonly unexpected: string[] = [];
  readonly authToken: string;
  #nextId = 5000;

  constructor(authToken: string) {
    super();
    this.authToken = authToken;
  }

  protected answer(request: RecordedCall): ExternalReply {
    if (request.method === 'POST' && request.path === '/api/1/addSubscriber') {
      return { status: 301, headers: { location: '/api/1/addSubscriber/' }, body: '' };
    }
    if (request.method !== 'POST' || request.path !== '/api/1/addSubscriber/') return error(404, 'Not found');
    const params = new URLSearchParams(request.query);
    const type = header(request, 'content-type') ?? '';
    if (/^application\/x-www-form-urlencoded/i.test(type)) {
      for (const [key, value] of new URLSearchParams(request.body)) params.set(key, value);
    } else if (request.body) {
      this.unexpected.push(`body with content-type ${type || '(none)'}`);
    }
    for (const key of params.keys()) {
      if (!known.includes(key) && !/^merge_fields\[[^\]]+\]$/.test(key)) this.unexpected.push(`unknown parameter ${key}`);
    }
    if (params.get('auth_token') !== this.authToken) return error(401, 'Invalid auth token');
    const list = this.lists.get(params.get('list_id') ?? '');
    if (!list) return error(404, 'List not found');
    const email = params.get('merge_fields[email]') ?? params.get('merge_fields[EMAIL]') ?? '';
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return error(400, 'Invalid email');
    for (const flag of ['double_optin', 'update_subscriber', 'complete_json', 'welcome_email']) {
      const value = params.get(flag);
      if (value !== null && value !== '0' && value !== '1') return error(400, `${flag} must be 0 or 1`);
    }
    const mergeFields: Record<string, string> = {};
    for (const [key, value] of params) {
      const field = /^merge_fields\[([^\]]+)\]$/.exec(key);
      if (field) mergeFields[field[1]!] = value;
    }
    const existing = list.get(email.toLowerCase());
    if (existing) {
      if (params.get('update_subscriber') !== '1') return error(400, 'The subscriber already exists in the list');
      Object.assign(existing.mergeFields, mergeFields);
      return { status: 200, body: { subscriber_id: existing.id } };
    }
    const subscriber: AcumbamailSubscriber = {
      id: this.#nextId++,
      email,
      mergeFields,
      doubleOptin: params.get('double_optin') === '1',
    };
    list.set(email.toLowerCase(), subscriber);
    return { status: 200, body: { subscriber_id: subscriber.id } };
  }

  protected rateLimited(): ExternalReply {
    return { status: 429, headers: { 'retry-after': '60' }, body: { error: 'Too many requests' } };
  }

  protected override serverError(): ExternalReply {
    return error(500, 'Internal server error');
  }
}

function error(status: number, message: string): ExternalReply {
  return { status, body: { error: message } };
}
