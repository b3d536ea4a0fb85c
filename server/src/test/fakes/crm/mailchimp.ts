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
 * - Merge fields (marketing-stack-and-languages.md B1): `GET /3.0/lists/{id}/merge-fields?count=&offset=`
 *   (count 1–1000) pages `{merge_fields, list_id, total_items}`; `POST …/merge-fields` needs `name` and a
 *   documented `type`, takes only the documented fields, a `tag` of ≤ 10 upper-case letters, digits and
 *   underscores, unique in the audience; an audience holds `mergeFieldCap` fields (30, defaults
 *   FNAME/LNAME/ADDRESS/PHONE included) and refuses the next with a 400. A member's `merge_fields` may
 *   name existing tags only (the reference leaves an unknown tag open: refused here, so a test sees it),
 *   a number field takes a number, a text field a string.
 * Errors are `application/problem+json` `{type, title, status, detail, instance}`; 429 when over the limit.
 */
export interface MailchimpMember {
  id: string;
  email_address: string;
  status: string;
  merge_fields: Record<string, string | number>;
  tags: string[];
}

type Answer = { status: number; headers?: Record<string, string>; body?: string | object };

const statuses = ['subscribed', 'unsubscribed', 'cleaned', 'pending', 'transactional'];

export interface MailchimpMergeField {
  merge_id: number;
  tag: string;
  name: string;
  type: string;
  required: boolean;
  public: boolean;
  list_id: string;
}

const mergeTypes = ['text', 'number', 'address', 'phone', 'date', 'url', 'imageurl', 'radio', 'dropdown', 'birthday', 'zip'];
const mergeFieldKeys = ['name', 'type', 'tag', 'required', 'default_value', 'public', 'display_order', 'options', 'help_text'];

function problem(status: number, title: string, detail: string, errors?: { field: string; message: string }[]): Answer {
  return {
    status,
    headers: { 'Content-Type': 'application/problem+json; charset=utf-8' },
    body: JSON.stringify({
      type: 'https://mailchimp.com/developer/marketing/docs/errors/',
      title,
      status,
      detail,
      instance: '00000000-0000-4000-8000-000000000000',
      ...(errors ? { errors } : {}),
    }),
  };
}

export class FakeMailchimp extends CrmFake {
  readonly apiKey: string;
  /** list id → members by hash */
  readonly lists = new Map<string, Map<string, MailchimpMember>>();
  /** list id → merge fields, the four defaults first. */
  readonly mergeFields = new Map<string, MailchimpMergeField[]>();
  /** Merge fields an audience holds (30; 80 on Premium). */
  mergeFieldCap = 30;

  constructor(apiKey: string, lists: string[] = ['a1b2c3d4e5']) {
    super();
    this.apiKey = apiKey;
    for (const list of lists) {
      this.lists.set(list, new Map());
      const defaults: [string, string, string][] = [
        ['FNAME', 'First Name', 'text'],
        ['LNAME', 'Last Name', 'text'],
        ['ADDRESS', 'Address', 'address'],
        ['PHONE', 'Phone Number', 'phone'],
      ];
      this.mergeFields.set(
        list,
        defaults.map(([tag, name, type], index) => ({
          merge_id: index + 1,
          tag,
          name,
          type,
          required: false,
          public: false,
          list_id: list,
        })),
      );
    }
  }

  /** The merge-field creations the fake accepted. */
  createdMergeFields(): RecordedCall[] {
    return this.requests.filter(
      (request) => request.method === 'POST' && request.path.endsWith('/merge-fields') && request.status === 200,
    );
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
    const fieldsRoute = /^\/3\.0\/lists\/([^/]+)\/merge-fields$/.exec(request.path);
    if (fieldsRoute) return this.#mergeFieldsCall(decodeURIComponent(fieldsRoute[1]!), request);
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
      if (!isRecord(merge)) return problem(400, 'Invalid Resource', 'Your merge fields were invalid.');
      const fields = this.mergeFields.get(decodeURIComponent(route[1]!)) ?? [];
      for (const [tag, value] of Object.entries(merge)) {
        const field = fields.find((candidate) => candidate.tag === tag);
        if (!field) return problem(400, 'Invalid Resource', `Your merge fields were invalid: ${tag} does not exist.`);
        if (field.type === 'number' ? typeof value !== 'number' : typeof value !== 'string') {
          return problem(400, 'Invalid Resource', 'The resource submitted could not be validated.', [
            { field: `merge_fields.${tag}`, message: 'Data did not match any of the schemas described in anyOf.' },
          ]);
        }
      }
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
      Object.assign(member.merge_fields, merge as Record<string, string | number>);
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

  #mergeFieldsCall(listId: string, request: RecordedCall): ExternalReply {
    const fields = this.mergeFields.get(listId);
    if (!fields) return problem(404, 'Resource Not Found', 'The requested resource could not be found.');
    if (request.method === 'GET') {
      const query = request.query;
      const count = Number(query.get('count') ?? '10');
      const offset = Number(query.get('offset') ?? '0');
      if (!Number.isInteger(count) || count < 1 || count > 1000 || !Number.isInteger(offset) || offset < 0) {
        return problem(400, 'Invalid Resource', 'count must be 1–1000 and offset 0 or more.');
      }
      return {
        status: 200,
        body: { merge_fields: fields.slice(offset, offset + count), list_id: listId, total_items: fields.length },
      };
    }
    if (request.method !== 'POST') return problem(405, 'Method Not Allowed', `${request.method} is not allowed here.`);
    const body = request.json;
    if (!isRecord(body)) return problem(400, 'Invalid Resource', 'The resource submitted could not be validated.');
    const extra = Object.keys(body).find((key) => !mergeFieldKeys.includes(key));
    if (extra) return problem(400, 'Invalid Resource', `Schema describes object, ${extra} is not allowed.`);
    if (typeof body.name !== 'string' || !body.name.trim()) {
      return problem(400, 'Invalid Resource', 'The resource submitted could not be validated.', [
        { field: 'name', message: 'This value should not be blank.' },
      ]);
    }
    if (typeof body.type !== 'string' || !mergeTypes.includes(body.type)) {
      return problem(400, 'Invalid Resource', 'The resource submitted could not be validated.', [
        { field: 'type', message: 'Value is not one of the enum values.' },
      ]);
    }
    for (const flag of ['required', 'public'] as const) {
      if (body[flag] !== undefined && typeof body[flag] !== 'boolean')
        return problem(400, 'Invalid Resource', `${flag} must be a boolean.`);
    }
    if (body.tag !== undefined && (typeof body.tag !== 'string' || !/^[A-Z0-9_]{1,10}$/.test(body.tag))) {
      return problem(400, 'Invalid Resource', 'The merge tag must be at most 10 upper-case letters, digits or underscores.');
    }
    if (fields.some((field) => field.tag === body.tag)) {
      return problem(400, 'Invalid Resource', `A Merge Field with the tag "${String(body.tag)}" already exists for this list.`);
    }
    if (fields.length >= this.mergeFieldCap) {
      return problem(400, 'Invalid Resource', `This audience already has the maximum of ${this.mergeFieldCap} merge fields.`);
    }
    const mergeId = Math.max(0, ...fields.map((field) => field.merge_id)) + 1;
    const field: MailchimpMergeField = {
      merge_id: mergeId,
      tag: typeof body.tag === 'string' ? body.tag : `MMERGE${mergeId}`,
      name: body.name,
      type: body.type,
      required: body.required === true,
      public: body.public === true,
      list_id: listId,
    };
    fields.push(field);
    return { status: 200, body: field };
  }
}
