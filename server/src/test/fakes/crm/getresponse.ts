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
 * Every answer carries X-RateLimit-Limit/Remaining/Reset; a 429 has `context.currentLimit` and `timeToReset`.
 */
export interface GetResponseContact {
  contactId: string;
  email: string;
  name?: string;
  campaign: { campaignId: string };
  tags: { tagId: string; name: string }[];
}

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
  #next = 1;

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
      });
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
    return undefined;
  }
}
