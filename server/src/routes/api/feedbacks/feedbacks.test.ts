import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackLimits, feedbackMessages } from '@quizlead/shared/engagement.ts';
import { createOwner } from '../../../test/factories.ts';
import { getTestServer, type TestServer } from '../../../test/getTestServer.ts';
import { createFeedback, submission } from '../../../test/widgetFactory.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const respond = (feedbackId: string, value: string, email?: string) =>
  server.client().post(`/api/v1/public/feedbacks/${feedbackId}/responses`, { submissionId: submission(), value, email });

const valid = { title: 'Your Experience', feelingType: 'star', question: 'Was this useful?' };

describe('POST /api/v1/feedbacks', () => {
  it('401 → 400 with the builder’s messages → 201', async () => {
    expect((await server.client().post('/api/v1/feedbacks', valid)).status).toBe(401);
    const { client } = await createOwner(server);
    const cases: [unknown, string, string][] = [
      [{ ...valid, title: undefined }, feedbackMessages.titleRequired, 'title'],
      [{ ...valid, title: ' ' }, feedbackMessages.titleRequired, 'title'],
      [{ ...valid, title: 't'.repeat(feedbackLimits.title + 1) }, feedbackMessages.titleTooLong, 'title'],
      [{ ...valid, feelingType: undefined }, feedbackMessages.feelingTypeRequired, 'feelingType'],
      [{ ...valid, feelingType: 'smiley' }, feedbackMessages.feelingTypeRequired, 'feelingType'],
      [{ ...valid, question: '' }, feedbackMessages.questionRequired, 'question'],
      [{ ...valid, question: 'q'.repeat(feedbackLimits.question + 1) }, feedbackMessages.questionTooLong, 'question'],
      [{ ...valid, customColor: 'red' }, 'Enter a colour as #rrggbb.', 'customColor'],
    ];
    for (const [body, message, field] of cases) {
      const response = await client.post('/api/v1/feedbacks', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toEqual({ code: 'validation', message, field });
    }
    const created = await client.post('/api/v1/feedbacks', { ...valid, customColor: '' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ ...valid, customColor: null, collectEmail: false, totalResponses: 0 });
    const longest = await client.post('/api/v1/feedbacks', {
      title: 't'.repeat(feedbackLimits.title),
      feelingType: 'thumb',
      question: 'q'.repeat(feedbackLimits.question),
      customColor: '#abcdef',
      collectEmail: true,
    });
    expect(longest.status).toBe(201);
    expect(longest.body.data).toMatchObject({ customColor: '#abcdef', collectEmail: true });
  });
});

describe('GET /api/v1/feedbacks', () => {
  it('lists newest first with the total', async () => {
    const { client } = await createOwner(server);
    const first = await createFeedback(client, { title: 'First' });
    const second = await createFeedback(client, { title: 'Second' });
    await respond(first.id, 'Happy');
    const list = await client.get('/api/v1/feedbacks');
    expect(list.body.data).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(list.body.data.items.map((row: { id: string; totalResponses: number }) => [row.id, row.totalResponses])).toEqual([
      [second.id, 0],
      [first.id, 1],
    ]);
    expect(Object.keys(list.body.data.items[0]).sort()).toEqual(['createdAt', 'feelingType', 'id', 'title', 'totalResponses']);
  });
});

describe('PUT /api/v1/feedbacks/{id}', () => {
  it('saves the web response, with the update messages', async () => {
    const { client } = await createOwner(server);
    const feedback = await createFeedback(client);
    const cases: [unknown, string, string][] = [
      [{ ...valid, title: '' }, feedbackMessages.titleEmpty, 'title'],
      [{ ...valid, title: null }, feedbackMessages.titleEmpty, 'title'],
      [{ ...valid, feelingType: '' }, feedbackMessages.feelingTypeEmpty, 'feelingType'],
      [{ ...valid, question: '   ' }, feedbackMessages.questionEmpty, 'question'],
    ];
    for (const [body, message, field] of cases) {
      expect((await client.put(`/api/v1/feedbacks/${feedback.id}`, body)).body.error).toEqual({
        code: 'validation',
        message,
        field,
      });
    }
    const saved = await client.put(`/api/v1/feedbacks/${feedback.id}`, { ...valid, customColor: '#123456', collectEmail: true });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ ...valid, customColor: '#123456', collectEmail: true });
    expect((await client.get(`/api/v1/feedbacks/${feedback.id}`)).body.data).toMatchObject(valid);
  });
});

describe('DELETE /api/v1/feedbacks/{id}', () => {
  it('deletes it with its responses', async () => {
    const { client } = await createOwner(server);
    const feedback = await createFeedback(client);
    await respond(feedback.id, 'Angry');
    expect((await client.delete(`/api/v1/feedbacks/${feedback.id}`)).body).toEqual({
      data: { message: feedbackMessages.deleted },
    });
    expect((await client.get(`/api/v1/feedbacks/${feedback.id}`)).status).toBe(404);
    expect((await server.client().get(`/api/v1/public/feedbacks/${feedback.id}`)).status).toBe(404);
  });
});

describe('another account', () => {
  it('gets 404 from every web response route and an empty list', async () => {
    const owner = await createOwner(server);
    const intruder = await createOwner(server);
    const feedback = await createFeedback(owner.client);
    await respond(feedback.id, 'Happy');
    const attempts = await Promise.all([
      intruder.client.get(`/api/v1/feedbacks/${feedback.id}`),
      intruder.client.put(`/api/v1/feedbacks/${feedback.id}`, valid),
      intruder.client.delete(`/api/v1/feedbacks/${feedback.id}`),
      intruder.client.get(`/api/v1/feedbacks/${feedback.id}/responses`),
      intruder.client.get(`/api/v1/feedbacks/${feedback.id}/responses/export`),
      intruder.client.get(`/api/v1/feedbacks/${feedback.id}/responses/export?format=csv`),
    ]);
    for (const response of attempts) {
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('not_found');
    }
    expect((await intruder.client.get('/api/v1/feedbacks')).body.data.total).toBe(0);
    expect((await owner.client.get(`/api/v1/feedbacks/${feedback.id}`)).body.data).toMatchObject({
      title: feedback.title,
      totalResponses: 1,
    });
  });
});
