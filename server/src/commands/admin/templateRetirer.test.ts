import { afterAll, beforeAll, expect, it } from 'vitest';
import { templateCatalogue } from '../../db/queries/admin.ts';
import { adminCommandRun } from '../../test/adminFixture.ts';
import { getTestServer, type TestServer } from '../../test/getTestServer.ts';
import { templateRetirer } from './templateRetirer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

it('retires a template (retiring twice keeps the first time) and restores it, each change once in the audit log', async () => {
  const run = await adminCommandRun(server);
  const [template] = await templateCatalogue(run.db);
  expect(template!.templateRetiredAt).toBeNull();

  const retired = await templateRetirer(run.deps, { template: template!, retired: true, actor: run.actor });
  expect(retired.templateRetiredAt).toBeInstanceOf(Date);
  const again = await templateRetirer(run.deps, { template: retired, retired: true, actor: run.actor });
  expect(again.templateRetiredAt).toEqual(retired.templateRetiredAt);
  const restored = await templateRetirer(run.deps, { template: again, retired: false, actor: run.actor });
  expect(restored.templateRetiredAt).toBeNull();

  expect(await run.audit(template!.id)).toMatchObject([
    { action: 'template.retire', before: { retiredAt: null }, after: { retiredAt: retired.templateRetiredAt!.toISOString() } },
    { action: 'template.restore', after: { retiredAt: null } },
  ]);
});
