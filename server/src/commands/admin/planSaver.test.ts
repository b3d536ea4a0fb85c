import { afterAll, beforeAll, expect, it } from 'vitest';
import { ZPlanInput } from '@quizlead/shared/schemas/billing.ts';
import { findPlan } from '../../db/queries/billing.ts';
import { adminCommandRun } from '../../test/adminFixture.ts';
import { getTestServer, type TestServer } from '../../test/getTestServer.ts';
import { planSaver } from './planSaver.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

it('adds a plan with its description sanitized and changes it, each in the audit log', async () => {
  const run = await adminCommandRun(server);
  const input = ZPlanInput.parse({
    name: 'Studio',
    monthlyPriceCents: 2900,
    listed: false,
    descriptionHtml: '<p>Big</p><script>x()</script>',
  });
  const added = await planSaver(run.deps, { plan: input, actor: run.actor });
  expect(added).toMatchObject({ name: 'Studio', monthlyPriceCents: 2900, listed: false });
  expect(added.descriptionHtml).toContain('<p>Big</p>');
  expect(added.descriptionHtml).not.toContain('script');

  const changed = await planSaver(run.deps, { id: added.id, plan: { ...input, monthlyPriceCents: 3900 }, actor: run.actor });
  expect(changed.monthlyPriceCents).toBe(3900);
  expect(await run.audit(added.id)).toMatchObject([
    { action: 'plan.create', before: null, after: { id: added.id, monthlyPriceCents: 2900 } },
    { action: 'plan.update', before: { monthlyPriceCents: 2900 }, after: { monthlyPriceCents: 3900 } },
  ]);
});

it('keeps the free plan free (400 on monthlyPriceCents) and answers 404 for a plan that does not exist', async () => {
  const run = await adminCommandRun(server);
  const free = (await findPlan(run.db, 1))!;
  expect(free.free).toBe(true);
  const input = ZPlanInput.parse({ name: free.name, monthlyPriceCents: 100, listed: free.listed });
  await expect(planSaver(run.deps, { id: free.id, plan: input, actor: run.actor })).rejects.toMatchObject({
    status: 400,
    field: 'monthlyPriceCents',
  });
  await expect(planSaver(run.deps, { id: 2_000_000_000, plan: input, actor: run.actor })).rejects.toMatchObject({ status: 404 });
  expect((await findPlan(run.db, 1))!.monthlyPriceCents).toBe(0);
});
