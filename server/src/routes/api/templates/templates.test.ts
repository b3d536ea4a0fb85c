import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeQuizTypes, quizMessages } from '@quizlead/shared/quizzes.ts';
import { createOwner } from '../../../test/factories.ts';
import { getTestServer, type TestServer } from '../../../test/getTestServer.ts';
import { createGradedQuiz } from '../../../test/quizFactory.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

describe('the template catalogue', () => {
  it('has at least one template of every active type, with its questions', async () => {
    const { client } = await createOwner(server);
    expect((await server.client().get('/api/v1/templates')).status).toBe(401);
    for (const quizType of activeQuizTypes) {
      const cards = (await client.get(`/api/v1/templates?quizType=${quizType}`)).body.data;
      expect(cards.length, quizType).toBeGreaterThan(0);
      for (const card of cards) {
        expect(card.quizType).toBe(quizType);
        expect(card.questionCount).toBeGreaterThan(0);
        expect(card.description).not.toBe('');
      }
    }
    expect((await client.get('/api/v1/templates?quizType=crossword')).status).toBe(400);
  });

  it('previews a template and copies it as a draft marked fromTemplate', async () => {
    const { client } = await createOwner(server);
    const [card] = (await client.get('/api/v1/templates?quizType=personality_quiz')).body.data;
    const preview = (await client.get(`/api/v1/templates/${card.id}`)).body.data;
    expect(preview.questions.length).toBe(card.questionCount);

    const copied = await client.post(`/api/v1/templates/${card.id}/copy`);
    expect(copied.status).toBe(201);
    expect(copied.body.data).toMatchObject({
      status: 'draft',
      fromTemplate: true,
      title: card.title,
      quizType: 'personality_quiz',
    });
    expect(copied.body.data.id).not.toBe(card.id);
    expect(copied.body.data.questions).toEqual(preview.questions);
    const list = (await client.get('/api/v1/quizzes')).body.data.items;
    expect(list).toEqual([expect.objectContaining({ id: copied.body.data.id, fromTemplate: true })]);
    // The copy is the owner's own: editing it leaves the template as it was.
    await client.put(`/api/v1/quizzes/${copied.body.data.id}`, { ...copied.body.data, title: 'Mine now' });
    expect((await client.get(`/api/v1/templates/${card.id}`)).body.data.title).toBe(card.title);
  });

  it('an invalid template id says so', async () => {
    const { client } = await createOwner(server);
    const own = await createGradedQuiz(client, { questions: 1 });
    for (const id of [crypto.randomUUID(), 'not-a-uuid', own.id]) {
      const response = await client.post(`/api/v1/templates/${id}/copy`);
      expect(response.status, id).toBe(404);
      expect(response.body.error.message).toBe(quizMessages.templateInvalid);
    }
  });
});
