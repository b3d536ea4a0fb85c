import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackResponseExportColumns, spreadsheetDateFormat } from '@quizlead/shared/engagement.ts';
import { feedbackResponses } from '../../../db/schema/index.ts';
import { createOwner } from '../../../test/factories.ts';
import { getTestServer, type TestServer } from '../../../test/getTestServer.ts';
import { createFeedback, download, parseCsv, submission } from '../../../test/widgetFactory.ts';
import { readXlsx } from '../../../test/xlsxReader.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

async function seedResponses(feedback: { id: string }, accountId: string) {
  const values = ['Happy', 'Angry', 'Delighted'];
  const rows = values.map((value, index) => ({
    feedbackId: feedback.id,
    id: submission(),
    accountId,
    feelingType: 'emotion',
    value,
    email: index === 1 ? null : `=cmd${index}@example.com`,
    createdAt: new Date(Date.UTC(2026, 10, 3, 14, 5 - index)),
  }));
  await server.services.database.db.insert(feedbackResponses).values(rows);
  return rows;
}

describe('GET /api/v1/feedbacks/{id}/responses', () => {
  it('pages the responses newest first', async () => {
    const { client } = await createOwner(server);
    const feedback = await createFeedback(client, { collectEmail: true });
    const id = submission();
    await server.client().post(`/api/v1/public/feedbacks/${feedback.id}/responses`, {
      submissionId: id,
      value: 'Neutral',
      email: 'ann@example.com',
    });
    const page = await client.get(`/api/v1/feedbacks/${feedback.id}/responses`);
    expect(page.body.data).toMatchObject({ total: 1, page: 1, pageSize: 50 });
    expect(page.body.data.items).toEqual([
      {
        id,
        feelingType: 'emotion',
        value: 'Neutral',
        email: 'ann@example.com',
        date: expect.stringMatching(/^\d{4}-/),
        language: null,
      },
    ]);
  });
});

describe('GET /api/v1/feedbacks/{id}/responses/export', () => {
  it('streams an .xlsx with the spec’s columns', async () => {
    const owner = await createOwner(server);
    const feedback = await createFeedback(owner.client, { title: 'Checkout survey' });
    const rows = await seedResponses(feedback, owner.account.id);
    const file = await download(owner.client, `/api/v1/feedbacks/${feedback.id}/responses/export?format=xlsx`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="checkout-survey-responses.xlsx"');
    const worksheet = readXlsx(file.bytes);
    const sheet = worksheet.rows;
    expect(sheet[0]).toEqual(Object.values(feedbackResponseExportColumns));
    expect(sheet).toHaveLength(rows.length + 1);
    expect(sheet[1]).toEqual(['Emotion', 'Happy', '=cmd0@example.com', rows[0]!.createdAt]);
    expect(sheet[2]!.slice(0, 2)).toEqual(['Emotion', 'Angry']);
    expect(worksheet.numFmt(2, 4)).toBe(spreadsheetDateFormat);
  });

  it('writes a scale score as a number cell and other feelings as text', async () => {
    const owner = await createOwner(server);
    const feedback = await createFeedback(owner.client, { title: 'Scores' });
    const values = [
      ['scale', '4'],
      ['star', '3*'],
      ['scale', '1'],
    ] as const;
    await server.services.database.db.insert(feedbackResponses).values(
      values.map(([feelingType, value], index) => ({
        feedbackId: feedback.id,
        id: submission(),
        accountId: owner.account.id,
        feelingType,
        value,
        email: null,
        createdAt: new Date(Date.UTC(2026, 10, 3, 14, 5 - index)),
      })),
    );
    const xlsx = readXlsx((await download(owner.client, `/api/v1/feedbacks/${feedback.id}/responses/export?format=xlsx`)).bytes);
    // The reader answers a <c> with a <v> and no type as a number, an inline string as text.
    expect(xlsx.rows.slice(1).map((row) => row.slice(0, 2))).toEqual([
      ['Scale', 4],
      ['Star', '3*'],
      ['Scale', 1],
    ]);
    const csv = parseCsv((await download(owner.client, `/api/v1/feedbacks/${feedback.id}/responses/export?format=csv`)).bytes);
    expect(csv.slice(1).map((row) => row[1])).toEqual(['4', '3*', '1']);
  });

  it('streams a CSV with formula cells defused', async () => {
    const owner = await createOwner(server);
    const feedback = await createFeedback(owner.client, { title: 'Checkout survey' });
    await seedResponses(feedback, owner.account.id);
    const file = await download(owner.client, `/api/v1/feedbacks/${feedback.id}/responses/export?format=csv`);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="checkout-survey-responses.csv"');
    expect(parseCsv(file.bytes)).toEqual([
      ['Feedback Type', 'Feedback Score', 'Email', 'Date of feedback send', 'Language'],
      ['Emotion', 'Happy', "'=cmd0@example.com", 'Nov 3, 2026 14:05', ''],
      ['Emotion', 'Angry', '', 'Nov 3, 2026 14:04', ''],
      ['Emotion', 'Delighted', "'=cmd2@example.com", 'Nov 3, 2026 14:03', ''],
    ]);
  });
});
