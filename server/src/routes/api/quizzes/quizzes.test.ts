import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visibleLength } from '@quizlead/shared/engine/index.ts';
import { quizDefaults, quizLimits, quizMessages } from '@quizlead/shared/quizzes.ts';
import { adPixelMessages } from '@quizlead/shared/schemas/adPixels.ts';
import type { TPersonality } from '@quizlead/shared/schemas/quiz.ts';
import { createOwner } from '../../../test/factories.ts';
import { getTestServer, type TestClient, type TestServer } from '../../../test/getTestServer.ts';
import { createGradedQuiz, gradedQuestion, personalityQuestion, twoPersonalities } from '../../../test/quizFactory.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

describe('POST /api/v1/quizzes', () => {
  it('401 → 400 → 201 draft with default settings', async () => {
    expect((await server.client().post('/api/v1/quizzes', { quizType: 'graded_quiz' })).status).toBe(401);
    const { client } = await createOwner(server);
    const bad = await client.post('/api/v1/quizzes', { quizType: 'crossword' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('quizType');
    const created = await client.post('/api/v1/quizzes', { quizType: 'personality_quiz', theme: 'theme5' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ status: 'draft', quizType: 'personality_quiz', title: '', questions: [] });
    expect(created.body.data.settings).toMatchObject({
      theme: 'theme5',
      scoreType: 'percentage',
      offerButtonText: quizDefaults.offerButtonText,
      collectEmail: true,
      emailFormType: 'standard',
      landingType: 'standard',
    });
  });
});

describe('POST /api/v1/quizzes: the outcomes a new quiz starts with', () => {
  it('range types get five blank personalities at the default ranges, together 0–100%; others two, or none', async () => {
    const { client } = await createOwner(server);
    const created = async (quizType: string) => (await client.post('/api/v1/quizzes', { quizType })).body.data;
    for (const quizType of ['graded_quiz_with_personality', 'weighted_graded_quiz', 'category_graded_quiz_with_personality']) {
      const { personalities } = await created(quizType);
      expect(
        personalities.map((p: TPersonality) => [p.minScore, p.maxScore]),
        quizType,
      ).toEqual(quizDefaults.scoreRanges.map(({ min, max }) => [min, max]));
      expect(personalities.every((p: TPersonality) => p.title === '' && /^[\w-]+$/.test(p.id))).toBe(true);
      expect(new Set(personalities.map((p: TPersonality) => p.id)).size).toBe(5);
    }
    expect((await created('personality_quiz')).personalities).toHaveLength(2);
    expect((await created('graded_quiz')).personalities).toEqual([]);
  });
});

describe('GET /api/v1/quizzes', () => {
  it('pages 7 at a time, searches titles literally and sorts', async () => {
    const { client } = await createOwner(server);
    for (let index = 0; index < 9; index++) {
      await createGradedQuiz(client, { title: `Quiz ${index} ${index === 4 ? '100% _special_' : ''}`, questions: index % 3 });
    }
    const first = await client.get('/api/v1/quizzes');
    expect(first.body.data).toMatchObject({ total: 9, page: 1, pageSize: 7 });
    expect(first.body.data.items).toHaveLength(7);
    expect(first.body.data.items[0].title).toMatch(/^Quiz 8/);
    expect((await client.get('/api/v1/quizzes?page=2')).body.data.items).toHaveLength(2);

    const search = await client.get('/api/v1/quizzes?search=100%25%20_special');
    expect(search.body.data.items.map((row: { title: string }) => row.title)).toEqual(['Quiz 4 100% _special_']);
    expect((await client.get('/api/v1/quizzes?search=_')).body.data.total).toBe(1);

    const byQuestions = await client.get('/api/v1/quizzes?sort=questions&direction=desc');
    expect(byQuestions.body.data.items[0].questionCount).toBe(2);
    const ascending = await client.get('/api/v1/quizzes?sort=questions&direction=asc');
    expect(ascending.body.data.items[0].questionCount).toBe(0);
    expect((await client.get('/api/v1/quizzes?sort=colour')).status).toBe(400);
  });
});

describe('PUT /api/v1/quizzes/{id}', () => {
  it('saves, sanitises rich text and drops fields of other types', async () => {
    const { client } = await createOwner(server);
    const quiz = (await client.post('/api/v1/quizzes', { quizType: 'personality_quiz' })).body.data;
    await client.put(`/api/v1/quizzes/${quiz.id}`, {
      ...quiz,
      title: 'Tea Time!',
      personalities: twoPersonalities,
      settings: { ...quiz.settings, welcomeMessage: '<p>Hello<script>alert(1)</script></p>' },
    });
    await client.put(`/api/v1/quizzes/${quiz.id}/questions`, { questions: [personalityQuestion()] });
    const saved = (await client.get(`/api/v1/quizzes/${quiz.id}`)).body.data;
    expect(saved.slug).toBe('tea-time');
    expect(saved.settings.welcomeMessage).toBe('<p>Hello</p>');
    expect(saved.questions[0].answers[0].personalityId).toBe('p1');

    // Switching to graded_quiz leaves no personalities behind.
    const switched = await client.put(`/api/v1/quizzes/${quiz.id}`, { ...saved, quizType: 'graded_quiz' });
    expect(switched.status).toBe(200);
    expect(switched.body.data.personalities).toEqual([]);
    expect(
      switched.body.data.questions[0].answers.every((answer: { personalityId: null }) => answer.personalityId === null),
    ).toBe(true);
  });

  it('keeps a published quiz publishable', async () => {
    const { client } = await createOwner(server);
    const quiz = await createGradedQuiz(client, { questions: 1, publish: true });
    const emptied = await client.put(`/api/v1/quizzes/${quiz.id}`, { ...quiz, title: '' });
    expect(emptied.status).toBe(400);
    expect(emptied.body.error.message).toBe(quizMessages.titleEmpty);
  });
});

describe('PUT /api/v1/quizzes/{id}/status', () => {
  it('publishing checks the builder rules', async () => {
    const { client } = await createOwner(server);
    const untitled = (await client.post('/api/v1/quizzes', { quizType: 'graded_quiz' })).body.data;
    const noTitle = await client.put(`/api/v1/quizzes/${untitled.id}/status`, { status: 'published' });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.error.message).toBe(quizMessages.titleEmpty);

    const empty = await createGradedQuiz(client, { title: 'Empty' });
    const noQuestions = await client.put(`/api/v1/quizzes/${empty.id}/status`, { status: 'published' });
    expect(noQuestions.body.error.message).toBe(quizMessages.noQuestions);

    const ready = await createGradedQuiz(client, { questions: 2 });
    const published = await client.put(`/api/v1/quizzes/${ready.id}/status`, { status: 'published' });
    expect(published.status).toBe(200);
    expect(published.body.data.status).toBe('published');
    expect(published.body.data.publishedAt).not.toBeNull();
    const drafted = await client.put(`/api/v1/quizzes/${ready.id}/status`, { status: 'draft' });
    expect(drafted.body.data.status).toBe('draft');
    expect((await client.put(`/api/v1/quizzes/${ready.id}/status`, { status: 'live' })).body.error.field).toBe('status');
  });
});

describe('score ranges of the range types', () => {
  const gapMessage =
    'Scores from 41% to 100% have no personality. Change the score ranges so that every score from 0% to 100% has one.';

  /** A graded quiz with personality, filled in and one question, with the personalities cut to these ranges. */
  async function rangeQuiz(client: TestClient, ranges: [number, number][]) {
    const quiz = (await client.post('/api/v1/quizzes', { quizType: 'graded_quiz_with_personality', title: 'Levels' })).body.data;
    const personalities = ranges.map(([minScore, maxScore], index) => ({
      ...quiz.personalities[index],
      title: `Level ${index + 1}`,
      description: `<p>Level ${index + 1}</p>`,
      minScore,
      maxScore,
    }));
    const settings = { ...quiz.settings, welcomeMessage: '<p>Hi</p>' };
    expect((await client.put(`/api/v1/quizzes/${quiz.id}`, { ...quiz, settings, personalities })).status).toBe(200);
    expect((await client.put(`/api/v1/quizzes/${quiz.id}/questions`, { questions: [gradedQuestion()] })).status).toBe(200);
    return (await client.get(`/api/v1/quizzes/${quiz.id}`)).body.data;
  }

  it('publishing refuses ranges that leave scores without a personality, naming them', async () => {
    const { client } = await createOwner(server);
    const gap = await rangeQuiz(client, [
      [0, 20],
      [21, 40],
    ]);
    const refused = await client.put(`/api/v1/quizzes/${gap.id}/status`, { status: 'published' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'validation', message: gapMessage });
    expect((await client.get(`/api/v1/quizzes/${gap.id}`)).body.data.status).toBe('draft');

    const covered = await rangeQuiz(
      client,
      quizDefaults.scoreRanges.map(({ min, max }) => [min, max]),
    );
    expect((await client.put(`/api/v1/quizzes/${covered.id}/status`, { status: 'published' })).status).toBe(200);
    // A published quiz stays publishable: cutting it back to two ranges is refused on save too.
    const cut = await client.put(`/api/v1/quizzes/${covered.id}`, {
      ...covered,
      personalities: covered.personalities.slice(0, 2),
    });
    expect(cut.status).toBe(400);
    expect(cut.body.error.message).toBe(gapMessage);
  });
});

describe('questions and branches', () => {
  it('400 with the question rules, then saves in order', async () => {
    const { client } = await createOwner(server);
    const quiz = await createGradedQuiz(client);
    const save = (questions: unknown[]) => client.put(`/api/v1/quizzes/${quiz.id}/questions`, { questions });

    const empty = await save([gradedQuestion('<p> </p>')]);
    expect(empty.body.error).toEqual({ code: 'validation', message: quizMessages.questionEmpty, field: 'questions.0' });
    const blankAnswer = gradedQuestion();
    blankAnswer.answers[1]!.text = ' ';
    expect((await save([blankAnswer])).body.error.message).toBe(quizMessages.answerEmpty);
    const noneCorrect = gradedQuestion();
    noneCorrect.answers[0]!.correct = false;
    expect((await save([noneCorrect])).body.error.message).toBe(quizMessages.correctAnswerRequired);
    const twoCorrect = gradedQuestion();
    twoCorrect.answers[1]!.correct = true;
    expect((await save([twoCorrect])).body.error.message).toBe(quizMessages.onlyOneCorrect);
    const tooMany = gradedQuestion();
    tooMany.answers.push(...['x', 'y', 'z'].map((id) => ({ ...tooMany.answers[1]!, id })));
    expect((await save([tooMany])).status).toBe(400);
    const first = gradedQuestion('<p>One</p>');
    expect((await save([first, { ...gradedQuestion(), id: first.id }])).body.error.message).toBe('Question ids must be unique');

    const second = gradedQuestion('<p>Two</p>');
    const saved = await save([second, first]);
    expect(saved.status).toBe(200);
    expect(saved.body.data.questions.map((question: { id: string }) => question.id)).toEqual([second.id, first.id]);
  });

  it('a published quiz keeps its question types', async () => {
    const { client } = await createOwner(server);
    const quiz = await createGradedQuiz(client, { questions: 1, publish: true });
    const question = quiz.questions[0];
    const changed = await client.put(`/api/v1/quizzes/${quiz.id}/questions`, {
      questions: [{ ...question, kind: 'multiple' }],
    });
    expect(changed.status).toBe(400);
    expect(changed.body.error).toEqual({
      code: 'validation',
      message: quizMessages.questionTypeLocked,
      field: 'questions.0.kind',
    });
  });

  it('branches are saved, pruned when their question goes, and cleared when branching is off', async () => {
    const { client } = await createOwner(server);
    const quiz = await createGradedQuiz(client, { questions: 3 });
    const [q1, q2, q3] = quiz.questions;
    const branches = [
      { questionId: q1.id, answerId: 'a1', to: q3.id },
      { questionId: q2.id, answerId: 'any', to: 'landing' },
    ];
    const on = await client.put(`/api/v1/quizzes/${quiz.id}/branches`, { enabled: true, branches });
    expect(on.body.data.branching).toEqual({ enabled: true, branches });

    const deleted = await client.delete(`/api/v1/quizzes/${quiz.id}/questions/${q3.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.questions).toHaveLength(2);
    expect(deleted.body.data.branching.branches).toEqual([branches[1]]);
    expect((await client.delete(`/api/v1/quizzes/${quiz.id}/questions/${q3.id}`)).status).toBe(404);

    const off = await client.put(`/api/v1/quizzes/${quiz.id}/branches`, { enabled: false, branches: [branches[1]] });
    expect(off.body.data.branching).toEqual({ enabled: false, branches: [] });
  });
});

describe('DELETE /api/v1/quizzes/{id}', () => {
  it('deletes with the spec message', async () => {
    const { client } = await createOwner(server);
    const quiz = await createGradedQuiz(client, { questions: 1 });
    const deleted = await client.delete(`/api/v1/quizzes/${quiz.id}`);
    expect(deleted.body).toEqual({ data: { message: quizMessages.deleted } });
    expect((await client.get(`/api/v1/quizzes/${quiz.id}`)).status).toBe(404);
  });
});

describe('another account', () => {
  it('gets 404 from every quiz route and never sees the quiz in its list', async () => {
    const owner = await createOwner(server);
    const intruder = await createOwner(server);
    const quiz = await createGradedQuiz(owner.client, { questions: 2, publish: true });
    const question = quiz.questions[0];
    const attempts = [
      intruder.client.get(`/api/v1/quizzes/${quiz.id}`),
      intruder.client.put(`/api/v1/quizzes/${quiz.id}`, { ...quiz, title: 'Hijacked' }),
      intruder.client.put(`/api/v1/quizzes/${quiz.id}/status`, { status: 'draft' }),
      intruder.client.put(`/api/v1/quizzes/${quiz.id}/questions`, { questions: [gradedQuestion()] }),
      intruder.client.delete(`/api/v1/quizzes/${quiz.id}/questions/${question.id}`),
      intruder.client.put(`/api/v1/quizzes/${quiz.id}/branches`, { enabled: false, branches: [] }),
      intruder.client.delete(`/api/v1/quizzes/${quiz.id}`),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('not_found');
    }
    expect((await intruder.client.get('/api/v1/quizzes')).body.data.total).toBe(0);
    const untouched = (await owner.client.get(`/api/v1/quizzes/${quiz.id}`)).body.data;
    expect(untouched).toMatchObject({ title: quiz.title, status: 'published' });
    expect(untouched.questions).toHaveLength(2);
  });
});

describe('quiz images', () => {
  const png = Uint8Array.from(
    Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
  );

  it('an image a saved quiz shows cannot be deleted; it goes once the quiz is saved without it', async () => {
    const { client } = await createOwner(server);
    const uploaded = (await client.request('POST', '/api/v1/files?purpose=image', png, { 'content-type': 'image/png' })).body
      .data;
    const quiz = await createGradedQuiz(client);
    const question = { ...gradedQuestion(), image: uploaded.url };
    await client.put(`/api/v1/quizzes/${quiz.id}/questions`, { questions: [question] });

    const refused = await client.delete(`/api/v1/files/${uploaded.id}`);
    expect(refused.status).toBe(409);
    expect((await fetch(`${server.url}${uploaded.url}`)).status).toBe(200);

    await client.put(`/api/v1/quizzes/${quiz.id}/questions`, { questions: [{ ...question, image: null }] });
    expect((await fetch(`${server.url}${uploaded.url}`)).status).toBe(404);
  });

  it('deleting a quiz deletes the uploads only it showed', async () => {
    const { client } = await createOwner(server);
    const upload = async () =>
      (await client.request('POST', '/api/v1/files?purpose=image', png, { 'content-type': 'image/png' })).body.data;
    const [own, shared] = [await upload(), await upload()];
    const first = await createGradedQuiz(client);
    const second = await createGradedQuiz(client);
    await client.put(`/api/v1/quizzes/${first.id}/questions`, { questions: [{ ...gradedQuestion(), image: own.url }] });
    await client.put(`/api/v1/quizzes/${first.id}`, { ...first, settings: { ...first.settings, backgroundImage: shared.url } });
    await client.put(`/api/v1/quizzes/${second.id}`, {
      ...second,
      settings: { ...second.settings, backgroundImage: shared.url },
    });

    await client.delete(`/api/v1/quizzes/${first.id}`);
    expect((await fetch(`${server.url}${own.url}`)).status).toBe(404);
    expect((await fetch(`${server.url}${shared.url}`)).status).toBe(200);
  });
});

describe('rich text limits', () => {
  /** Visible text of `length` characters in markup that does not count (the builder counts what visitors read). */
  const styled = (length: number) => `<p><strong>${'a'.repeat(length - 1)}</strong><em>b</em></p>`;

  it('400 naming the ad pixel id that is malformed; saves well-formed ones, trimmed (issue 35)', async () => {
    const { client } = await createOwner(server);
    const quiz = (await client.post('/api/v1/quizzes', { quizType: 'personality_quiz', title: 'Pixels' })).body.data;
    for (const [field, value] of [
      ['metaPixelId', '12345'],
      ['tiktokPixelId', 'c4abcdefghij12345678'],
    ] as const) {
      const refused = await client.put(`/api/v1/quizzes/${quiz.id}`, { ...quiz, settings: { ...quiz.settings, [field]: value } });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ field: `settings.${field}`, message: adPixelMessages[field] });
    }
    const saved = await client.put(`/api/v1/quizzes/${quiz.id}`, {
      ...quiz,
      settings: { ...quiz.settings, metaPixelId: ' 1234567890123456 ', tiktokPixelId: 'C4ABCDEFGHIJ12345678' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.settings).toMatchObject({ metaPixelId: '1234567890123456', tiktokPixelId: 'C4ABCDEFGHIJ12345678' });
  });

  it('400 naming the field when the visible text passes its limit; 200 at the limit, however much markup', async () => {
    const { client } = await createOwner(server);
    const quiz = (await client.post('/api/v1/quizzes', { quizType: 'personality_quiz', title: 'Limits' })).body.data;
    const fields = [
      ['welcomeMessage', 'Welcome message'],
      ['scoreMessage', 'Score message'],
      ['resultPageText', 'Result page custom text'],
    ] as const;
    for (const [name, label] of fields) {
      const over = await client.put(`/api/v1/quizzes/${quiz.id}`, {
        ...quiz,
        settings: { ...quiz.settings, [name]: styled(quizLimits.richTextVisible + 7) },
      });
      expect(over.status).toBe(400);
      expect(over.body.error).toMatchObject({
        field: `settings.${name}`,
        message: quizMessages.richTextTooLong(label, quizLimits.richTextVisible),
      });
      const at = await client.put(`/api/v1/quizzes/${quiz.id}`, {
        ...quiz,
        settings: { ...quiz.settings, [name]: styled(quizLimits.richTextVisible) },
      });
      expect(at.status).toBe(200);
      expect(visibleLength(at.body.data.settings[name])).toBe(quizLimits.richTextVisible);
    }

    const longDescription = await client.put(`/api/v1/quizzes/${quiz.id}`, {
      ...quiz,
      personalities: [{ ...twoPersonalities[0], description: styled(quizLimits.personalityDescription + 1) }],
    });
    expect(longDescription.status).toBe(400);
    expect(longDescription.body.error.field).toBe('personalities.0.description');

    const graded = await createGradedQuiz(client);
    const longQuestion = await client.put(`/api/v1/quizzes/${graded.id}/questions`, {
      questions: [gradedQuestion(), gradedQuestion(styled(quizLimits.questionTitle + 1))],
    });
    expect(longQuestion.status).toBe(400);
    expect(longQuestion.body.error).toMatchObject({
      field: 'questions.1.title',
      message: quizMessages.richTextTooLong('Question', quizLimits.questionTitle),
    });
    const stored = (await client.get(`/api/v1/quizzes/${graded.id}`)).body.data;
    expect(stored.questions).toHaveLength(0);
  });
});
