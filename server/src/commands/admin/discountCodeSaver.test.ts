import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminMessages } from '@quizlead/shared/admin.ts';
import { ZDiscountCodeInput } from '@quizlead/shared/schemas/billing.ts';
import { adminCommandRun } from '../../test/adminFixture.ts';
import { getTestServer, type TestServer } from '../../test/getTestServer.ts';
import { discountCodeSaver } from './discountCodeSaver.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const codeInput = (fields: Record<string, unknown>) =>
  ZDiscountCodeInput.parse({ code: `SAVE-${randomUUID().slice(0, 8).toUpperCase()}`, kind: 'percent', percent: 10, ...fields });

it('adds a code and changes it, each in the audit log', async () => {
  const run = await adminCommandRun(server);
  const input = codeInput({});
  const added = await discountCodeSaver(run.deps, { code: input, actor: run.actor });
  expect(added).toMatchObject({ code: { code: input.code, kind: 'percent', percent: 10, amountCents: null }, uses: 0 });

  const changed = await discountCodeSaver(run.deps, { existing: added.code, code: { ...input, percent: 20 }, actor: run.actor });
  expect(changed).toMatchObject({ code: { id: added.code.id, percent: 20 }, uses: 0 });
  expect(await run.audit(added.code.id)).toMatchObject([
    { action: 'discount_code.create', before: null, after: { code: input.code, percent: 10 } },
    { action: 'discount_code.update', before: { percent: 10 }, after: { percent: 20 } },
  ]);
});

it('refuses a code another one has (409) and a plan that does not exist (400 on planId)', async () => {
  const run = await adminCommandRun(server);
  const input = codeInput({});
  await discountCodeSaver(run.deps, { code: input, actor: run.actor });
  await expect(discountCodeSaver(run.deps, { code: input, actor: run.actor })).rejects.toMatchObject({
    status: 409,
    field: 'code',
    message: adminMessages.discountCodeTaken,
  });
  await expect(
    discountCodeSaver(run.deps, { code: codeInput({ planId: 2_000_000_000 }), actor: run.actor }),
  ).rejects.toMatchObject({ status: 400, field: 'planId', message: adminMessages.discountCodePlanMissing });
});
