/**
 * The player pages' Content-Security-Policy (needs the player build, which writes the policies): Google's
 * tag manager may run only on a published quiz whose owner set an analytics id, never on any other page.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createOwner } from '../../server/src/test/factories.ts';
import { getTestServer, type TestServer } from '../../server/src/test/getTestServer.ts';
import { buildQuiz, question } from './playerQuizzes.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const scriptSources = async (path: string) => {
  const response = await server.client().get(path);
  expect(response.status, path).toBe(200);
  const policy = response.headers.get('content-security-policy') ?? '';
  return /(?:^|;)\s*script-src ([^;]*)/.exec(policy)?.[1] ?? '';
};

it("allows Google's tag manager only on quizzes whose owner set an analytics id", async () => {
  const owner = await createOwner(server);
  const questions = () => [
    question('Tea or coffee?', [
      { id: 'a', text: 'Tea', correct: true },
      { id: 'b', text: 'Coffee' },
    ]),
  ];
  const tracked = await buildQuiz(owner.client, {
    quizType: 'graded_quiz',
    title: 'Tracked',
    settings: { collectEmail: false, googleAnalyticsId: 'G-TEST123' },
    questions: questions(),
  });
  const untracked = await buildQuiz(owner.client, {
    quizType: 'graded_quiz',
    title: 'Untracked',
    settings: { collectEmail: false },
    questions: questions(),
  });

  for (const path of [
    `/play/${tracked.id}`,
    `/quizplayer.html?quizid=${tracked.id}`,
    `/quizplayer2.html?quiztitle=x&quizid=${tracked.id}`,
  ])
    expect(await scriptSources(path), path).toContain('https://www.googletagmanager.com');
  for (const path of [
    `/play/${untracked.id}`,
    `/quizplayer.html?quizid=${untracked.id}`,
    // Previews send nothing to Google; unknown quizzes have no owner to have asked for it.
    `/quizplayer.html?quizid=${tracked.id}&preview=1`,
    `/previewtemplate?quizid=${tracked.id}`,
    `/play/${crypto.randomUUID()}`,
    '/quizplayer.html?quizid=not-an-id',
  ]) {
    const sources = await scriptSources(path);
    expect(sources, path).toContain("'self'");
    expect(sources, path).not.toContain('googletagmanager');
  }
});
