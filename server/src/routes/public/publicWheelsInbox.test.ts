import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailInbox } from '@quizlead/shared/schemas/wheel.ts';
import { createOwner } from '../../test/factories.ts';
import { getTestServer, type TestServer } from '../../test/getTestServer.ts';
import { createWheel, submission } from '../../test/widgetFactory.ts';

// A file of its own: its spins stay within one address's budget (spinByIp).
let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const spin = (id: string, body: Record<string, unknown> = {}) =>
  server.client().post(`/api/v1/public/wheels/${id}/spins`, { submissionId: submission(), ...body });

describe('one spin per inbox (a wheel that ignores email tags)', () => {
  it('new wheels count one spin per inbox: +tags and Gmail dots make no new email', async () => {
    const { client } = await createOwner(server);
    const wheel = await createWheel(client, { options: [{ text: 'A' }, { text: 'B' }, { text: 'C' }] });
    expect(wheel.ignoreEmailTags).toBe(true);
    const first = await spin(wheel.id, { email: 'sam@example.com' });
    expect(first.status).toBe(201);
    for (const email of ['sam+1@example.com', 'Sam+promo+2@Example.COM']) {
      const again = await spin(wheel.id, { email });
      expect({ email, status: again.status, data: again.body.data }).toEqual({
        email,
        status: 200,
        data: { ...first.body.data, repeated: true },
      });
    }
    const gmail = await spin(wheel.id, { email: 'j.doe@gmail.com' });
    expect(gmail.status).toBe(201);
    expect((await spin(wheel.id, { email: 'JDoe+x@googlemail.com' })).body.data).toEqual({ ...gmail.body.data, repeated: true });
    // Other addresses still spin: only the tag and Gmail's dots are looked through.
    expect((await spin(wheel.id, { email: 'sam.other@example.com' })).status).toBe(201);
    expect((await spin(wheel.id, { email: 'sam@example.org' })).status).toBe(201);
    // Concurrent tagged spins of one inbox still draw once.
    const burst = await Promise.all(
      Array.from({ length: 4 }, (_, index) => spin(wheel.id, { email: `rush+${index}@example.com` })),
    );
    expect(burst.filter((response) => response.status === 201)).toHaveLength(1);
    expect((await client.get(`/api/v1/wheels/${wheel.id}`)).body.data.totalSpins).toBe(5);
  });

  it('with the setting off, each tagged address spins on its own', async () => {
    const { client } = await createOwner(server);
    const wheel = await createWheel(client, { ignoreEmailTags: false });
    expect(wheel.ignoreEmailTags).toBe(false);
    expect((await spin(wheel.id, { email: 'kim@example.com' })).status).toBe(201);
    expect((await spin(wheel.id, { email: 'kim+1@example.com' })).status).toBe(201);
    expect((await spin(wheel.id, { email: 'KIM@example.com' })).status).toBe(200);
  });

  it('emailInbox cuts the tag, drops Gmail dots and keeps everything else', () => {
    expect(emailInbox('Sam+Promo@Example.COM')).toBe('sam@example.com');
    expect(emailInbox('j.doe+x@googlemail.com')).toBe('jdoe@gmail.com');
    expect(emailInbox('j.doe@example.com')).toBe('j.doe@example.com');
    expect(emailInbox('+only@example.com')).toBe('+only@example.com');
  });
});
