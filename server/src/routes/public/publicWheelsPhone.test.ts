import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playMessages } from '@quizlead/shared/playMessages.ts';
import { events, wheelSpins } from '../../db/schema/index.ts';
import { createOwner } from '../../test/factories.ts';
import { getTestServer, type TestServer } from '../../test/getTestServer.ts';
import { createWheel, submission } from '../../test/widgetFactory.ts';

/** The optional phone before a spin (issue 33); its own server, so other files' spins leave its IP's limit alone. */
let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const visitor = () => server.client();
const spin = (id: string, body: Record<string, unknown> = {}) =>
  visitor().post(`/api/v1/public/wheels/${id}/spins`, { submissionId: submission(), ...body });

describe('a wheel that asks for a phone (issue 33)', () => {
  it('shows the phone and SMS text, refuses a bad number naming phone, stores E.164 and puts it on the event', async () => {
    const { client, account } = await createOwner(server);
    const wheel = await createWheel(client, { askPhone: true, smsConsentText: 'Texts from us. Reply STOP to stop.' });
    expect(wheel).toMatchObject({ askPhone: true, smsConsentText: 'Texts from us. Reply STOP to stop.' });
    const shown = (await visitor().get(`/api/v1/public/wheels/${wheel.id}`)).body.data;
    expect(shown).toMatchObject({ askPhone: true, smsConsentText: 'Texts from us. Reply STOP to stop.' });

    const refused = await spin(wheel.id, { email: 'pat@example.com', phone: '12345', smsConsent: true });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toEqual({ code: 'validation', message: playMessages.phoneInvalid, field: 'phone' });

    const id = submission();
    const taken = await spin(wheel.id, {
      submissionId: id,
      email: 'pat@example.com',
      phone: '+44 7911 123456',
      smsConsent: true,
    });
    expect(taken.status).toBe(201);
    const { db } = server.services.database;
    const [stored] = await db
      .select()
      .from(wheelSpins)
      .where(and(eq(wheelSpins.wheelId, wheel.id), eq(wheelSpins.id, id)));
    expect(stored).toMatchObject({ phone: '+447911123456', smsConsent: true });
    const [event] = await db
      .select()
      .from(events)
      .where(and(eq(events.accountId, account.id), eq(events.type, 'wheel.spun')));
    expect((event!.payload as { visitor: unknown }).visitor).toEqual({
      email: 'pat@example.com',
      name: '',
      consent: false,
      phone: '+447911123456',
      smsConsent: true,
    });
  });

  it('a wheel that does not ask keeps no phone, and SMS consent is false by default', async () => {
    const { client } = await createOwner(server);
    const plain = await createWheel(client, { allowRepeatSpins: true });
    const id = submission();
    expect(
      (await spin(plain.id, { submissionId: id, email: 'lee@example.com', phone: '+14155552671', smsConsent: true })).status,
    ).toBe(201);
    const asking = await createWheel(client, { askPhone: true, allowRepeatSpins: true });
    const other = submission();
    expect((await spin(asking.id, { submissionId: other, email: 'lee@example.com', phone: '+14155552671' })).status).toBe(201);
    const { db } = server.services.database;
    const phones = await db
      .select({ id: wheelSpins.id, phone: wheelSpins.phone, smsConsent: wheelSpins.smsConsent })
      .from(wheelSpins);
    expect(phones.find((row) => row.id === id)).toEqual({ id, phone: null, smsConsent: false });
    expect(phones.find((row) => row.id === other)).toEqual({ id: other, phone: '+14155552671', smsConsent: false });
  });
});
