import { randomBytes } from 'node:crypto';
import type { ExternalReply } from '../externalWorld.ts';
import { CrmFake, header, isRecord, type RecordedCall } from './crmFake.ts';

/**
 * UseInbox (INBOX) as crm-webhooks-payments.md A9 documents it, for host useapi.useinbox.com. Bodies
 * may be JSON or urlencoded; every answer is the envelope `{resultCode, resultMessage, resultObject,
 * resultStatus, version}` with status 200/201/400/401/404.
 * - `POST /token` `{"EmailAddress","Password"}` for the account answers
 *   `resultObject:{access_token, token_type:"Bearer", refresh_token}`; wrong ones 401.
 * - `POST /inbox/v1/contactlists/{contactListId}/add` `{"email", "customFields":[{customFieldId,
 *   value}]}` with `Authorization: Bearer <access_token>` of a live token (else 401); a list it does not
 *   have is 404, a bad email 400; 201 for a new contact.
 * Not documented (the reference marks duplicates and rate limits unverified), chosen here: the same
 * email again in a list updates its custom fields and answers 200; the 429 carries Retry-After.
 * `expireTokens()` plays the tokens running out.
 */
export interface UseinboxContact {
  id: string;
  email: string;
  customFields: Record<string, unknown>;
}

export class FakeUseinbox extends CrmFake {
  /** Contact list id → its contacts by lower-cased email. */
  readonly lists = new Map<string, Map<string, UseinboxContact>>([['5f1c2a9e7b3d4c0012ab34cd', new Map()]]);
  readonly unexpected: string[] = [];
  readonly account: { emailAddress: string; password: string };
  readonly #liveTokens = new Set<string>();
  #nextId = 1;

  constructor(account: { emailAddress: string; password: string }) {
    super();
    this.account = account;
  }

  /** Every token issued so far stops working (a new /token call issues a live one). */
  expireTokens(): void {
    this.#liveTokens.clear();
  }

  get tokenRequests(): RecordedCall[] {
    return this.requests.filter((request) => request.path === '/token');
  }

  protected answer(request: RecordedCall): ExternalReply {
    const body = this.#body(request);
    if (request.method === 'POST' && request.path === '/token') {
      if (body.EmailAddress !== this.account.emailAddress || body.Password !== this.account.password) {
        return envelope(401, false, 'Invalid email address or password.', null);
      }
      const accessToken = randomBytes(24).toString('base64url');
      this.#liveTokens.add(accessToken);
      return envelope(200, true, 'Success', {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: 3600,
        refresh_token: randomBytes(24).toString('base64url'),
      });
    }
    const add = /^\/inbox\/v1\/contactlists\/([^/]+)\/add$/.exec(request.path);
    if (request.method !== 'POST' || !add) return envelope(404, false, 'Resource not found.', null);
    const token = /^Bearer (.+)$/.exec(header(request, 'authorization') ?? '')?.[1];
    if (!token || !this.#liveTokens.has(token))
      return envelope(401, false, 'Authorization has been denied for this request.', null);
    const list = this.lists.get(decodeURIComponent(add[1]!));
    if (!list) return envelope(404, false, 'Contact list not found.', null);
    for (const key of Object.keys(body)) {
      if (!['email', 'customFields'].includes(key)) this.unexpected.push(`unknown field ${key}`);
    }
    const email = body.email;
    if (typeof email !== 'string' || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      return envelope(400, false, 'Email address is not valid.', null);
    }
    const customFields = body.customFields ?? [];
    if (
      !Array.isArray(customFields) ||
      !customFields.every((field) => isRecord(field) && typeof field.customFieldId === 'string' && 'value' in field)
    ) {
      return envelope(400, false, 'customFields must be a list of {customFieldId, value}.', null);
    }
    const values = Object.fromEntries(
      (customFields as { customFieldId: string; value: unknown }[]).map((field) => [field.customFieldId, field.value]),
    );
    const existing = list.get(email.toLowerCase());
    if (existing) {
      Object.assign(existing.customFields, values);
      return envelope(200, true, 'Success', { id: existing.id, email: existing.email });
    }
    const contact: UseinboxContact = { id: `c${this.#nextId++}`, email, customFields: values };
    list.set(email.toLowerCase(), contact);
    return envelope(201, true, 'Success', { id: contact.id, email });
  }

  #body(request: RecordedCall): Record<string, unknown> {
    const type = header(request, 'content-type') ?? '';
    if (/^application\/json/i.test(type) && isRecord(request.json)) return request.json;
    if (/^application\/x-www-form-urlencoded/i.test(type)) return Object.fromEntries(new URLSearchParams(request.body));
    if (request.body) this.unexpected.push(`${request.path} body with content-type ${type || '(none)'}`);
    return {};
  }

  protected rateLimited(): ExternalReply {
    return { ...envelope(429, false, 'Too many requests.', null), headers: { 'retry-after': '10' } };
  }

  protected override serverError(): ExternalReply {
    return envelope(500, false, 'An error has occurred.', null);
  }
}

function envelope(
  status: number,
  resultStatus: boolean,
  resultMessage: string,
  resultObject: unknown,
): { status: number; body: object } {
  return { status, body: { resultCode: status, resultMessage, resultObject, resultStatus, version: '1.0' } };
}
