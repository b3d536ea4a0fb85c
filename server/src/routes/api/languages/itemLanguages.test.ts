import { translationsCsvMessages } from '@quizlead/shared/i18n/translationsCsvMessages.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemLanguageMessages } from '@quizlead/shared/i18n/itemLanguageMessages.ts';
import { feedbackResponses, plays, pollVotes, wheelSpins } from '../../../db/schema/index.ts';
import { csvParseMessages } from '../../../lib/csvParse.ts';
import { createOwner } from '../../../test/factories.ts';
import { getTestServer, type TestClient, type TestServer } from '../../../test/getTestServer.ts';
import { createGradedQuiz, newPlayKey } from '../../../test/quizFactory.ts';
import { createFeedback, createPoll, createWheel, parseCsv, submission, wheelOptions } from '../../../test/widgetFactory.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const csvBody = (text: string) => new TextEncoder().encode(text);
const putCsv = (client: TestClient, path: string, text: string, type = 'text/csv') =>
  client.request('PUT', path, csvBody(text), { 'content-type': type });
const visitor = () => server.client();

describe('an item’s languages', () => {
  it('saves languages and translations; the published quiz serves them at once, in i18n, with every text listed', async () => {
    const { client } = await createOwner(server);
    const quiz = await createGradedQuiz(client, { title: 'Maths', questions: 1, publish: true });
    const question = quiz.questions[0];
    const path = `/api/v1/quizzes/${quiz.id}/languages`;

    const empty = await client.get(path);
    expect(empty.status).toBe(200);
    expect(empty.body.data.languages).toEqual({ default: 'en', fixed: null, languages: [], translations: {} });
    expect(empty.body.data.texts.map((text: { key: string }) => text.key)).toEqual(
      expect.arrayContaining(['title', `question.${question.id}.text`, `question.${question.id}.option.a1`]),
    );
    // Cached before the save, so the save must drop it.
    expect((await visitor().get(`/api/v1/public/quizzes/${quiz.id}`)).body.data.i18n.languages).toEqual([]);

    const saved = await client.put(path, {
      languages: ['es', 'ar'],
      fixed: null,
      translations: {
        es: {
          title: ' Matemáticas ',
          [`question.${question.id}.text`]: '<p onclick="x()">¿2 + 2?<script>alert(1)</script></p>',
          [`question.${question.id}.option.a2`]: '',
        },
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.languages.translations).toEqual({
      es: { title: 'Matemáticas', [`question.${question.id}.text`]: '<p>¿2 + 2?</p>' },
    });

    const shown = await visitor().get(`/api/v1/public/quizzes/${quiz.id}`);
    expect(shown.body.data.title).toBe('Maths');
    expect(shown.body.data.i18n).toEqual({
      default: 'en',
      fixed: null,
      languages: ['es', 'ar'],
      translations: { es: { title: 'Matemáticas', [`question.${question.id}.text`]: '<p>¿2 + 2?</p>' } },
    });
  });

  it('refuses a translation of an unknown text, one over its source’s limit, and a fixed language not added (400 naming the field)', async () => {
    const { client } = await createOwner(server);
    const poll = await createPoll(client, { options: ['Tea', 'Coffee'] });
    const path = `/api/v1/polls/${poll.id}/languages`;
    const unknown = await client.put(path, { languages: ['de'], translations: { de: { nope: 'x' } } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ message: itemLanguageMessages.unknownKey('nope'), field: 'translations.de.nope' });
    const long = await client.put(path, { languages: ['de'], translations: { de: { 'option.0': 'x'.repeat(101) } } });
    expect(long.body.error).toMatchObject({ message: itemLanguageMessages.tooLong(100), field: 'translations.de.option.0' });
    const fixed = await client.put(path, { languages: ['de'], fixed: 'fr' });
    expect(fixed.status).toBe(400);
    expect(fixed.body.error.field).toBe('fixed');
    expect((await client.get(path)).body.data.languages.languages).toEqual([]);
  });

  it('gives web responses and wheels their languages too, served in their public payloads', async () => {
    const { client } = await createOwner(server);
    const feedback = await createFeedback(client);
    const wheel = await createWheel(client, { options: wheelOptions(3) });
    await client.put(`/api/v1/feedbacks/${feedback.id}/languages`, {
      languages: ['fr'],
      translations: { fr: { question: 'Utile ?' } },
    });
    await client.put(`/api/v1/wheels/${wheel.id}/languages`, {
      languages: ['ja'],
      fixed: 'ja',
      translations: { ja: { 'option.1': '賞品 2' } },
    });
    expect((await visitor().get(`/api/v1/public/feedbacks/${feedback.id}`)).body.data.i18n.translations).toEqual({
      fr: { question: 'Utile ?' },
    });
    const publicWheel = (await visitor().get(`/api/v1/public/wheels/${wheel.id}`)).body.data;
    expect(publicWheel.i18n).toMatchObject({ fixed: 'ja', translations: { ja: { 'option.1': '賞品 2' } } });
    expect(JSON.stringify(publicWheel)).not.toMatch(/weight|prizeCode/);
  });

  it('is walled per account: another account gets 404 for every route and kind', async () => {
    const { client } = await createOwner(server);
    const other = (await createOwner(server)).client;
    const quiz = await createGradedQuiz(client, { questions: 1 });
    const poll = await createPoll(client);
    const feedback = await createFeedback(client);
    const wheel = await createWheel(client, { options: wheelOptions(3) });
    for (const path of [
      `/api/v1/quizzes/${quiz.id}`,
      `/api/v1/polls/${poll.id}`,
      `/api/v1/feedbacks/${feedback.id}`,
      `/api/v1/wheels/${wheel.id}`,
    ]) {
      expect((await other.get(`${path}/languages`)).status).toBe(404);
      expect((await other.put(`${path}/languages`, { languages: ['es'] })).status).toBe(404);
      expect((await other.get(`${path}/translations.csv`)).status).toBe(404);
      expect((await putCsv(other, `${path}/translations.csv`, 'key,default,es\r\n')).status).toBe(404);
      expect((await client.get(`${path}/languages`)).body.data.languages.languages).toEqual([]);
    }
  });
});

describe('the translations CSV', () => {
  it('round-trips: export, fill in a column, import; the file keeps commas, quotes, line breaks and formula-like texts', async () => {
    const { client } = await createOwner(server);
    const poll = await createPoll(client, { description: 'Best, "really" best?', options: ['-1 day', 'Two\nlines'] });
    const base = `/api/v1/polls/${poll.id}`;
    await client.put(`${base}/languages`, { languages: ['de'], translations: { de: { description: 'Bester?' } } });

    const exported = await fetch(`${client.baseUrl}${base}/translations.csv`, { headers: { cookie: client.cookie } });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(exported.headers.get('content-disposition')).toMatch(/attachment; filename="poll-.*-translations\.csv"/);
    const rows = parseCsv(Buffer.from(await exported.arrayBuffer()));
    expect(rows).toEqual([
      ['key', 'default', 'de'],
      ['description', 'Best, "really" best?', 'Bester?'],
      ['option.0', "'-1 day", ''],
      ['option.1', 'Two\nlines', ''],
    ]);

    // A translator adds French and fills both columns (a spreadsheet keeps the export's guard quote).
    const filled = [
      ['key', 'default', 'de', 'fr'],
      ['description', rows[1]![1]!, 'Bester, "wirklich"?', 'Le meilleur ?'],
      ['option.0', "'-1 day", "'-1 Tag", "'-1 jour"],
      ['option.1', 'Two\nlines', 'Zwei\nZeilen', ''],
    ];
    const text = filled.map((row) => row.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(',')).join('\n');
    const imported = await putCsv(client, `${base}/translations.csv`, text);
    expect(imported.status).toBe(200);
    expect(imported.body.data.message).toBe(translationsCsvMessages.imported(2, 5));
    expect(imported.body.data.languages).toMatchObject({
      languages: ['de', 'fr'],
      translations: {
        de: { description: 'Bester, "wirklich"?', 'option.0': '-1 Tag', 'option.1': 'Zwei\nZeilen' },
        fr: { description: 'Le meilleur ?', 'option.0': '-1 jour' },
      },
    });
    const again = parseCsv(
      Buffer.from(
        await (await fetch(`${client.baseUrl}${base}/translations.csv`, { headers: { cookie: client.cookie } })).arrayBuffer(),
      ),
    );
    expect(again[2]).toEqual(['option.0', "'-1 day", "'-1 Tag", "'-1 jour"]);
  });

  it('refuses a bad file whole, naming the row and column, and imports nothing of it', async () => {
    const { client } = await createOwner(server);
    const poll = await createPoll(client, { options: ['Tea', 'Coffee'] });
    const path = `/api/v1/polls/${poll.id}/translations.csv`;
    const refused = async (text: string) => {
      const response = await putCsv(client, path, text);
      expect(response.status).toBe(400);
      return response.body.error.message as string;
    };
    expect(await refused('')).toBe(translationsCsvMessages.empty);
    expect(await refused('id,text\r\n')).toBe(translationsCsvMessages.at(1) + translationsCsvMessages.header);
    expect(await refused('key,default,xx\r\n')).toBe(
      translationsCsvMessages.at(1, 3) + translationsCsvMessages.notALanguage('xx'),
    );
    expect(await refused('key,default,en\r\n')).toBe(
      translationsCsvMessages.at(1, 3) + translationsCsvMessages.defaultColumn('en'),
    );
    // The first rows are good: none of them may be stored.
    expect(await refused('key,default,es\r\ndescription,Q,P\r\noption.0,Tea,Té\r\noption.9,x,y\r\n')).toBe(
      translationsCsvMessages.at(4, 1) + itemLanguageMessages.unknownKey('option.9'),
    );
    expect(await refused(`key,default,es\r\ndescription,Q,P\r\noption.1,Coffee,${'c'.repeat(101)}\r\n`)).toBe(
      translationsCsvMessages.at(3, 3) + itemLanguageMessages.tooLong(100),
    );
    expect(await refused('key,default,es\r\ndescription,Q\r\n')).toBe(
      translationsCsvMessages.at(2) + translationsCsvMessages.cells(3, 2),
    );
    expect(await refused('key,default,es\r\ndescription,Q,"P\r\n')).toBe(
      translationsCsvMessages.at(2, 3) + csvParseMessages.unclosedQuote,
    );
    expect((await putCsv(client, path, 'key,default,es\r\n', 'image/png')).status).toBe(415);
    expect((await client.get(`/api/v1/polls/${poll.id}/languages`)).body.data.languages).toEqual({
      default: 'en',
      fixed: null,
      languages: [],
      translations: {},
    });
  });
});

describe('each play’s language', () => {
  it('stores the language a play, a vote, a response and a spin were shown in; refuses one not offered', async () => {
    const { client } = await createOwner(server);
    const { db } = server.services.database;
    const quiz = await createGradedQuiz(client, { questions: 1, publish: true });
    const playId = crypto.randomUUID();
    const started = await visitor().post(`/api/v1/public/quizzes/${quiz.id}/plays`, {
      playId,
      playKey: newPlayKey(),
      language: 'de',
    });
    expect(started.status).toBe(201);
    const [play] = await db.select({ language: plays.language }).from(plays).where(eq(plays.id, playId));
    expect(play?.language).toBe('de');
    const bad = await visitor().post(`/api/v1/public/quizzes/${quiz.id}/plays`, {
      playId: crypto.randomUUID(),
      playKey: newPlayKey(),
      language: 'xx',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('language');

    const poll = await createPoll(client, { collectEmail: false });
    const voted = await visitor().post(`/api/v1/public/polls/${poll.id}/votes`, {
      submissionId: submission(),
      option: 0,
      language: 'ja',
    });
    expect(voted.status).toBe(201);
    const feedback = await createFeedback(client);
    const sent = await visitor().post(`/api/v1/public/feedbacks/${feedback.id}/responses`, {
      submissionId: submission(),
      value: 'Happy',
      language: 'ar',
    });
    expect(sent.status).toBe(201);
    const wheel = await createWheel(client, { options: wheelOptions(3), collectEmail: false });
    const spun = await visitor().post(`/api/v1/public/wheels/${wheel.id}/spins`, {
      submissionId: submission(),
      language: 'pt-BR',
    });
    expect(spun.status).toBe(201);
    expect(
      (await db.select({ language: pollVotes.language }).from(pollVotes).where(eq(pollVotes.pollId, poll.id)))[0]?.language,
    ).toBe('ja');
    expect(
      (
        await db
          .select({ language: feedbackResponses.language })
          .from(feedbackResponses)
          .where(eq(feedbackResponses.feedbackId, feedback.id))
      )[0]?.language,
    ).toBe('ar');
    expect(
      (await db.select({ language: wheelSpins.language }).from(wheelSpins).where(eq(wheelSpins.wheelId, wheel.id)))[0]?.language,
    ).toBe('pt-BR');
  });
});
