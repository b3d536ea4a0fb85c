import type { ExternalReply } from '../externalWorld.ts';
import { CrmFake, header, isJson, isRecord, type RecordedCall } from './crmFake.ts';

/**
 * GetResponse API v3 as crm-webhooks-payments.md A1 documents it, for host api.getresponse.com:
 * `X-Auth-Token: api-key <KEY>` on every call (else 401); POSTs must be `Content-Type: application/json`.
 * - `POST /v3/contacts {email, campaign:{campaignId}, name?, tags?:[{tagId}], customFieldValues?}`: 202
 *   with an empty body; the same email again in the same campaign is 409 `{httpStatus:409, code:1008}`;
 *   an unknown campaign or tag is 400 code 1001; a malformed body 400 code 1000.
 * - `GET /v3/contacts?query[email]=` lists the contacts with that email; `POST /v3/contacts/{id}` updates one.
 * - `GET /v3/tags?query[name]=` and `POST /v3/tags {name}` (201; a taken name 409/1008).
 * - Custom fields (marketing-stack-and-languages.md B5): `GET /v3/custom-fields?perPage=&page=` (perPage
 *   1–1000) lists them; `POST /v3/custom-fields {name, type, format, hidden:"true"|"false", values}` (all
 *   required; name 1–128 lower-case letters, digits, underscores and not a merge word; documented type
 *   and format; radio/single_select/multi_select need ≥ 2 values) → 201 the field; a taken name 409/1008.
 *   A contact's `customFieldValues:[{customFieldId, value:[strings]}]` must name existing fields (400/1001)
 *   and a number field's strings must be numbers; `POST /v3/contacts/{id}/custom-fields
 *   {customFieldValues}` adds or updates them and keeps the others.
 * Every answer carries X-RateLimit-Limit/Remaining/Reset; a 429 has `context.currentLimit` and `timeToReset`.
 */
export interface GetResponseContact {
  contactId: string;
  email: string;
  name?: string;
  campaign: { campaignId: string };
  tags: { tagId: string; name: string }[];
  customFieldValues: Record<string, string[]>;
}

export interface GetResponseCustomField {
  customFieldId: string;
  name: string;
  type: string;
  format: string;
  hidden: string;
  values: string[];
}

const mergeWords = [
  'name',
  'email',
  'twitter',
  'facebook',
  'buzz',
  'myspace',
  'linkedin',
  'digg',
  'googleplus',
  'pinterest',
  'responder',
  'campaign',
  'change',
];
const customTypes = ['string', 'number', 'date', 'datetime', 'country', 'currency', 'phone', 'gender', 'ip', 'url'];
const customFormats = ['text', 'textarea', 'checkbox', 'radio', 'single_select', 'multi_select'];

type Answer = { status: number; headers?: Record<string, string>; body?: string | object };

const error = (httpStatus: number, code: number, message: string, context: unknown = []): Answer => ({
  status: httpStatus,
  body: {
    httpStatus,
    code,
    codeDescription: '',
    message,
    moreInfo: `https://apidocs.getresponse.com/v3/errors/${code}`,
    context,
  },
});

export class FakeGetResponse extends CrmFake {
  readonly contacts: GetResponseContact[] = [];
  readonly tags: { tagId: string; name: string }[] = [];
  readonly campaigns = new Set<string>();
  readonly customFields: GetResponseCustomField[] = [];
  #next = 1;

  /** The custom-field creations the fake accepted. */
  createdCustomFields(): RecordedCall[] {
    return this.requests.filter(
      (request) => request.method === 'POST' && request.path === '/v3/custom-fields' && request.status === 201,
    );
  }

  readonly apiKey: string;

  constructor(apiKey: string, campaigns: string[] = ['p86zQ']) {
    super();
    this.apiKey = apiKey;
    for (const campaign of campaigns) this.campaigns.add(campaign);
  }

  #id(prefix: string): string {
    return `${prefix}${(this.#next++).toString(36)}`;
  }

  protected override rateLimited(): ExternalReply {
    return {
      ...error(429, 1, 'Too many requests', { currentLimit: 30000, timeToReset: '17 seconds' }),
      headers: { 'X-RateLimit-Limit': '30000', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': '17 seconds' },
    };
  }

  protected override serverError(): ExternalReply {
    return error(500, 1, 'Internal error');
  }

  protected answer(request: RecordedCall): ExternalReply {
    const reply = this.#answer(request);
    return {
      ...reply,
      headers: {
        'X-RateLimit-Limit': '30000',
        'X-RateLimit-Remaining': '29999',
        'X-RateLimit-Reset': '600 seconds',
        ...reply.headers,
      },
    };
  }

  #answer(request: RecordedCall): Answer {
    if (header(request, 'x-auth-token') !== `api-key ${this.apiKey}`) {
      return error(401, 1014, 'Unable to authenticate request. Check credentials or authentication method details');
    }
    if (request.method === 'POST' && !isJson(request)) return error(400, 1000, 'Content-Type must be application/json');
    const body = request.json;
    if (request.method === 'GET' && request.path === '/v3/tags') {
      const name = request.query.get('query[name]');
      return { status: 200, body: this.tags.filter((tag) => name === null || tag.name === name) };
    }
    if (request.method === 'POST' && request.path === '/v3/tags') {
      if (!isRecord(body) || typeof body.name !== 'string' || !/^\w{2,255}$/.test(body.name)) {
        return error(400, 1000, 'Validation error', ['name: letters, digits and underscores, 2 to 255 characters']);
      }
      if (this.tags.some((tag) => tag.name === body.name)) return error(409, 1008, 'Tag with given name already exists');
      const tag = { tagId: this.#id('t'), name: body.name };
      this.tags.push(tag);
      return { status: 201, body: tag };
    }
    if (request.method === 'GET' && request.path === '/v3/custom-fields') {
      const perPage = Number(request.query.get('perPage') ?? '100');
      const page = Number(request.query.get('page') ?? '1');
      if (!Number.isInteger(perPage) || perPage < 1 || perPage > 1000 || !Number.isInteger(page) || page < 1) {
        return error(400, 1000, 'Validation error', ['perPage: 1 to 1000; page: 1 or more']);
      }
      const name = request.query.get('query[name]');
      const matching = this.customFields.filter((field) => name === null || field.name.includes(name));
      return {
        status: 200,
        headers: {
          TotalCount: String(matching.length),
          TotalPages: String(Math.max(1, Math.ceil(matching.length / perPage))),
          CurrentPage: String(page),
        },
        body: matching.slice((page - 1) * perPage, page * perPage),
      };
    }
    if (request.method === 'POST' && request.path === '/v3/custom-fields') return this.#createCustomField(body);
    const customValues = /^\/v3\/contacts\/([^/]+)\/custom-fields$/.exec(request.path);
    if (request.method === 'POST' && customValues) {
      const contact = this.contacts.find((candidate) => candidate.contactId === decodeURIComponent(customValues[1]!));
      if (!contact) return error(404, 1013, 'Resource not found');
      if (!isRecord(body) || !Array.isArray(body.customFieldValues)) {
        return error(400, 1000, 'Validation error', ['customFieldValues is required']);
      }
      const invalid = this.#invalidValues(body.customFieldValues);
      if (invalid) return invalid;
      this.#setValues(contact, body.customFieldValues);
      return { status: 200, body: contact };
    }
    if (request.method === 'GET' && request.path === '/v3/contacts') {
      const email = request.query.get('query[email]')?.toLowerCase();
      return { status: 200, body: this.contacts.filter((contact) => email === undefined || contact.email === email) };
    }
    if (request.method === 'POST' && request.path === '/v3/contacts') {
      const invalid = this.#invalidContact(body, true);
      if (invalid) return invalid;
      const fields = body as { email: string; name?: string; campaign: { campaignId: string }; tags?: { tagId: string }[] };
      const email = fields.email.toLowerCase();
      if (
        this.contacts.some((contact) => contact.email === email && contact.campaign.campaignId === fields.campaign.campaignId)
      ) {
        return error(409, 1008, 'Contact already added', [`Contact with email ${fields.email} already exists in this campaign`]);
      }
      this.contacts.push({
        contactId: this.#id('c'),
        email,
        name: fields.name,
        campaign: { campaignId: fields.campaign.campaignId },
        tags: this.#tags(fields.tags),
        customFieldValues: {},
      });
      this.#setValues(this.contacts.at(-1)!, (body as { customFieldValues?: unknown[] }).customFieldValues ?? []);
      return { status: 202, body: '' };
    }
    const update = /^\/v3\/contacts\/([^/]+)$/.exec(request.path);
    if (request.method === 'POST' && update) {
      const contact = this.contacts.find((candidate) => candidate.contactId === decodeURIComponent(update[1]!));
      if (!contact) return error(404, 1013, 'Resource not found');
      const invalid = this.#invalidContact(body, false);
      if (invalid) return invalid;
      const fields = body as { name?: string; campaign?: { campaignId: string }; tags?: { tagId: string }[] };
      if (fields.name !== undefined) contact.name = fields.name;
      if (fields.campaign) contact.campaign = { campaignId: fields.campaign.campaignId };
      if (fields.tags) contact.tags = this.#tags(fields.tags);
      return { status: 200, body: contact };
    }
    return error(404, 1013, 'Resource not found');
  }

  #tags(tags: { tagId: string }[] | undefined) {
    return (tags ?? []).map(({ tagId }) => this.tags.find((tag) => tag.tagId === tagId)!);
  }

  #invalidContact(body: unknown, create: boolean): Answer | undefined {
    if (!isRecord(body)) return error(400, 1000, 'Validation error', ['body must be a JSON object']);
    if (create && (typeof body.email !== 'string' || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(body.email))) {
      return error(400, 1000, 'Validation error', ['email: this value is not a valid email address']);
    }
    if (body.name !== undefined && typeof body.name !== 'string') return error(400, 1000, 'Validation error', ['name: string']);
    if (create || body.campaign !== undefined) {
      const campaignId = isRecord(body.campaign) ? body.campaign.campaignId : undefined;
      if (typeof campaignId !== 'string') return error(400, 1000, 'Validation error', ['campaign.campaignId is required']);
      if (!this.campaigns.has(campaignId)) return error(400, 1001, 'Related resource not found', [`campaign ${campaignId}`]);
    }
    if (body.tags !== undefined) {
      if (!Array.isArray(body.tags) || !body.tags.every((tag) => isRecord(tag) && typeof tag.tagId === 'string')) {
        return error(400, 1000, 'Validation error', ['tags: a list of {tagId}']);
      }
      const unknown = body.tags.find((tag) => !this.tags.some((known) => known.tagId === (tag as { tagId: string }).tagId));
      if (unknown) return error(400, 1001, 'Related resource not found', [`tag ${(unknown as { tagId: string }).tagId}`]);
    }
    if (body.customFieldValues !== undefined && !Array.isArray(body.customFieldValues)) {
      return error(400, 1000, 'Validation error', ['customFieldValues: a list']);
    }
    if (Array.isArray(body.customFieldValues)) return this.#invalidValues(body.customFieldValues);
    return undefined;
  }

  #invalidValues(values: unknown[]): Answer | undefined {
    for (const value of values) {
      if (
        !isRecord(value) ||
        typeof value.customFieldId !== 'string' ||
        !Array.isArray(value.value) ||
        !value.value.every((item) => typeof item === 'string')
      ) {
        return error(400, 1000, 'Validation error', ['customFieldValues: a list of {customFieldId, value: [strings]}']);
      }
      const field = this.customFields.find((candidate) => candidate.customFieldId === value.customFieldId);
      if (!field) return error(400, 1001, 'Related resource not found', [`customField ${value.customFieldId}`]);
      if (field.type === 'number' && !(value.value as string[]).every((item) => /^-?\d+(\.\d+)?$/.test(item))) {
        return error(400, 1000, 'Validation error', [`customField ${field.name}: numbers only`]);
      }
    }
    return undefined;
  }

  #setValues(contact: GetResponseContact, values: unknown[]) {
    for (const value of values as { customFieldId: string; value: string[] }[])
      contact.customFieldValues[value.customFieldId] = value.value;
  }

  #createCustomField(body: unknown): Answer {
    if (!isRecord(body)) return error(400, 1000, 'Validation error', ['body must be a JSON object']);
    const missing = ['name', 'type', 'format', 'hidden', 'values'].filter((key) => body[key] === undefined);
    if (missing.length)
      return error(
        400,
        1000,
        'Validation error',
        missing.map((key) => `${key}: this value should not be blank`),
      );
    const { name, type, format, hidden, values } = body;
    if (typeof name !== 'string' || !/^[a-z0-9_]{1,128}$/.test(name) || mergeWords.includes(name)) {
      return error(400, 1000, 'Validation error', ['name: 1–128 lower-case letters, digits or underscores, not a merge word']);
    }
    if (typeof type !== 'string' || !customTypes.includes(type))
      return error(400, 1000, 'Validation error', ['type: not a valid choice']);
    if (typeof format !== 'string' || !customFormats.includes(format))
      return error(400, 1000, 'Validation error', ['format: not a valid choice']);
    if (hidden !== 'true' && hidden !== 'false') return error(400, 1000, 'Validation error', ['hidden: "true" or "false"']);
    if (!Array.isArray(values) || !values.every((value) => typeof value === 'string')) {
      return error(400, 1000, 'Validation error', ['values: a list of strings']);
    }
    if (['radio', 'single_select', 'multi_select'].includes(format) && values.length < 2) {
      return error(400, 1000, 'Validation error', ['values: at least 2 for this format']);
    }
    if (this.customFields.some((field) => field.name === name))
      return error(409, 1008, 'Custom field with given name already exists');
    const field: GetResponseCustomField = {
      customFieldId: this.#id('f'),
      name,
      type,
      format,
      hidden,
      values: values as string[],
    };
    this.customFields.push(field);
    return {
      status: 201,
      body: {
        ...field,
        href: `https://api.getresponse.com/v3/custom-fields/${field.customFieldId}`,
        valueType: type,
        fieldType: format,
      },
    };
  }
}
