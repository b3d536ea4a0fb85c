import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { quizzes } from '../db/schema/index.ts';
import { removeUntouchedDraftsTask } from '../jobs/tasks/RemoveUntouchedDraftsTask.ts';
import { createOwner } from '../test/factories.ts';
import { getTestServer, type TestClient, type TestServer } from '../test/getTestServer.ts';
import { gradedQuestion, newPlayKey } from '../test/quizFactory.ts';
import { untouchedDraftGraceMs, untouchedDraftRemover } from './untouchedDraftRemover.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

/** What a Blank Quiz click makes: POST /quizzes, then nothing. */
async function blankDraft(client: TestClient): Promise<string> {
  const created = await client.post('/api/v1/quizzes', { quizType: 'graded_quiz' });
  expect(created.status).toBe(201);
  return created.body.data.id;
}

/** Moves quizzes back in time as they are: made (and, when untouched, last saved) `ms` ago. */
async function age(ids: string[], ms: number, savedAfterMs = 0) {
  const made = new Date(Date.now() - ms);
  await server.services.database.db
    .update(quizzes)
    .set({ createdAt: made, updatedAt: new Date(made.getTime() + savedAfterMs) })
    .where(inArray(quizzes.id, ids));
}

const listedIds = async (client: TestClient) =>
  ((await client.get('/api/v1/quizzes')).body.data.items as { id: string }[]).map((row) => row.id);

it('deletes blank drafts untouched for a day, in every account, and keeps everything someone touched', async () => {
  const owner = await createOwner(server);
  const other = await createOwner(server);
  const dayAndMore = untouchedDraftGraceMs + 60_000;

  const forgotten = await blankDraft(owner.client);
  const forgottenElsewhere = await blankDraft(other.client);
  const fresh = await blankDraft(owner.client);
  const titled = await blankDraft(owner.client);
  const withQuestion = await blankDraft(owner.client);
  const previewed = await blankDraft(owner.client);
  const published = await blankDraft(owner.client);

  const detail = (await owner.client.get(`/api/v1/quizzes/${titled}`)).body.data;
  expect((await owner.client.put(`/api/v1/quizzes/${titled}`, { ...detail, title: 'Named, then left' })).status).toBe(200);
  expect((await owner.client.put(`/api/v1/quizzes/${withQuestion}/questions`, { questions: [gradedQuestion()] })).status).toBe(
    200,
  );
  const preview = await owner.client.post(`/api/v1/public/quizzes/${previewed}/plays`, {
    playId: randomUUID(),
    playKey: newPlayKey(),
    preview: true,
  });
  expect(preview.status).toBe(201);

  const template = (await owner.client.get('/api/v1/templates?quizType=graded_quiz')).body.data[0];
  const copied = await owner.client.post(`/api/v1/templates/${template.id}/copy`);
  expect(copied.status).toBe(201);
  const fromTemplate: string = copied.body.data.id;

  // Untouched ones keep updated_at = created_at; the edited ones were saved a minute after they were made.
  await age([forgotten, forgottenElsewhere, previewed, fromTemplate, published], dayAndMore);
  await age([titled, withQuestion], dayAndMore, 60_000);
  await age([fresh], untouchedDraftGraceMs - 60_000);
  // Live since the instant it was made (as a copy could be): being published alone keeps it.
  await server.services.database.db
    .update(quizzes)
    .set({ status: 'published' })
    .where(inArray(quizzes.id, [published]));

  // Every account's: on a database other test files share, theirs may be among them; ours are checked by id.
  expect(await untouchedDraftRemover({ db: server.services.database.db })).toBeGreaterThanOrEqual(2);
  const remaining = await listedIds(owner.client);
  expect(remaining).not.toContain(forgotten);
  expect(remaining).toEqual(expect.arrayContaining([fresh, titled, withQuestion, previewed, published, fromTemplate]));
  expect(await listedIds(other.client)).not.toContain(forgottenElsewhere);
  expect((await owner.client.get(`/api/v1/quizzes/${forgotten}`)).status).toBe(404);

  // A second run leaves what the first kept.
  await untouchedDraftRemover({ db: server.services.database.db });
  expect(await listedIds(owner.client)).toEqual(remaining);
});

it('runs as a recurring pg-boss job', async () => {
  const { boss } = server.services.queue;
  const schedules = await boss.getSchedules();
  expect(schedules).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ name: removeUntouchedDraftsTask.name, cron: removeUntouchedDraftsTask.cron }),
    ]),
  );

  const { client } = await createOwner(server);
  const forgotten = await blankDraft(client);
  await age([forgotten], untouchedDraftGraceMs + 60_000);
  // The worker removes it once the job is sent, as the scheduler sends it every hour.
  await boss.send(removeUntouchedDraftsTask.name, {});
  await expect.poll(async () => (await client.get(`/api/v1/quizzes/${forgotten}`)).status, { timeout: 10_000 }).toBe(404);
});
