import { afterAll, beforeAll, expect, it } from 'vitest';
import { discountCodes } from '../../db/schema/index.ts';
import { adminCommandRun } from '../../test/adminFixture.ts';
import { getTestServer, type TestServer } from '../../test/getTestServer.ts';
import { discountCodeRetirer } from './discountCodeRetirer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

it('retires a code (retiring twice keeps the first time) and brings it back, each change once in the audit log', async () => {
  const run = await adminCommandRun(server);
  const [code] = await run.db
    .insert(discountCodes)
    .values({ code: `RETIRE-${Date.now()}`, kind: 'percent', percent: 5 })
    .returning();

  const retired = await discountCodeRetirer(run.deps, { existing: code!, retired: true, actor: run.actor });
  expect(retired).toMatchObject({ code: { retiredAt: expect.any(Date) }, uses: 0 });
  const again = await discountCodeRetirer(run.deps, { existing: retired.code, retired: true, actor: run.actor });
  expect(again.code.retiredAt).toEqual(retired.code.retiredAt);
  const restored = await discountCodeRetirer(run.deps, { existing: again.code, retired: false, actor: run.actor });
  expect(restored.code.retiredAt).toBeNull();

  expect(await run.audit(code!.id)).toMatchObject([
    { action: 'discount_code.retire', before: { retired: false }, after: { retired: true } },
    { action: 'discount_code.restore', before: { retired: true }, after: { retired: false } },
  ]);
});
