import { beforeEach, describe, expect, it } from 'vitest';
import { redactSecrets } from '../../lib/redactSecrets.ts';
import { FakeActiveCampaign } from '../../test/fakes/crm/activecampaign.ts';
import { FakeAcumbamail } from '../../test/fakes/crm/acumbamail.ts';
import { FakeAgileCrm } from '../../test/fakes/crm/agilecrm.ts';
import { FakeBirdSend } from '../../test/fakes/crm/birdsend.ts';
import { FakeBrevo } from '../../test/fakes/crm/brevo.ts';
import type { CrmFake } from '../../test/fakes/crm/crmFake.ts';
import { FakeGetResponse } from '../../test/fakes/crm/getresponse.ts';
import { FakeKlaviyo } from '../../test/fakes/crm/klaviyo.ts';
import { answersLead, fieldsCall, useFakeWorld } from '../../test/fakes/crm/leadKit.ts';
import { FakeMailchimp } from '../../test/fakes/crm/mailchimp.ts';
import { FakeMailerLite } from '../../test/fakes/crm/mailerlite.ts';
import { FakeSendfox } from '../../test/fakes/crm/sendfox.ts';
import { FakeUseinbox } from '../../test/fakes/crm/useinbox.ts';
import { FakeVbout } from '../../test/fakes/crm/vbout.ts';
import { externalFetch } from '../external/externalFetch.ts';
import { memoryCrmFieldStore } from './crmFields.ts';
import type { PreviewRequest } from './crmProvider.ts';
import { findCrmProvider } from './providers.ts';
import { forgetUseinboxTokens } from './useinbox.ts';

/**
 * Settings' preview of a lead (issue 33) against each provider's fake: the requests the preview shows are
 * the ones `upsertContact` sends for the same lead and field store (method, path, body), because both
 * are built by one function; nothing is sent for a preview; no secret appears in it.
 */

const world = useFakeWorld();

interface Case {
  id: string;
  host: string | RegExp;
  fake: () => CrmFake;
  settings: Record<string, unknown>;
  secret: string;
}

const useinboxAccount = { emailAddress: 'owner@shop.example', password: 'S3cret-INBOX-pass' };

const cases: Case[] = [
  {
    id: 'getresponse',
    host: 'api.getresponse.com',
    fake: () => new FakeGetResponse('jfgs8sk2l9d8f7g6h5j4k3l2m1n0b9v8', ['p86zQ']),
    settings: { api_key: 'jfgs8sk2l9d8f7g6h5j4k3l2m1n0b9v8', campaignid: 'p86zQ' },
    secret: 'jfgs8sk2l9d8f7g6h5j4k3l2m1n0b9v8',
  },
  {
    id: 'agilecrm',
    host: /\.agilecrm\.com$/,
    fake: () => new FakeAgileCrm('acme', 'owner@acme.test', 'h8k2m4n6p8r0t2v4x6z8b0d2f4'),
    settings: { agilecrm_domain: 'acme', agilecrm_email: 'owner@acme.test', api_key: 'h8k2m4n6p8r0t2v4x6z8b0d2f4' },
    secret: 'h8k2m4n6p8r0t2v4x6z8b0d2f4',
  },
  {
    id: 'activecampaign',
    host: 'acme.api-us1.com',
    fake: () => new FakeActiveCampaign('a1b2c3d4e5f60718293a4b5c6d7e8f90', ['3']),
    settings: {
      api_key: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
      activecampaign_account: 'https://acme.api-us1.com',
      campaignid: '3',
    },
    secret: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
  },
  {
    id: 'mailerlite',
    host: 'connect.mailerlite.com',
    fake: () => new FakeMailerLite('eyJ0eXAi.mailerlite-token', [{ id: '100000000000000001', name: 'Newsletter' }]),
    settings: { api_key: 'eyJ0eXAi.mailerlite-token', campaignid: '100000000000000001' },
    secret: 'eyJ0eXAi.mailerlite-token',
  },
  {
    id: 'mailchimp',
    host: /\.api\.mailchimp\.com$/,
    fake: () => new FakeMailchimp('0123456789abcdef0123456789abcdef-us6', ['a1b2c3d4e5']),
    settings: { api_key: '0123456789abcdef0123456789abcdef-us6', campaignid: 'a1b2c3d4e5' },
    secret: '0123456789abcdef0123456789abcdef-us6',
  },
  {
    id: 'birdsend',
    host: 'api.birdsend.co',
    fake: () => new FakeBirdSend('bs_pat_8f7e6d5c4b3a29180716253443526170'),
    settings: { api_key: 'bs_pat_8f7e6d5c4b3a29180716253443526170' },
    secret: 'bs_pat_8f7e6d5c4b3a29180716253443526170',
  },
  {
    id: 'sendfox',
    host: 'api.sendfox.com',
    fake: () => new FakeSendfox('eyJ0eXAi.sendfox-SECRET-token'),
    settings: { api_key: 'eyJ0eXAi.sendfox-SECRET-token', campaignid: '123' },
    secret: 'eyJ0eXAi.sendfox-SECRET-token',
  },
  {
    id: 'vbout',
    host: 'api.vbout.com',
    fake: () => new FakeVbout('2126286030036220618380215'),
    settings: { api_key: '2126286030036220618380215', campaignid: '24' },
    secret: '2126286030036220618380215',
  },
  {
    id: 'useinbox',
    host: 'useapi.useinbox.com',
    fake: () => new FakeUseinbox(useinboxAccount),
    settings: {
      username: useinboxAccount.emailAddress,
      password: useinboxAccount.password,
      campaignid: '5f1c2a9e7b3d4c0012ab34cd',
    },
    secret: useinboxAccount.password,
  },
  {
    id: 'brevo',
    host: 'api.brevo.com',
    fake: () => new FakeBrevo('xkeysib-0123456789abcdef-SECRET'),
    settings: { api_key: 'xkeysib-0123456789abcdef-SECRET', campaignid: '12' },
    secret: 'xkeysib-0123456789abcdef-SECRET',
  },
  {
    id: 'klaviyo',
    host: 'a.klaviyo.com',
    fake: () => new FakeKlaviyo('pk_0123456789abcdef0123456789SECRET'),
    settings: { password: 'pk_0123456789abcdef0123456789SECRET', campaignid: 'Y6nRLr' },
    secret: 'pk_0123456789abcdef0123456789SECRET',
  },
  {
    id: 'acumbamail',
    host: 'acumbamail.com',
    fake: () => new FakeAcumbamail('acumba-0123456789abcdefSECRET'),
    settings: { api_key: 'acumba-0123456789abcdefSECRET', campaignid: '1045' },
    secret: 'acumba-0123456789abcdefSECRET',
  },
];

beforeEach(() => forgetUseinboxTokens());

/** Tags are ids only the provider's answers give (GetResponse, MailerLite groups): without them every contact request is comparable. */
const lead = answersLead({ tags: [], phone: '+14155552671', smsConsent: true });
const deliveryId = 'delivery-0002';
const placeholder = /\{[a-z ]+(: [^}]*)?\}/;

describe('every CRM provider previews the requests it sends', () => {
  it.each(cases)('$id: the preview equals what upsertContact sent to the fake for the same lead and field store', async (one) => {
    const provider = findCrmProvider(one.id)!;
    const fake = world().register(one.host, one.fake());
    try {
      const fields = memoryCrmFieldStore();
      const outcome = await provider.upsertContact(lead, one.settings, externalFetch, fieldsCall(fields, deliveryId));
      expect(outcome, JSON.stringify(outcome)).toMatchObject({ ok: true });
      const sent = fake.requests.length;

      const preview = await provider.preview(lead, one.settings, fields);
      expect(preview.ok).toBe(true);
      const requests = (preview as { requests: PreviewRequest[] }).requests;
      // Nothing is sent for a preview.
      expect(fake.requests).toHaveLength(sent);
      expect(requests.length).toBeGreaterThan(0);
      expect(JSON.stringify(requests)).not.toContain(one.secret);

      // Each request the preview shows (the delivery id standing in for its placeholder) is one the fake received.
      const comparable = requests
        .map((request) => ({ ...request, body: request.body.replace('{delivery id}', deliveryId) }))
        .filter((request) => !placeholder.test(decodeURIComponent(request.url)) && !placeholder.test(request.body));
      expect(comparable.length).toBeGreaterThan(0);
      for (const request of comparable) {
        const url = new URL(request.url);
        const received = fake.requests
          .filter((call) => call.method === request.method && call.path === url.pathname)
          .map((call) => redactSecrets(call.body, [one.secret]));
        expect(received, `${one.id} ${request.method} ${url.pathname}`).toContain(request.body);
      }
      // The request that carries the lead's answers is among them (for the providers that take answers).
      if (['getresponse', 'activecampaign', 'mailerlite', 'mailchimp', 'brevo', 'klaviyo'].includes(one.id)) {
        expect(comparable.some((request) => request.body.includes('oily'))).toBe(true);
      }
    } finally {
      world().unregister(fake);
    }
  });

  it('before any delivery, fields show as they would be created: name-based refs, or a placeholder where the provider gives an id', async () => {
    const bodies = async (id: string) => {
      const one = cases.find((candidate) => candidate.id === id)!;
      const preview = await findCrmProvider(id)!.preview(lead, one.settings, memoryCrmFieldStore());
      return (preview as { requests: PreviewRequest[] }).requests[0]!.body;
    };
    expect(JSON.parse(await bodies('brevo')).attributes).toMatchObject({
      SKIN_QUIZ__SKIN_TYPE: 'oily',
      SKIN_QUIZ__CONCERNS: 'Acne, Redness',
      SKIN_QUIZ__BUDGET: 40,
    });
    expect(JSON.parse(await bodies('activecampaign')).contact.fieldValues).toContainEqual({
      field: '{field id: skin_quiz__skin_type}',
      value: 'oily',
    });
    expect(JSON.parse(await bodies('getresponse')).customFieldValues).toContainEqual({
      customFieldId: '{field id: skin_quiz__budget}',
      value: ['40'],
    });
    expect(JSON.parse(await bodies('mailerlite')).fields).toMatchObject({ '{field key: skin_quiz__skin_type}': 'oily' });
  });

  it('ids only a provider’s earlier answer gives show as readable placeholders', async () => {
    const tagged = answersLead({ tags: ['skin-oily'] });
    const labelsOf = async (id: string) => {
      const one = cases.find((candidate) => candidate.id === id)!;
      const preview = await findCrmProvider(id)!.preview(tagged, one.settings, memoryCrmFieldStore());
      return (preview as { requests: PreviewRequest[] }).requests;
    };
    const activeCampaign = await labelsOf('activecampaign');
    expect(activeCampaign.map((request) => new URL(request.url).pathname)).toEqual([
      '/api/3/contact/sync',
      '/api/3/contactLists',
      '/api/3/contactTags',
    ]);
    expect(JSON.parse(activeCampaign[2]!.body)).toEqual({ contactTag: { contact: '{contact id}', tag: '{tag id: skin-oily}' } });
    expect(JSON.parse((await labelsOf('getresponse'))[0]!.body).tags).toEqual([{ tagId: '{tag id: skin_oily}' }]);
    expect((await labelsOf('agilecrm')).map((request) => request.body).join()).toContain('{contact id}');
  });

  it('settings that cannot make a request answer why, like a delivery', async () => {
    expect(await findCrmProvider('brevo')!.preview(lead, { campaignid: '12' }, memoryCrmFieldStore())).toEqual({
      ok: false,
      message: 'Brevo (formerly Sendinblue): the api_key setting is missing or invalid.',
    });
  });
});
