import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertyMessages } from '@quizlead/shared/schemas/answerProperties.ts';
import { createOwner } from '../../../test/factories.ts';
import { getTestServer, type TestServer } from '../../../test/getTestServer.ts';
import { createGradedQuiz, gradedQuestion } from '../../../test/quizFactory.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

describe('PUT /api/v1/quizzes/{id}/questions: property keys (issue 33)', () => {
  it('400 naming the question for a bad or repeated key; saves owners’ keys and default ones', async () => {
    const { client } = await createOwner(server);
    const quiz = await createGradedQuiz(client);
    const save = (questions: unknown[]) => client.put(`/api/v1/quizzes/${quiz.id}/questions`, { questions });
    const question = (title: string, propertyKey = '') => ({ ...gradedQuestion(title), propertyKey });

    const bad = await save([
      question('<p>Skin</p>'),
      question('<p>Budget</p>'),
      question('<p>Style</p>'),
      question('<p>Age</p>', 'Skin-Type'),
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toEqual({
      code: 'validation',
      message: propertyMessages.keyInvalid,
      field: 'questions.3.propertyKey',
    });
    const tooLong = await save([question('<p>Skin</p>', 'x'.repeat(41))]);
    expect(tooLong.body.error.field).toBe('questions.0.propertyKey');

    const repeated = await save([question('<p>Skin</p>', 'skin_type'), question('<p>Budget</p>', 'skin_type')]);
    expect(repeated.status).toBe(400);
    expect(repeated.body.error).toEqual({
      code: 'validation',
      message: propertyMessages.keyDuplicate('skin_type'),
      field: 'questions.1.propertyKey',
    });

    // Two questions with the same text default to `skin`, `skin_2`: nothing for the owner to fix.
    const saved = await save([question('<p>Skin</p>'), question('<p>Skin</p>'), question('<p>Budget</p>', 'budget_eur')]);
    expect(saved.status).toBe(200);
    expect(saved.body.data.questions.map((stored: { propertyKey: string }) => stored.propertyKey)).toEqual([
      '',
      '',
      'budget_eur',
    ]);
  });
});
