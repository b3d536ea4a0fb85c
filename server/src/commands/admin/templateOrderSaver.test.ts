import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminMessages } from '@quizlead/shared/admin.ts';
import { templateCatalogue } from '../../db/queries/admin.ts';
import { adminCommandRun } from '../../test/adminFixture.ts';
import { getTestServer, type TestServer } from '../../test/getTestServer.ts';
import { templateOrderSaver } from './templateOrderSaver.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

it('puts the catalogue in the order given, numbering it 0, 1, …, with the reorder in the audit log', async () => {
  const run = await adminCommandRun(server);
  const ids = (await templateCatalogue(run.db)).map((template) => template.id);
  expect(ids.length).toBeGreaterThan(1);
  const reversed = [...ids].reverse();

  const after = await templateOrderSaver(run.deps, { ids: reversed, actor: run.actor });
  expect(after.map((template) => [template.id, template.position, template.templatePosition])).toEqual(
    reversed.map((id, position) => [id, position, position]),
  );
  expect(await run.audit('templates')).toMatchObject([
    { action: 'template_catalogue.reorder', before: { ids }, after: { ids: reversed } },
  ]);
});

it('refuses ids that are not every template once, and changes nothing', async () => {
  const run = await adminCommandRun(server);
  const ids = (await templateCatalogue(run.db)).map((template) => template.id);
  for (const wrong of [ids.slice(1), [...ids, ids[0]!]])
    await expect(templateOrderSaver(run.deps, { ids: wrong, actor: run.actor })).rejects.toMatchObject({
      status: 400,
      field: 'ids',
      message: adminMessages.templateOrder,
    });
  expect((await templateCatalogue(run.db)).map((template) => template.id)).toEqual(ids);
});
