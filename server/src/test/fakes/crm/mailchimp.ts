import { createHash } from 'node:crypto';
import type { ExternalReply } from '../externalWorld.ts';
import { basicCredentials, CrmFake, isJson, isRecord, type RecordedCall } from './crmFake.ts';

/**
 * Mailchimp Marketing API as crm-webhooks-payments.md A5 documents it, for hosts `{dc}.api.mailchimp.com`:
 * HTTP Basic with any user and the API key as password, the key's `-dc` suffix matching the host
 * (a wrong data centre answers 403, a wrong key 401); JSON bodies.
 * - `PUT /3.0/lists/{list_id}/members/{subscriber_hash}` upserts: the hash must be the MD5 of the
 *   lower-cased `email_address`; `status_if_new` applies only to a new member; `merge_fields` must be
 *   an object of strings. 200 with the member (`id` = hash). An unknown list is 404.
 * - `POST …/members/{hash}/tags {tags:[{name, status:"active"|"inactive"}]}`: 204; unknown member 404.
 * Errors are `application/problem+json` `{type, title, status, detail, instance}`; 429 when over the limit.
 */
export interface MailchimpMember {
  id: string;
  email_address: string;
  status: string;
  merge_fields: Record<string, string>;
  tags: string[];
}

type Answer = { status: number; headers?: Record<string, string>; body?: string | object };

const statuses = ['subscribed', 'unsubscribed', 'cleaned', 'pending', 'transactional'];

function problem(status: number, title: string, detail: string): Answer {
  return {
    status,
    headers: { 'Content-Type': 'application/problem+json; charset=utf-8' },
    body: JSON.stringify({
      type: 'https://mailchimp.com/developer/marketing/docs/errors/',
      title,
      status,
      detail,
      instance: '00000000-0000-4000-8000-000000000000',
    }),
  };
}

export class FakeMailchimp extends CrmFake {
  readonly apiKey: string;
  /** list id → members by hash */
  readonly lists = new Map<string, Map<string, MailchimpMember>>();

  constructor(apiKey: string, lists: string[] = ['a1b2c3d4e5']) {
    super();
    this.apiKey = apiKey;
    for (const list of lists) this.lists.set(list, new Map());
  }

  members(list: string): MailchimpMember[] {
    return [...(this.lists.get(list)?.values() ?? [])];
  }

  protected override rateLimited(): ExternalReply {
    return problem(429, 'Too Many Requests', 'You have exceeded the limit of 10 simultaneous connections.');
  }

  protected override serverError(): ExternalReply {
    return problem(500, 'Internal Server Error', 'An unexpected internal error has occurred.');
  }

  protected answer(request: RecordedCall): ExternalReply {
    const credentials = basicCredentials(request);
    const keyDc = /-([a-z]+\d+)$/.exec(this.apiKey)?.[1];
    const hostDc = /^([a-z]+\d+)\.api\.mailchimp\.com$/.exec(request.host)?.[1];
    if (!credentials || credentials.password !== this.apiKey) {
      return problem(401, 'API Key Invalid', "Your API key may be invalid, or you've attempted to access the wrong datacenter.");
    }
    if (hostDc !== keyDc) return problem(403, 'Wrong Datacenter', 'The API key provided is linked to a different datacenter');
    if ((request.method === 'PUT' || request.method === 'POST') && !isJson(request)) {
      return problem(400, 'Invalid Resource', 'The request body must be JSON (Content-Type: application/json).');
    }
    const route = /^\/3\.0\/lists\/([^/]+)\/members\/([^/]+)(\/tags)?$/.exec(request.path);
    if (!route) return problem(404, 'Resource Not Found', 'The requested resource could not be found.');
    const list = this.lists.get(decodeURIComponent(route[1]!));
    if (!list) return problem(404, 'Resource Not Found', 'The requested resource could not be found.');
    const hash = route[2]!;
    const body = request.json;
    if (request.method === 'PUT' && !route[3]) {
      if (!isRecord(body) || typeof body.email_address !== 'string' || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(body.email_address)) {
        return problem(400, 'Invalid Resource', 'The resource submitted could not be validated: email_address is required.');
      }
      if (createHash('md5').update(body.email_address.toLowerCase()).digest('hex') !== hash) {
        return problem(400, 'Invalid Resource', `The subscriber hash does not match the email address ${body.email_address}.`);
      }
      for (const field of ['status_if_new', 'status'] as const) {
        if (body[field] !== undefined && !statuses.includes(body[field] as string)) {
          return problem(400, 'Invalid Resource', `The resource submitted could not be validated: ${field} is invalid.`);
        }
      }
      const merge = body.merge_fields ?? {};
      if (!isRecord(merge) || !Object.values(merge).every((value) => typeof value === 'string')) {
        return problem(400, 'Invalid Resource', 'Your merge fields were invalid.');
      }
      const unknownField = Object.keys(merge).find((name) => !['FNAME', 'LNAME'].includes(name));
      if (unknownField)
        return problem(400, 'Invalid Resource', `Your merge fields were invalid: ${unknownField} does not exist.`);
      const existing = list.get(hash);
      if (!existing && body.status_if_new === undefined && body.status === undefined) {
        return problem(400, 'Invalid Resource', 'The resource submitted could not be validated: status_if_new is required.');
      }
      const member: MailchimpMember = existing ?? {
        id: hash,
        email_address: body.email_address.toLowerCase(),
        status: String(body.status ?? body.status_if_new),
        merge_fields: {},
        tags: [],
      };
      if (existing && body.status !== undefined) member.status = String(body.status);
      Object.assign(member.merge_fields, merge);
      list.set(hash, member);
      return { status: 200, body: member };
    }
    if (request.method === 'POST' && route[3]) {
      const member = list.get(hash);
      if (!member) return problem(404, 'Resource Not Found', 'The requested resource could not be found.');
      const tags = isRecord(body) ? body.tags : undefined;
      if (
        !Array.isArray(tags) ||
        !tags.every(
          (tag) => isRecord(tag) && typeof tag.name === 'string' && (tag.status === 'active' || tag.status === 'inactive'),
        )
      ) {
        return problem(
          400,
          'Invalid Resource',
          'The resource submitted could not be validated: tags is a list of {name, status}.',
        );
      }
      for (const tag of tags as { name: string; status: string }[]) {
        member.tags = member.tags.filter((name) => name !== tag.name);
        if (tag.status === 'active') member.tags.push(tag.name);
      }
      return { status: 204 };
    }
    return problem(405, 'Method Not Allowed', `${request.method} is not allowed here.`);
  }
}
