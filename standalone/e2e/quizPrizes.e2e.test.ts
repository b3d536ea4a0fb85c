/**
 * A quiz outcome's unique Shopify codes, in a real browser: inside the shop's admin the merchant gives
 * the Calm outcome unique codes in the builder's Outcome tab (a wrong value is named as it is typed),
 * saves, and the pool is made in Shopify (the fake); a visitor plays the quiz, leaves an email and sees
 * a code of their own on the result with a copy button and its expiry, and playing again with the
 * same email shows the same code. Screenshots at 1280 and 375 px.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { prizeMessages } from '@quizlead/shared/schemas/prizes.ts';
import type { TQuizDetail } from '@quizlead/shared/schemas/quiz.ts';
import { personalityQuiz } from '../../server/src/test/revenueFixture.ts';
import { jobsSettled, newShop } from '../../server/src/test/shopifyWebhooks.ts';
import { outcomePrizeTexts } from '../../web/src/admin/pages/quizEditor/prizes/OutcomePrizesPanel.tsx';
import { prizeTexts } from '../../web/src/admin/pages/wheels/texts.ts';
import { screenshot } from './ownerScreens.ts';
import { playThrough } from './playerQuizzes.ts';
import { startShopAdmin, type ShopAdmin } from './shopAdmin.ts';

let admin: ShopAdmin;
let harness: ShopAdmin['harness'];

beforeAll(async () => {
  admin = await startShopAdmin();
  ({ harness } = admin);
});
afterAll(() => admin?.close());

it('gives an outcome unique codes in the builder, and a visitor who reaches it gets a code of their own', async () => {
  const shop = newShop();
  const owner = harness.server.embedded(shop);
  const accountId = (await owner.get('/api/v1/session')).body.data.user.accountId as string;
  const created = await personalityQuiz(owner);
  const current = (await owner.get(`/api/v1/quizzes/${created.id}`)).body.data as TQuizDetail;
  expect(
    (await owner.put(`/api/v1/quizzes/${created.id}`, { ...current, settings: { ...current.settings, collectEmail: true } }))
      .status,
  ).toBe(200);

  const { page } = await admin.open(shop, `/Quiz/Edit/${created.id}`);
  await page.getByRole('tab', { name: 'Outcome', exact: true }).click();
  await expect.poll(() => page.getByRole('heading', { name: outcomePrizeTexts.title }).isVisible()).toBe(true);
  await page.getByLabel(outcomePrizeTexts.give).first().check();
  await page.getByLabel(prizeTexts.value, { exact: true }).fill('150');
  await expect.poll(() => page.getByText(prizeMessages.percentageRange).isVisible()).toBe(true);
  await page.getByLabel(prizeTexts.value, { exact: true }).fill('20');
  await page.getByLabel(prizeTexts.expiry).fill('14');
  await expect.poll(() => page.getByText(prizeMessages.percentageRange).count()).toBe(0);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByRole('heading', { name: outcomePrizeTexts.title }).scrollIntoViewIfNeeded();
    await screenshot(harness, page, `quiz-prizes-builder-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Finish', exact: true }).click();
  await page.waitForURL(/\/Quiz\/Share\/[\w-]+/);
  const stored = (await owner.get(`/api/v1/quizzes/${created.id}`)).body.data as TQuizDetail;
  expect(stored.outcomePrizes).toMatchObject({ p1: { valueType: 'percentage', value: 20, expiresInDays: 14 } });
  await jobsSettled(harness.server, 'prizes.fill-pool', accountId);

  let first: string | null = null;
  for (const width of [375, 1280]) {
    const visitor = await harness.newPage({ width });
    await visitor.goto(`/play/${created.id}`);
    await playThrough(visitor, stored, [[0, ['a1']]]);
    await visitor.getByLabel('Enter your name').fill('Cleo');
    await visitor.getByLabel('Enter your Email').fill(width === 375 ? 'cleo@example.com' : 'Cleo@Example.com');
    await visitor.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => visitor.getByTestId('result-prize-code').isVisible()).toBe(true);
    const code = await visitor.getByTestId('result-prize-code').innerText();
    // The same email (in any case) gets the same code.
    first ??= code;
    expect(code).toBe(first);
    expect(await visitor.getByText(/^Valid until /).isVisible()).toBe(true);
    expect(await visitor.getByRole('button', { name: 'Copy code' }).isVisible()).toBe(true);
    await harness.screenshot(visitor, `quiz-prize-result-${width}`);
  }
});
