import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '@quizlead/shared/admin.ts';
import { quizMessages, quizTypeInfo } from '@quizlead/shared/quizzes.ts';
import type { TAdminTemplate } from '@quizlead/shared/schemas/admin.ts';
import { templateCatalogueSeeder } from '../../../commands/templateCatalogueSeeder.ts';
import { quizzes } from '../../../db/schema/index.ts';
import { catalogue as builtIn } from '../../../templates/catalogue/index.ts';
import { createOwner } from '../../../test/factories.ts';
import { getTestServer, testDatabaseUrl, type TestClient, type TestServer } from '../../../test/getTestServer.ts';
import { createGradedQuiz } from '../../../test/quizFactory.ts';
import { auditRows, createAdmin } from '../../../test/adminFixture.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const catalogue = async (admin: TestClient) => (await admin.get('/api/v1/admin/templates')).body.data as TAdminTemplate[];
const chooser = async (owner: TestClient) =>
  (await owner.get('/api/v1/templates?quizType=graded_quiz')).body.data as { id: string; title: string; description: string }[];

describe('the template catalogue for administrators', () => {
  it('numbers every template by its place in the chooser’s order (0, 1, 2 …), the built-in ones in the catalogue’s order', async () => {
    const admin = await createAdmin(server);
    const listed = await catalogue(admin.client);
    expect(listed.map((row) => row.position)).toEqual(listed.map((_, index) => index));
    // On a fresh database the built-in ones are seeded in the catalogue's order. A PostgreSQL database the files
    // share holds other files' templates and the places administrators gave earlier ones, which the seeder keeps.
    if (!testDatabaseUrl()) expect(listed.map((row) => row.id)).toEqual(builtIn.map((template) => template.id));
    // A start rewrites the built-in templates and keeps their places.
    await templateCatalogueSeeder(server.services.database.db);
    expect(await catalogue(admin.client)).toEqual(listed);
    // One template alone has its place in the whole list, not 0.
    const last = listed.at(-1)!;
    const retired = await admin.client.post(`/api/v1/admin/templates/${last.id}/retire`);
    expect(retired.body.data.template.position).toBe(listed.length - 1);
    await admin.client.post(`/api/v1/admin/templates/${last.id}/restore`);
    // Templates seeded before they were numbered all hold 0 (the chooser orders them by title): numbered 0, 1, 2 … still.
    await server.services.database.db.update(quizzes).set({ templatePosition: 0 }).where(eq(quizzes.isTemplate, true));
    const tied = await catalogue(admin.client);
    expect(tied.map((row) => row.position)).toEqual(listed.map((_, index) => index));
    await admin.client.put('/api/v1/admin/templates/order', { ids: listed.map((row) => row.id) });
  });

  it('adds any account’s publishable quiz as the last template; retires and restores it for owners', async () => {
    const admin = await createAdmin(server);
    const someone = await createOwner(server);
    const title = `Admin pick ${crypto.randomUUID().slice(0, 8)}`;
    const quiz = await createGradedQuiz(someone.client, { title, questions: 2 });

    const unknown = await admin.client.post('/api/v1/admin/templates', { quizId: crypto.randomUUID() });
    expect(unknown.body.error).toMatchObject({ field: 'quizId', message: adminMessages.quizNotFound });
    const untitled = (await someone.client.post('/api/v1/quizzes', { quizType: 'graded_quiz' })).body.data;
    const broken = await admin.client.post('/api/v1/admin/templates', { quizId: untitled.id });
    expect(broken.status).toBe(400);
    expect(broken.body.error.field).toBe('quizId');
    expect(broken.body.error.message).toContain(quizMessages.titleEmpty);

    const before = await catalogue(admin.client);
    const added = await admin.client.post('/api/v1/admin/templates', { quizId: quiz.id });
    expect(added.status).toBe(201);
    const template = added.body.data.template as TAdminTemplate;
    expect(template).toMatchObject({
      title,
      quizType: 'graded_quiz',
      accountId: admin.account.id,
      companyName: 'Acme',
      retired: false,
      questionCount: 2,
      position: Math.max(-1, ...before.map((row) => row.position)) + 1,
    });
    expect((await catalogue(admin.client)).at(-1)!.id).toBe(template.id);
    const again = await admin.client.post('/api/v1/admin/templates', { quizId: template.id });
    expect(again.body.error).toMatchObject({ field: 'quizId', message: adminMessages.alreadyTemplate });
    // The copy belongs to the catalogue, not to the administrator's quizzes.
    expect((await admin.client.get('/api/v1/quizzes')).body.data.total).toBe(0);

    const owner = await createOwner(server);
    const card = (await chooser(owner.client)).find((row) => row.id === template.id);
    expect(card?.description).toBe(quizTypeInfo.graded_quiz.description);

    const retired = await admin.client.post(`/api/v1/admin/templates/${template.id}/retire`);
    expect(retired.body.data).toMatchObject({ message: adminMessages.templateRetired, template: { retired: true } });
    expect((await chooser(owner.client)).some((row) => row.id === template.id)).toBe(false);
    expect((await owner.client.post(`/api/v1/templates/${template.id}/copy`)).status).toBe(404);
    expect((await catalogue(admin.client)).find((row) => row.id === template.id)?.retired).toBe(true);

    const restored = await admin.client.post(`/api/v1/admin/templates/${template.id}/restore`);
    expect(restored.body.data.template).toMatchObject({ retired: false, retiredAt: null });
    expect((await chooser(owner.client)).some((row) => row.id === template.id)).toBe(true);
    expect((await admin.client.post(`/api/v1/admin/templates/${quiz.id}/retire`)).status).toBe(404);

    const [restore, retire, add] = await auditRows(admin.client, 'template', template.id);
    expect(add).toMatchObject({
      action: 'template.add',
      before: null,
      after: { title, sourceQuizId: quiz.id, sourceAccountId: someone.account.id, retiredAt: null },
    });
    expect(retire).toMatchObject({
      action: 'template.retire',
      before: { retiredAt: null },
      after: { retiredAt: expect.any(String) },
    });
    expect(restore).toMatchObject({
      action: 'template.restore',
      before: { retiredAt: expect.any(String) },
      after: { retiredAt: null },
    });

    // Retire it for good: other test files read the chooser too.
    await admin.client.post(`/api/v1/admin/templates/${template.id}/retire`);
  });

  it('reorders the whole catalogue, which owners see in that order', async () => {
    const admin = await createAdmin(server);
    const original = (await catalogue(admin.client)).map((row) => row.id);
    const order = `/api/v1/admin/templates/order`;

    for (const ids of [original.slice(1), [...original, original[0]], [...original.slice(1), crypto.randomUUID()]]) {
      const refused = await admin.client.put(order, { ids });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ field: 'ids', message: adminMessages.templateOrder });
    }

    const reversed = [...original].reverse();
    const saved = await admin.client.put(order, { ids: reversed });
    expect(saved.status).toBe(200);
    expect(saved.body.data.templates.map((row: TAdminTemplate) => [row.id, row.position])).toEqual(
      reversed.map((id, position) => [id, position]),
    );
    const owner = await createOwner(server);
    const shown = (await chooser(owner.client)).map((row) => row.id);
    expect(shown).toEqual(reversed.filter((id) => shown.includes(id)));

    const [row] = await auditRows(admin.client, 'template_catalogue', 'templates');
    expect(row).toMatchObject({ action: 'template_catalogue.reorder', before: { ids: original }, after: { ids: reversed } });

    await admin.client.put(order, { ids: original });
  });

  it('reorders while another process starts and rewrites the built-in templates, never failing either', async () => {
    const admin = await createAdmin(server);
    const order = `/api/v1/admin/templates/order`;
    for (let round = 0; round < 8; round++) {
      const ids = (await catalogue(admin.client)).map((row) => row.id);
      const [saved] = await Promise.all([
        admin.client.put(order, { ids: round % 2 ? ids : [...ids].reverse() }),
        templateCatalogueSeeder(server.services.database.db),
      ]);
      expect(saved.status).toBe(200);
    }
  });
});
