import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackMessages, feelingTypes, feelingValues } from '@quizlead/shared/engagement.ts';
import { createOwner } from '../../test/factories.ts';
import { getTestServer, type TestServer } from '../../test/getTestServer.ts';
import { createFeedback, submission } from '../../test/widgetFactory.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const visitor = () => server.client();
const send = (id: string, body: Record<string, unknown>) =>
  visitor().post(`/api/v1/public/feedbacks/${id}/responses`, { submissionId: submission(), ...body });

describe('GET /api/v1/public/feedbacks/{id}', () => {
  it('serves the widget with the values of its feeling type', async () => {
    const { client } = await createOwner(server);
    for (const feelingType of feelingTypes) {
      const feedback = await createFeedback(client, { feelingType, customColor: '#336699' });
      const response = await visitor().get(`/api/v1/public/feedbacks/${feedback.id}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.body.data).toEqual({
        id: feedback.id,
        ownerMode: 'free',
        footerLinks: { poweredBy: '/', signUp: '/Signup' },
        title: 'How was it?',
        question: 'Did this page help?',
        feelingType,
        values: feelingValues[feelingType],
        customColor: '#336699',
        collectEmail: false,
        metaPixelId: '',
        tiktokPixelId: '',
        i18n: { default: 'en', fixed: null, languages: [], translations: {} },
      });
    }
    expect(feelingValues.emotion).toEqual(['Angry', 'Worried', 'Neutral', 'Happy', 'Delighted']);
    expect((await visitor().get(`/api/v1/public/feedbacks/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await visitor().get('/api/v1/public/feedbacks/nope')).status).toBe(404);
  });
});

describe('POST /api/v1/public/feedbacks/{id}/responses', () => {
  it('takes one of the type’s values and thanks the visitor', async () => {
    const { client } = await createOwner(server);
    const feedback = await createFeedback(client, { feelingType: 'star' });
    for (const value of [undefined, '', '  ', 'Happy', '6*', '4', 'x'.repeat(41)]) {
      const response = await send(feedback.id, { value });
      expect(response.status).toBe(400);
      expect(response.body.error).toEqual({ code: 'validation', message: feedbackMessages.valueRequired, field: 'value' });
    }
    const sent = await send(feedback.id, { value: '4*' });
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({ data: { message: feedbackMessages.thanks } });
    const stored = (await client.get(`/api/v1/feedbacks/${feedback.id}/responses`)).body.data.items;
    expect(stored).toMatchObject([{ feelingType: 'star', value: '4*', email: null }]);
  });

  it('asks for the email when the widget collects emails', async () => {
    const { client } = await createOwner(server);
    const feedback = await createFeedback(client, { feelingType: 'thumb', collectEmail: true });
    expect((await send(feedback.id, { value: 'Thumbs Up' })).body.error).toEqual({
      code: 'validation',
      message: feedbackMessages.emailRequired,
      field: 'email',
    });
    expect((await send(feedback.id, { value: 'Thumbs Up', email: 'nope' })).body.error).toEqual({
      code: 'validation',
      message: feedbackMessages.emailInvalid,
      field: 'email',
    });
    // The value is checked first, as the widget does.
    expect((await send(feedback.id, { value: '' })).body.error.field).toBe('value');
    expect((await send(feedback.id, { value: 'Thumbs Down', email: 'fan@example.com' })).status).toBe(201);
  });

  it('stores the same submissionId once', async () => {
    const { client } = await createOwner(server);
    const feedback = await createFeedback(client, { feelingType: 'scale' });
    const submissionId = submission();
    const url = `/api/v1/public/feedbacks/${feedback.id}/responses`;
    expect((await visitor().post(url, { submissionId, value: '5' })).status).toBe(201);
    const retried = await visitor().post(url, { submissionId, value: '5' });
    expect(retried.status).toBe(200);
    expect(retried.body.data.message).toBe(feedbackMessages.thanks);
    const parallel = await Promise.all(
      Array.from({ length: 10 }, () => visitor().post(url, { submissionId: submission(), value: '3' })),
    );
    expect(parallel.every((response) => response.status === 201)).toBe(true);
    expect((await client.get(`/api/v1/feedbacks/${feedback.id}`)).body.data.totalResponses).toBe(11);
  });
});
