import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spreadsheetDateFormat, wheelSpinExportColumns } from '@quizlead/shared/engagement.ts';
import { wheelSpins } from '../../../db/schema/index.ts';
import { createOwner } from '../../../test/factories.ts';
import { getTestServer, type TestServer } from '../../../test/getTestServer.ts';
import { createWheel, download, parseCsv, submission } from '../../../test/widgetFactory.ts';
import { readXlsx } from '../../../test/xlsxReader.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

async function seedSpins(wheel: { id: string }, accountId: string, count: number) {
  const rows = Array.from({ length: count }, (_, index) => ({
    wheelId: wheel.id,
    id: submission(),
    accountId,
    email: `player${index}@example.com`,
    optionIndex: index % 3,
    result: `Prize ${(index % 3) + 1}`,
    prizeCode: index % 3 === 0 ? 'WIN10' : null,
    createdAt: new Date(Date.UTC(2026, 10, 3, 14, 5) - index * 60_000),
  }));
  await server.services.database.db.insert(wheelSpins).values(rows);
  return rows;
}

describe('GET /api/v1/wheels/{id}/spins', () => {
  it('pages the spins newest first with email, result, prize code and date', async () => {
    const { client } = await createOwner(server);
    const wheel = await createWheel(client, {
      options: [
        { text: 'Only', prizeCode: 'ONLY5' },
        { text: 'Never', weight: 0.000001 },
        { text: 'Nope', weight: 0.000001 },
      ],
    });
    const id = submission();
    await server.client().post(`/api/v1/public/wheels/${wheel.id}/spins`, { submissionId: id, email: 'Pat@Example.com' });
    const page = await client.get(`/api/v1/wheels/${wheel.id}/spins`);
    expect(page.body.data).toMatchObject({ total: 1, page: 1, pageSize: 50 });
    expect(page.body.data.items[0]).toEqual({
      id,
      optionIndex: expect.any(Number),
      email: 'Pat@Example.com',
      result: expect.any(String),
      prizeCode: expect.anything(),
      prizePending: false,
      date: expect.stringMatching(/^\d{4}-/),
      language: null,
    });
  });
});

describe('GET /api/v1/wheels/{id}/spins/export', () => {
  it('streams an .xlsx and a CSV with the spec’s columns', async () => {
    const owner = await createOwner(server);
    const wheel = await createWheel(owner.client, { description: 'Summer wheel' });
    const rows = await seedSpins(wheel, owner.account.id, 60);

    const xlsx = await download(owner.client, `/api/v1/wheels/${wheel.id}/spins/export`);
    expect(xlsx.headers.get('content-disposition')).toBe('attachment; filename="summer-wheel-spins.xlsx"');
    const worksheet = readXlsx(xlsx.bytes);
    const sheet = worksheet.rows;
    expect(sheet[0]).toEqual(Object.values(wheelSpinExportColumns));
    expect(sheet).toHaveLength(rows.length + 1);
    expect(sheet[1]).toEqual(['player0@example.com', 'Prize 1', rows[0]!.createdAt, 'WIN10']);
    expect(worksheet.numFmt(3, 3)).toBe(spreadsheetDateFormat);

    const csv = await download(owner.client, `/api/v1/wheels/${wheel.id}/spins/export?format=csv`);
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="summer-wheel-spins.csv"');
    const parsed = parseCsv(csv.bytes);
    expect(parsed).toHaveLength(rows.length + 1);
    expect(parsed[0]).toEqual(['Player Email', 'Spin Result', 'Date of Spin', 'Prize Code', 'Player Phone', 'Language']);
    expect(parsed[1]).toEqual(['player0@example.com', 'Prize 1', 'Nov 3, 2026 14:05', 'WIN10', '', '']);
    expect(parsed[2]).toEqual(['player1@example.com', 'Prize 2', 'Nov 3, 2026 14:04', '', '', '']);
  });
});
