import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { destinationDeps } from '../../commands/deliveryAttempter.ts';
import { crmFields, destinations } from '../../db/schema/index.ts';
import { leadEvent } from '../../test/deliveryBurst.ts';
import { createOwner } from '../../test/factories.ts';
import { FakeActiveCampaign } from '../../test/fakes/crm/activecampaign.ts';
import { FakeBrevo } from '../../test/fakes/crm/brevo.ts';
import type { CrmFake, RecordedCall } from '../../test/fakes/crm/crmFake.ts';
import { FakeGetResponse } from '../../test/fakes/crm/getresponse.ts';
import { answersLead } from '../../test/fakes/crm/leadKit.ts';
import { FakeMailchimp } from '../../test/fakes/crm/mailchimp.ts';
import { FakeMailerLite } from '../../test/fakes/crm/mailerlite.ts';
import { FakeExternalWorld } from '../../test/fakes/externalWorld.ts';
import { getTestServer, type TestServer } from '../../test/getTestServer.ts';
import { addCrmDestination } from '../../test/leadsPipelineKit.ts';
import { crmDestination } from './crmDestination.ts';

/**
 * "Created once, even under concurrency" (issue 33): two deliveries at once to the same CRM destination
 * make one custom field per answer in the provider, through the destination's field store in the
 * database (crm_fields and its advisory lock), on PGlite and, with DATABASE_URL, on PostgreSQL.
 */

let world: FakeExternalWorld;
let server: TestServer;
beforeAll(async () => {
  world = await FakeExternalWorld.start();
  server = await getTestServer({ EXTERNAL_API_ORIGIN: world.origin });
});
afterAll(async () => {
  await server?.stop();
  await world?.stop();
});

interface Case {
  provider: string;
  settings: Record<string, unknown>;
  host: string | RegExp;
  fake: () => CrmFake;
  /** The provider's field-creating requests the fake accepted. */
  creates: (fake: CrmFake) => RecordedCall[];
  /** Requests that list or create fields. */
  isFieldCall: (request: RecordedCall) => boolean;
}

const mailchimpKey = '0123456789abcdef0123456789abcdef-us6';
const cases: Case[] = [
  {
    provider: 'mailchimp',
    settings: { api_key: mailchimpKey, campaignid: 'a1b2c3d4e5' },
    host: /\.api\.mailchimp\.com$/,
    fake: () => new FakeMailchimp(mailchimpKey, ['a1b2c3d4e5']),
    creates: (fake) => (fake as FakeMailchimp).createdMergeFields(),
    isFieldCall: (request) => request.path.endsWith('/merge-fields'),
  },
  {
    provider: 'activecampaign',
    settings: { api_key: 'ac-token-0123456789', activecampaign_account: 'https://acme.api-us1.com', campaignid: '3' },
    host: 'acme.api-us1.com',
    fake: () => new FakeActiveCampaign('ac-token-0123456789', ['3']),
    creates: (fake) => (fake as FakeActiveCampaign).createdFields(),
    isFieldCall: (request) => request.path === '/api/3/fields' || request.path === '/api/3/fieldRels',
  },
  {
    provider: 'brevo',
    settings: { api_key: 'xkeysib-0123456789', campaignid: '12' },
    host: 'api.brevo.com',
    fake: () => new FakeBrevo('xkeysib-0123456789'),
    creates: (fake) => (fake as FakeBrevo).createdAttributes(),
    isFieldCall: (request) => request.path.startsWith('/v3/contacts/attributes'),
  },
  {
    provider: 'mailerlite',
    settings: { api_key: 'mailerlite-token-0123' },
    host: 'connect.mailerlite.com',
    fake: () => new FakeMailerLite('mailerlite-token-0123'),
    creates: (fake) => (fake as FakeMailerLite).createdFields(),
    isFieldCall: (request) => request.path === '/api/fields',
  },
  {
    provider: 'getresponse',
    settings: { api_key: 'getresponse-key-0123', campaignid: 'p86zQ' },
    host: 'api.getresponse.com',
    fake: () => new FakeGetResponse('getresponse-key-0123', ['p86zQ']),
    creates: (fake) => (fake as FakeGetResponse).createdCustomFields(),
    isFieldCall: (request) => request.path === '/v3/custom-fields',
  },
];

describe('CRM custom fields are created once per destination', () => {
  for (const each of cases) {
    it(`${each.provider}: two deliveries at once create one field per answer; the next reads them from crm_fields`, async () => {
      const fake = world.register(each.host, each.fake());
      try {
        const { account } = await createOwner(server);
        const { id } = await addCrmDestination(server, account.id, each.provider, each.settings);
        const { db } = server.services.database;
        const [destination] = await db.select().from(destinations).where(eq(destinations.id, id));
        const deliver = (email: string) =>
          crmDestination.attempt(
            {
              deliveryId: randomUUID(),
              destination: destination!,
              event: leadEvent(account.id, email),
              lead: answersLead({ email, tags: [] }),
            },
            destinationDeps(server.services),
          );

        // No result tags: ActiveCampaign's and GetResponse's tag creation has a race of its own (reported, not this test's).
        const outcomes = await Promise.all([deliver('ann@example.com'), deliver('bo@example.com')]);
        expect(outcomes.map((outcome) => [outcome.ok, outcome.ok ? outcome.message : outcome.message])).toEqual([
          [true, undefined],
          [true, undefined],
        ]);
        expect(each.creates(fake)).toHaveLength(3);
        const kept = await db.select().from(crmFields).where(eq(crmFields.destinationId, id));
        expect(kept.map((row) => [row.provider, row.propertyKey, row.fieldType]).sort()).toEqual(
          [
            [each.provider, 'skin_quiz.budget', 'number'].map(String),
            [each.provider, 'skin_quiz.concerns', 'text'],
            [each.provider, 'skin_quiz.skin_type', 'text'],
          ].map((row) => (each.provider === 'activecampaign' ? [row[0], row[1], 'text'] : row)),
        );

        // A third lead goes straight to the contact: no field listed, none created.
        const before = fake.requests.length;
        expect(await deliver('cy@example.com')).toMatchObject({ ok: true });
        expect(fake.requestsSince(before).filter(each.isFieldCall)).toEqual([]);
      } finally {
        world.unregister(fake);
      }
    });
  }
});
