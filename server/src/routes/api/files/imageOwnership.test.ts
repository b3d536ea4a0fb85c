import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wheelMessages } from '@quizlead/shared/engagement.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { sharedUploadSplitter } from '../../../commands/sharedUploadSplitter.ts';
import { files, questions, quizzes, wheels } from '../../../db/schema/index.ts';
import { createAdmin } from '../../../test/adminFixture.ts';
import { createOwner } from '../../../test/factories.ts';
import { getTestServer, type TestClient, type TestServer } from '../../../test/getTestServer.ts';
import { createGradedQuiz, gradedQuestion, personalityQuestion, twoPersonalities } from '../../../test/quizFactory.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

/** Real PNGs, different bytes each (the pixel's colour), so copies can be told apart by content. */
const png = (shade = 0) => {
  const bytes = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  bytes[bytes.length - 20] = shade;
  return Uint8Array.from(bytes);
};

const upload = async (client: TestClient, bytes = png()) => {
  const response = await client.request('POST', '/api/v1/files?purpose=image', bytes, { 'content-type': 'image/png' });
  if (response.status !== 201) throw new Error(JSON.stringify(response.body));
  return response.body.data as { id: string; url: string };
};

const served = async (url: string) => {
  const response = await fetch(`${server.url}${url}`);
  return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()) };
};

const ownerOf = async (url: string) => {
  const [file] = await server.services.database.db
    .select({ accountId: files.accountId })
    .from(files)
    .where(eq(files.id, url.replace('/files/', '')));
  return file?.accountId;
};

/** A personality quiz with a question, so every image field (background, personality, question, answer) exists. */
async function personalityQuiz(client: TestClient) {
  const quiz = (await client.post('/api/v1/quizzes', { quizType: 'personality_quiz', title: 'Images' })).body.data;
  const saved = await client.put(`/api/v1/quizzes/${quiz.id}`, { ...quiz, personalities: twoPersonalities });
  expect(saved.status).toBe(200);
  const question = personalityQuestion();
  expect((await client.put(`/api/v1/quizzes/${quiz.id}/questions`, { questions: [question] })).status).toBe(200);
  return { quiz: saved.body.data, question };
}

/** Saves `url` in the image field at `field` of the quiz (through the route that field is saved by). */
async function saveImage(client: TestClient, made: Awaited<ReturnType<typeof personalityQuiz>>, field: string, url: string) {
  const { quiz, question } = made;
  switch (field) {
    case 'settings.backgroundImage':
      return client.put(`/api/v1/quizzes/${quiz.id}`, { ...quiz, settings: { ...quiz.settings, backgroundImage: url } });
    case 'personalities.1.image':
      return client.put(`/api/v1/quizzes/${quiz.id}`, {
        ...quiz,
        personalities: quiz.personalities.map((p: object, index: number) => (index === 1 ? { ...p, image: url } : p)),
      });
    case 'questions.0.image':
      return client.put(`/api/v1/quizzes/${quiz.id}/questions`, { questions: [{ ...question, image: url }] });
    default: {
      const answers = question.answers.map((answer, index) => (index === 1 ? { ...answer, image: url } : answer));
      return client.put(`/api/v1/quizzes/${quiz.id}/questions`, { questions: [{ ...question, answers }] });
    }
  }
}

const quizImageFields = ['settings.backgroundImage', 'personalities.1.image', 'questions.0.image', 'questions.0.answers.1.image'];

describe('image fields', () => {
  it('take the account’s own uploads, template illustrations and https addresses; 400 naming the field otherwise', async () => {
    const owner = await createOwner(server);
    const other = await createOwner(server);
    const made = await personalityQuiz(owner.client);
    const own = await upload(owner.client);
    const theirs = await upload(other.client);

    for (const field of quizImageFields) {
      for (const url of [theirs.url, `/files/${randomUUID()}`]) {
        const refused = await saveImage(owner.client, made, field, url);
        expect(refused.status, `${field} ${url}`).toBe(400);
        expect(refused.body.error).toEqual({ code: 'validation', message: messages.images.notOwn, field });
      }
      const malformed = [
        'javascript:alert(1)',
        'http://cdn.example.com/a.png',
        'data:image/png;base64,iVBORw0KGgo=',
        '//cdn.example.com/a.png',
        'https://cdn.example.com/a b.png',
        'https://cdn.example.com/a.png")',
        `/files/${own.id.toUpperCase()}`,
        '/template-images/../secret.svg',
      ];
      for (const url of malformed) {
        const refused = await saveImage(owner.client, made, field, url);
        expect(refused.status, `${field} ${url}`).toBe(400);
        expect(refused.body.error).toEqual({ code: 'validation', message: messages.images.invalid, field });
      }
      // A fresh upload each time: the one a field stops showing is deleted with the save.
      const mine = await upload(owner.client);
      for (const url of [mine.url, 'https://cdn.example.com/a.png?size=2', '/template-images/coffee-light.svg']) {
        const saved = await saveImage(owner.client, made, field, url);
        expect(saved.status, `${field} ${url}`).toBe(200);
      }
    }
    // Nothing refused was stored; the other account's file is not pinned by the attempts.
    const stored = (await owner.client.get(`/api/v1/quizzes/${made.quiz.id}`)).body.data;
    expect(JSON.stringify(stored)).not.toContain(theirs.id);
    expect((await other.client.delete(`/api/v1/files/${theirs.id}`)).status).toBe(200);
  });

  it('a wheel’s play button takes no other account’s upload, in any spelling', async () => {
    const owner = await createOwner(server);
    const other = await createOwner(server);
    const theirs = await upload(other.client);
    const wheel = { description: 'Spin', options: [{ text: 'A' }, { text: 'B' }, { text: 'C' }], playButtonType: 'image' };
    for (const url of [theirs.url, `/files/${theirs.id.toUpperCase()}`, 'javascript:alert(1)']) {
      const refused = await owner.client.post('/api/v1/wheels', { ...wheel, playButtonImage: url });
      expect(refused.body.error, url).toEqual({
        code: 'validation',
        message: wheelMessages.playButtonImageInvalid,
        field: 'playButtonImage',
      });
    }
  });

  it('the company logo is the account’s own upload: 400 naming the field for another’s', async () => {
    const owner = await createOwner(server);
    const other = await createOwner(server);
    const theirs = await upload(other.client);
    const profile = { fullName: 'Olive', companyName: 'Acme', companyUrl: '' };
    for (const id of [theirs.id, theirs.id.toUpperCase(), randomUUID()]) {
      const refused = await owner.client.patch('/api/v1/account/profile', { ...profile, companyLogoId: id });
      expect(refused.body.error, id).toEqual({ code: 'validation', message: messages.images.notOwn, field: 'companyLogoId' });
    }
    expect((await owner.client.get('/api/v1/account/profile')).body.data.companyLogoUrl).toBeNull();
  });
});

describe('DELETE /api/v1/files/{id} and other accounts', () => {
  it('an account deletes its unused upload even after another account tried to show it', async () => {
    const owner = await createOwner(server);
    const other = await createOwner(server);
    const file = await upload(owner.client);
    const theirs = await createGradedQuiz(other.client, { questions: 1 });
    const pinned = await other.client.put(`/api/v1/quizzes/${theirs.id}`, {
      ...theirs,
      settings: { ...theirs.settings, backgroundImage: file.url },
    });
    expect(pinned.status).toBe(400);
    const deleted = await owner.client.delete(`/api/v1/files/${file.id}`);
    expect(deleted.status).toBe(200);
    expect((await served(file.url)).status).toBe(404);
  });

  it('another account’s id answers 404 whether the file is in use or not, like an unknown id', async () => {
    const owner = await createOwner(server);
    const intruder = await createOwner(server);
    const [used, unused] = [await upload(owner.client), await upload(owner.client)];
    const quiz = await createGradedQuiz(owner.client);
    const question = { ...gradedQuestion(), image: used.url };
    expect((await owner.client.put(`/api/v1/quizzes/${quiz.id}/questions`, { questions: [question] })).status).toBe(200);
    expect((await owner.client.delete(`/api/v1/files/${used.id}`)).status).toBe(409);

    const unknown = await intruder.client.delete(`/api/v1/files/${randomUUID()}`);
    expect(unknown.status).toBe(404);
    for (const id of [used.id, unused.id, used.id.toUpperCase()]) {
      const attempt = await intruder.client.delete(`/api/v1/files/${id}`);
      expect(attempt.status, id).toBe(404);
      expect(attempt.body).toEqual(unknown.body);
    }
    expect((await served(used.url)).status).toBe(200);
    expect((await served(unused.url)).status).toBe(200);
  });
});

describe('template copies', () => {
  it('get uploads of their own: the source’s and the template’s owners delete theirs and the copy keeps its images', async () => {
    const admin = await createAdmin(server);
    const author = await createOwner(server);
    const owner = await createOwner(server);
    const [background, picture] = [await upload(author.client, png(1)), await upload(author.client, png(2))];
    const quiz = await createGradedQuiz(author.client, { title: `Pictures ${randomUUID().slice(0, 8)}`, questions: 1 });
    const question = { ...quiz.questions[0], image: picture.url };
    await author.client.put(`/api/v1/quizzes/${quiz.id}`, {
      ...quiz,
      settings: { ...quiz.settings, backgroundImage: background.url },
    });
    expect((await author.client.put(`/api/v1/quizzes/${quiz.id}/questions`, { questions: [question] })).status).toBe(200);

    const added = await admin.client.post('/api/v1/admin/templates', { quizId: quiz.id });
    expect(added.status).toBe(201);
    const templateId = added.body.data.template.id;
    const template = (await owner.client.get(`/api/v1/templates/${templateId}`)).body.data;
    expect(template.settings.backgroundImage).not.toBe(background.url);
    expect(template.questions[0].image).not.toBe(picture.url);
    expect(await ownerOf(template.questions[0].image)).toBe(admin.account.id);
    expect(await ownerOf(template.settings.backgroundImage)).toBe(admin.account.id);

    const copied = await owner.client.post(`/api/v1/templates/${templateId}/copy`);
    expect(copied.status).toBe(201);
    const copy = copied.body.data;
    const copyImages = [copy.settings.backgroundImage, copy.questions[0].image];
    for (const url of copyImages) expect(await ownerOf(url)).toBe(owner.account.id);
    expect((await served(copy.questions[0].image)).bytes).toEqual(png(2));
    expect((await served(copy.settings.backgroundImage)).bytes).toEqual(png(1));
    // The copy saves with its images: they are its account's own.
    expect((await owner.client.put(`/api/v1/quizzes/${copy.id}`, copy)).status).toBe(200);

    // The author drops the images: its files go (no other account's content counts), the others keep theirs.
    await author.client.put(`/api/v1/quizzes/${quiz.id}/questions`, { questions: [{ ...question, image: null }] });
    const authorQuiz = (await author.client.get(`/api/v1/quizzes/${quiz.id}`)).body.data;
    await author.client.put(`/api/v1/quizzes/${quiz.id}`, {
      ...authorQuiz,
      settings: { ...authorQuiz.settings, backgroundImage: null },
    });
    expect((await served(picture.url)).status).toBe(404);
    expect((await served(background.url)).status).toBe(404);
    // So does the administrator, from the template.
    const templateQuestion = { ...template.questions[0], image: null };
    expect((await admin.client.put(`/api/v1/quizzes/${templateId}/questions`, { questions: [templateQuestion] })).status).toBe(
      200,
    );
    expect((await served(template.questions[0].image)).status).toBe(404);
    for (const url of copyImages) expect((await served(url)).status).toBe(200);
    expect((await owner.client.delete(`/api/v1/files/${copy.questions[0].image.replace('/files/', '')}`)).status).toBe(409);
  });
});

describe('sharedUploadSplitter', () => {
  it('gives content that shows another account’s uploads copies of its own, and drops images that are gone', async () => {
    const { db } = server.services.database;
    const author = await createOwner(server);
    const owner = await createOwner(server);
    const [picture, button] = [await upload(author.client, png(3)), await upload(author.client, png(4))];
    const gone = `/files/${randomUUID()}`;
    // As template copies and unchecked image fields left them before.
    const quiz = await createGradedQuiz(owner.client, { questions: 1 });
    const question = quiz.questions[0];
    await db
      .update(questions)
      .set({
        image: picture.url,
        answers: question.answers.map((a: object, i: number) => ({ ...a, image: i ? gone : picture.url })),
      })
      .where(and(eq(questions.quizId, quiz.id), eq(questions.id, question.id)));
    await db
      .update(quizzes)
      .set({ settings: { ...quiz.settings, backgroundImage: gone } })
      .where(eq(quizzes.id, quiz.id));
    const [wheel] = await db
      .insert(wheels)
      .values({
        accountId: owner.account.id,
        description: 'Spin',
        options: [{ text: 'A', weight: 1, prizeCode: '' }],
        playButtonType: 'image',
        playButtonImage: button.url,
      })
      .returning();

    await sharedUploadSplitter(db, server.services.storage);
    const split = (await owner.client.get(`/api/v1/quizzes/${quiz.id}`)).body.data;
    const image = split.questions[0].image;
    expect(image).not.toBe(picture.url);
    expect(await ownerOf(image)).toBe(owner.account.id);
    expect(split.questions[0].answers.map((answer: { image: string | null }) => answer.image)).toEqual([image, null]);
    expect(split.settings.backgroundImage).toBeNull();
    const [splitWheel] = await db.select().from(wheels).where(eq(wheels.id, wheel!.id));
    expect(await ownerOf(splitWheel!.playButtonImage!)).toBe(owner.account.id);

    // The author's files are free to go; the owner's content keeps showing its copies.
    expect((await author.client.delete(`/api/v1/files/${picture.id}`)).status).toBe(200);
    expect((await author.client.delete(`/api/v1/files/${button.id}`)).status).toBe(200);
    expect((await served(image)).bytes).toEqual(png(3));
    expect((await served(splitWheel!.playButtonImage!)).bytes).toEqual(png(4));
    expect((await owner.client.put(`/api/v1/quizzes/${quiz.id}`, split)).status).toBe(200);

    // Once done it changes nothing.
    await sharedUploadSplitter(db, server.services.storage);
    expect((await owner.client.get(`/api/v1/quizzes/${quiz.id}`)).body.data.questions).toEqual(split.questions);
  });
});
