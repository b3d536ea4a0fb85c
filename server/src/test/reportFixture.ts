import { randomUUID } from 'node:crypto';
import { createOwner } from './factories.ts';
import type { TestClient, TestServer } from './getTestServer.ts';
import { createGradedQuiz, gradedQuestion, newPlayKey } from './quizFactory.ts';

/**
 * A visitor playing a quiz through the real public API: the page view, the start, a progress event
 * per question shown, the answers and the lead, each step only when asked for.
 */
export function visitor(server: TestServer, quizId: string, options: { client?: TestClient; preview?: boolean } = {}) {
  const client = options.client ?? server.client();
  const preview = options.preview ?? false;
  const playId = randomUUID();
  const playKey = newPlayKey();
  let auth: Record<string, string> = {};
  const ok = <T extends { status: number; body: unknown }>(step: string, response: T) => {
    if (response.status >= 300) throw new Error(`${step}: ${response.status} ${JSON.stringify(response.body)}`);
    return response;
  };
  return {
    playId,
    view: async () => ok('view', await client.get(`/api/v1/public/quizzes/${quizId}${preview ? '?preview=1' : ''}`)),
    start: async () => {
      const started = ok('start', await client.post(`/api/v1/public/quizzes/${quizId}/plays`, { playId, playKey, preview }));
      auth = { authorization: `Bearer ${started.body.data.playToken}` };
    },
    progress: async (questionId: string) =>
      ok('progress', await client.request('POST', `/api/v1/public/plays/${playId}/progress`, { questionId }, auth)),
    answers: async (answers: Record<string, string[]>) =>
      ok('answers', await client.request('POST', `/api/v1/public/plays/${playId}/answers`, { answers }, auth)),
    lead: async (name: string, email: string) =>
      ok('lead', await client.request('POST', `/api/v1/public/plays/${playId}/lead`, { name, email }, auth)),
  };
}

/**
 * A graded quiz of three questions (the first answer of each is right; the first title is
 * `Paris &amp; <strong>Rome</strong>?`) played seven times, with every
 * figure of its report worked out by hand below.
 *
 * | play | steps                                                        | status    | result |
 * | ---- | ------------------------------------------------------------ | --------- | ------ |
 * | ann  | view, start ×2, progress q1 q2 q2 q3, answers, lead          | completed | 100%   |
 * | bob  | view, start, progress q1 q2 q3, answers, lead                | completed | 33%    |
 * | cat  | view, start, progress q1 q2 (left on q2)                     | started   |        |
 * | dan  | view, start, progress q1 (left on q1)                        | started   |        |
 * | eve  | view, start, answers without progress events, no lead        | answered  | 67%    |
 * | fay  | view only                                                    |           |        |
 * | gus  | (email gate switched off) view, start, progress ×3, answers  | completed | 0%     |
 * | own  | the owner's preview: view, start, progress ×3, answers, lead | completed | 100%   |
 *
 * views 7 (fay too, not the preview), starts 6 (ann's retried start once), completions 3, leads 2,
 * completion rate 3 / 6 = 50%, average score (100 + 33 + 0) / 3 = 44.3 (eve never completed).
 * q1: reached by ann bob cat dan eve gus = 6, answered by ann bob cat (moved on) eve gus = 5;
 * q2: reached by ann bob cat eve gus = 5, answered by ann bob eve gus = 4;
 * q3: reached by ann bob eve gus = 4, answered by the same 4.
 */
export async function playedQuiz(server: TestServer) {
  const owner = await createOwner(server);
  const created = await createGradedQuiz(owner.client, { title: 'Capitals & rivers' });
  const titles = ['<p>Paris &amp; <strong>Rome</strong>?</p>', '<p>Question 2</p>', '<p>Question&nbsp;3</p>'];
  const saved = await owner.client.put(`/api/v1/quizzes/${created.id}/questions`, { questions: titles.map(gradedQuestion) });
  if (saved.status !== 200) throw new Error(JSON.stringify(saved.body));
  const published = await owner.client.put(`/api/v1/quizzes/${created.id}/status`, { status: 'published' });
  if (published.status !== 200) throw new Error(JSON.stringify(published.body));
  const [q1, q2, q3] = saved.body.data.questions.map((question: { id: string }) => question.id) as [string, string, string];
  const picks = (...answers: string[]) => ({ [q1]: [answers[0]!], [q2]: [answers[1]!], [q3]: [answers[2]!] });

  const ann = visitor(server, created.id);
  await ann.view();
  await ann.start();
  await ann.start();
  for (const question of [q1, q2, q2, q3]) await ann.progress(question);
  await ann.answers(picks('a1', 'a1', 'a1'));
  await ann.lead('Ann', 'ann@example.com');
  // A late event after the play completed changes nothing.
  await ann.progress(q1);

  const bob = visitor(server, created.id);
  await bob.view();
  await bob.start();
  for (const question of [q1, q2, q3]) await bob.progress(question);
  await bob.answers(picks('a1', 'a2', 'a2'));
  await bob.lead('Bob', 'bob@example.com');

  const cat = visitor(server, created.id);
  await cat.view();
  await cat.start();
  await cat.progress(q1);
  await cat.progress(q2);

  const dan = visitor(server, created.id);
  await dan.view();
  await dan.start();
  await dan.progress(q1);

  const eve = visitor(server, created.id);
  await eve.view();
  await eve.start();
  await eve.answers(picks('a1', 'a1', 'a2'));

  await visitor(server, created.id).view();

  const own = visitor(server, created.id, { client: owner.client, preview: true });
  await own.view();
  await own.start();
  for (const question of [q1, q2, q3]) await own.progress(question);
  await own.answers(picks('a1', 'a1', 'a1'));
  await own.lead('Olive', 'olive@example.com');

  const quiz = (await owner.client.get(`/api/v1/quizzes/${created.id}`)).body.data;
  const ungated = await owner.client.put(`/api/v1/quizzes/${created.id}`, {
    ...quiz,
    settings: { ...quiz.settings, collectEmail: false },
  });
  if (ungated.status !== 200) throw new Error(JSON.stringify(ungated.body));
  const gus = visitor(server, created.id);
  await gus.view();
  await gus.start();
  for (const question of [q1, q2, q3]) await gus.progress(question);
  await gus.answers(picks('a2', 'a2', 'a2'));

  await server.services.stats.flush();
  return {
    owner,
    quiz: published.body.data as { id: string; slug: string; title: string },
    questions: [q1, q2, q3] as const,
    ann,
    bob,
    cat,
    dan,
    eve,
    gus,
    own,
  };
}
