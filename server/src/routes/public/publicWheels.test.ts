import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wheelLimits, wheelMessages } from '@quizlead/shared/engagement.ts';
import { quizDefaults } from '@quizlead/shared/quizzes.ts';
import { createOwner } from '../../test/factories.ts';
import { getTestServer, type TestServer } from '../../test/getTestServer.ts';
import { createWheel, submission } from '../../test/widgetFactory.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const visitor = () => server.client();
const spin = (id: string, body: Record<string, unknown> = {}) =>
  visitor().post(`/api/v1/public/wheels/${id}/spins`, { submissionId: submission(), ...body });

describe('GET /api/v1/public/wheels/{id}', () => {
  it('serves a published wheel with option texts only', async () => {
    const { client } = await createOwner(server);
    const wheel = await createWheel(client, {
      options: [
        { text: 'Free shipping', weight: 5, prizeCode: 'SHIPFREE' },
        { text: '10% off', prizeCode: 'TEN' },
        { text: 'Try again' },
      ],
    });
    const response = await visitor().get(`/api/v1/public/wheels/${wheel.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.body.data).toEqual({
      id: wheel.id,
      ownerMode: 'free',
      footerLinks: { poweredBy: '/', signUp: '/Signup' },
      slug: 'spin-to-win',
      description: 'Spin to win',
      options: ['Free shipping', '10% off', 'Try again'],
      collectEmail: true,
      askPhone: false,
      smsConsentText: quizDefaults.smsConsentText,
      resultEmail: false,
      playButtonType: 'text',
      playButtonText: 'Spin',
      playButtonImage: null,
      revealDelayMs: wheelLimits.revealDelayMs,
      metaPixelId: '',
      tiktokPixelId: '',
      i18n: { default: 'en', fixed: null, languages: [], translations: {} },
    });
    expect(JSON.stringify(response.body)).not.toMatch(/SHIPFREE|weight|prizeCode/);

    await client.put(`/api/v1/wheels/${wheel.id}`, { ...wheel, status: 'unpublished' });
    const unpublished = await visitor().get(`/api/v1/public/wheels/${wheel.id}`);
    expect(unpublished.status).toBe(404);
    expect(unpublished.body.error.message).toBe(wheelMessages.unavailable);
    expect((await spin(wheel.id, { email: 'a@example.com' })).status).toBe(404);
    expect((await visitor().get('/api/v1/public/wheels/not-a-uuid')).status).toBe(404);
  });
});

describe('POST /api/v1/public/wheels/{id}/spins', () => {
  it('asks for a valid email when the wheel collects emails', async () => {
    const { client } = await createOwner(server);
    const wheel = await createWheel(client);
    for (const [email, message] of [
      [undefined, wheelMessages.emailRequired],
      ['', wheelMessages.emailRequired],
      ['player@', wheelMessages.emailInvalid],
    ] as const) {
      expect((await spin(wheel.id, { email })).body.error).toEqual({ code: 'validation', message, field: 'email' });
    }
    expect((await visitor().post(`/api/v1/public/wheels/${wheel.id}/spins`, { email: 'a@example.com' })).body.error.field).toBe(
      'submissionId',
    );
    const spun = await spin(wheel.id, { email: 'player@example.com' });
    expect(spun.status).toBe(201);
    expect(spun.body.data).toEqual({
      optionIndex: expect.any(Number),
      result: expect.stringMatching(/^Prize [123]$/),
      prizeCode: null,
      prizePending: false,
      prizeExpiresAt: null,
      repeated: false,
      prizeValue: null,
    });
    expect(spun.body.data.result).toBe(`Prize ${spun.body.data.optionIndex + 1}`);
  });

  it('the server’s draw carries the option’s prize code', async () => {
    const { client } = await createOwner(server);
    // Weights leave the first option all but certain.
    const wheel = await createWheel(client, {
      collectEmail: false,
      options: [
        { text: 'Jackpot', weight: 1000, prizeCode: 'JACK-1' },
        { text: 'B', weight: 0.0001 },
        { text: 'C', weight: 0.0001 },
      ],
    });
    const spun = await spin(wheel.id);
    expect(spun.body.data).toEqual({
      optionIndex: 0,
      result: 'Jackpot',
      prizeCode: 'JACK-1',
      prizePending: false,
      prizeExpiresAt: null,
      repeated: false,
      prizeValue: null,
    });
  });

  it('one spin per email (any case): a second spin answers the first with repeated: true', async () => {
    const { client } = await createOwner(server);
    const wheel = await createWheel(client, { options: [{ text: 'A' }, { text: 'B' }, { text: 'C' }, { text: 'D' }] });
    const first = await spin(wheel.id, { email: 'Sam@Example.com' });
    expect(first.status).toBe(201);
    const again = await spin(wheel.id, { email: ' sam@example.COM ' });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ ...first.body.data, repeated: true });
    // Concurrent spins of one email still draw once.
    const burst = await Promise.all(Array.from({ length: 10 }, () => spin(wheel.id, { email: 'rush@example.com' })));
    expect(burst.filter((response) => response.status === 201)).toHaveLength(1);
    expect(new Set(burst.map((response) => response.body.data.optionIndex)).size).toBe(1);
    expect((await client.get(`/api/v1/wheels/${wheel.id}`)).body.data.totalSpins).toBe(2);
  });

  it('the same submissionId gets the same result; repeats allowed draw again', async () => {
    const { client } = await createOwner(server);
    const wheel = await createWheel(client, { allowRepeatSpins: true, options: [{ text: 'A' }, { text: 'B' }, { text: 'C' }] });
    const submissionId = submission();
    const url = `/api/v1/public/wheels/${wheel.id}/spins`;
    const first = await visitor().post(url, { submissionId, email: 'kim@example.com' });
    expect(first.status).toBe(201);
    const retried = await visitor().post(url, { submissionId, email: 'kim@example.com' });
    expect(retried.status).toBe(200);
    expect(retried.body.data).toEqual(first.body.data);
    const more = await Promise.all(Array.from({ length: 5 }, () => spin(wheel.id, { email: 'kim@example.com' })));
    expect(more.every((response) => response.status === 201 && response.body.data.repeated === false)).toBe(true);
    expect((await client.get(`/api/v1/wheels/${wheel.id}`)).body.data.totalSpins).toBe(6);
  });

  it('without email collection anyone spins, no email needed', async () => {
    const { client } = await createOwner(server);
    const wheel = await createWheel(client, { collectEmail: false });
    expect((await spin(wheel.id)).status).toBe(201);
    expect((await spin(wheel.id)).status).toBe(201);
    expect((await spin(wheel.id, { email: 'bad' })).body.error.message).toBe(wheelMessages.emailInvalid);
  });

  it(
    'every option can win, each about as often as its weight says (2000 spins, weights 1, 1, 2, 4)',
    { timeout: 120_000 },
    async () => {
      // A server of its own: these spins all come from one IP, past its limits.
      const own = await getTestServer();
      try {
        own.services.limiters.widgetByIp.max = Number.MAX_SAFE_INTEGER;
        own.services.limiters.spinByIp.max = Number.MAX_SAFE_INTEGER;
        const { client } = await createOwner(own);
        const weights = [1, 1, 2, 4];
        const wheel = await createWheel(client, {
          collectEmail: false,
          options: weights.map((weight, index) => ({ text: `Option ${index + 1}`, weight })),
        });
        const spins = 2000;
        const counts = [0, 0, 0, 0];
        for (let done = 0; done < spins; done += 50) {
          const batch = await Promise.all(
            Array.from({ length: 50 }, () =>
              own.client().post(`/api/v1/public/wheels/${wheel.id}/spins`, { submissionId: submission() }),
            ),
          );
          for (const response of batch) {
            expect(response.status).toBe(201);
            counts[response.body.data.optionIndex]! += 1;
          }
        }
        const total = weights.reduce((sum, weight) => sum + weight, 0);
        weights.forEach((weight, index) => {
          const p = weight / total;
          const sd = Math.sqrt(spins * p * (1 - p));
          expect(counts[index], `option ${index + 1}: ${counts.join(', ')}`).toBeGreaterThan(0);
          expect(Math.abs(counts[index]! - spins * p), `option ${index + 1}: ${counts.join(', ')}`).toBeLessThan(5 * sd);
        });
        expect((await client.get(`/api/v1/wheels/${wheel.id}`)).body.data.totalSpins).toBe(spins);
      } finally {
        await own.stop();
      }
    },
  );

  it('limits spins per IP', async () => {
    const { client } = await createOwner(server);
    const wheel = await createWheel(client, { collectEmail: false });
    const limiter = server.services.limiters.spinByIp;
    const max = limiter.max;
    limiter.max = 0;
    try {
      expect((await spin(wheel.id)).status).toBe(429);
      // Reading the wheel is not a spin.
      expect((await visitor().get(`/api/v1/public/wheels/${wheel.id}`)).status).toBe(200);
    } finally {
      limiter.max = max;
    }
  });
});
