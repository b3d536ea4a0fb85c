import { randomUUID } from 'node:crypto';
import type { TQuestion } from '@quizlead/shared/schemas/quiz.ts';
import type { TestClient } from './getTestServer.ts';

/** The secret a visitor's browser sends with a play's first start (web/src/player/playSession.ts). */
export const newPlayKey = () => randomUUID().replaceAll('-', '');

/** A single-answer graded question whose first answer is right. */
export const gradedQuestion = (title = '<p>2 + 2?</p>'): TQuestion => ({
  id: randomUUID(),
  kind: 'single',
  title,
  image: null,
  categoryId: null,
  propertyKey: '',
  segment: false,
  answers: [
    { id: 'a1', text: '4', image: null, correct: true, weight: '', personalityId: null, value: '', tags: [] },
    { id: 'a2', text: '5', image: null, correct: false, weight: '', personalityId: null, value: '', tags: [] },
  ],
});

/** A personality question whose answers point at p1 and p2. */
export const personalityQuestion = (): TQuestion => ({
  id: randomUUID(),
  kind: 'single',
  title: '<p>Tea or coffee?</p>',
  image: null,
  categoryId: null,
  propertyKey: '',
  segment: false,
  answers: [
    { id: 'a1', text: 'Tea', image: null, correct: false, weight: '', personalityId: 'p1', value: '', tags: [] },
    { id: 'a2', text: 'Coffee', image: null, correct: false, weight: '', personalityId: 'p2', value: '', tags: [] },
  ],
});

export const twoPersonalities = [
  { id: 'p1', title: 'Calm', description: '<p>Calm and kind</p>' },
  { id: 'p2', title: 'Bold', description: '<p>Bold and bright</p>' },
];

/** Creates a graded quiz through the API, optionally with questions and published. */
export async function createGradedQuiz(
  client: TestClient,
  options: { title?: string; questions?: number; publish?: boolean; questionTitle?: (n: number) => string } = {},
) {
  const created = await client.post('/api/v1/quizzes', { quizType: 'graded_quiz', title: options.title ?? 'Maths' });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  const id: string = created.body.data.id;
  const count = options.questions ?? 0;
  const questionTitle = options.questionTitle ?? ((n: number) => `<p>Question ${n}</p>`);
  if (count > 0) {
    const questions = Array.from({ length: count }, (_, index) => gradedQuestion(questionTitle(index + 1)));
    const saved = await client.put(`/api/v1/quizzes/${id}/questions`, { questions });
    if (saved.status !== 200) throw new Error(JSON.stringify(saved.body));
  }
  if (options.publish) {
    const published = await client.put(`/api/v1/quizzes/${id}/status`, { status: 'published' });
    if (published.status !== 200) throw new Error(JSON.stringify(published.body));
  }
  return (await client.get(`/api/v1/quizzes/${id}`)).body.data;
}
