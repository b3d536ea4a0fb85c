/**
 * A/B tests in a real browser: the owner starts a lead-gate test from the quiz report (the form's own
 * checks first), two visitors whose browsers fall in different variants play through the real player
 * (the original asks for the email before the result, the variant shows the result with the form under
 * it), the report counts each variant, and the owner ends the test keeping the variant. Screenshots at
 * 1280 and 375 px.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { wheelMessages } from '@quizlead/shared/engagement.ts';
import { assignVariant } from '@quizlead/shared/engine/experiments.ts';
import { experimentMessages, experimentSubjectLabels } from '@quizlead/shared/schemas/experiments.ts';
import { playMessages } from '@quizlead/shared/playMessages.ts';
import { createWheel } from '../../server/src/test/widgetFactory.ts';
import { startBrowserHarness, type BrowserHarness } from './harness.ts';
import { screenshot, signedInPage, toast } from './ownerScreens.ts';
import { buildQuiz, playThrough, question } from './playerQuizzes.ts';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness();
});
afterAll(() => harness?.close());

const card = (page: Page) => page.locator('section.ql-experiments');

/** A visitor's browser whose lasting visitor id is `visitorId` (what the player keeps in localStorage). */
async function visitorPage(visitorId: string, width = 1280) {
  const page = await harness.newPage({ width });
  await page.addInitScript((id) => window.localStorage.setItem('quizlead.visitor', id), visitorId);
  return page;
}

/** The variant cells of the report's table, once it shows `visitors` in total. */
async function figures(page: Page) {
  return card(page)
    .locator('.Polaris-DataTable__TableRow')
    .evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent?.trim())));
}

it('starts a lead-gate test from the report, shows each visitor their variant, counts them, and keeps the winner', async () => {
  const { owner, page } = await signedInPage(harness);
  const quiz = await buildQuiz(owner.client, {
    quizType: 'graded_quiz',
    title: 'Coffee basics',
    settings: { collectEmail: true },
    questions: [
      question('Which roast is darkest?', [
        { id: 'a', text: 'Dark roast', correct: true },
        { id: 'b', text: 'Light roast' },
      ]),
    ],
  });

  await page.goto(`/app/Quiz/Analytics/${quiz.id}`);
  await expect.poll(() => card(page).getByText(experimentMessages.emptyTitle).isVisible()).toBe(true);
  await card(page)
    .getByRole('button', { name: `${experimentMessages.start}: ${experimentMessages.title}` })
    .click();
  await card(page).getByLabel('What to test').selectOption({ label: experimentSubjectLabels.leadGate });
  // The form's own checks: a nameless variant is named on its field, and nothing is sent.
  await card(page).getByLabel('Name').nth(1).fill('');
  await card(page).getByRole('button', { name: experimentMessages.start, exact: true }).click();
  await expect.poll(() => card(page).getByText(experimentMessages.nameRequired).isVisible()).toBe(true);
  expect((await owner.client.get(`/api/v1/quizzes/${quiz.id}/experiments`)).body.data).toEqual([]);
  await card(page).getByLabel('Name').nth(1).fill('Result first');
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(harness, page, `experiment-form-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await card(page).getByRole('button', { name: experimentMessages.start, exact: true }).click();
  await expect.poll(() => toast(page, experimentMessages.started).isVisible()).toBe(true);
  await expect.poll(() => card(page).getByText('Running', { exact: true }).isVisible()).toBe(true);

  const [test] = (await owner.client.get(`/api/v1/quizzes/${quiz.id}/experiments`)).body.data;
  expect(test.variants.map((variant: { name: string; value: string }) => [variant.name, variant.value])).toEqual([
    ['Original', 'before'],
    ['Result first', 'after'],
  ]);
  // Two browsers, one in each variant (the player and the server hash the same visitor id).
  const ids = Array.from({ length: 40 }, (_, index) => `browser-visitor-${String(index).padStart(4, '0')}`);
  const inA = ids.find((id) => assignVariant(test.id, id, [50, 50]) === 0)!;
  const inB = ids.find((id) => assignVariant(test.id, id, [50, 50]) === 1)!;

  const first = await visitorPage(inA);
  await first.goto(`/play/${quiz.id}`);
  await playThrough(first, quiz, [[0, ['a']]]);
  // The original: the email before the result.
  await expect.poll(() => first.getByLabel('Email').first().isVisible()).toBe(true);
  expect(await first.getByTestId('result-summary').count()).toBe(0);
  await first.getByLabel('Name').fill('Ada');
  await first.getByLabel('Email').fill('ada@example.com');
  await first.getByRole('button', { name: quiz.settings.continueButtonText }).click();
  await expect.poll(() => first.getByTestId('result-summary').isVisible()).toBe(true);

  for (const width of [1280, 375]) {
    const second = await visitorPage(inB, width);
    await second.goto(`/play/${quiz.id}`);
    await playThrough(second, quiz, [[0, ['b']]]);
    // The variant: the result at once, the form offered under it.
    await expect.poll(() => second.getByTestId('result-summary').isVisible()).toBe(true);
    await expect.poll(() => second.getByLabel('Email').isVisible()).toBe(true);
    await harness.screenshot(second, `experiment-result-first-${width}`);
    if (width === 375) break;
    await second.getByLabel('Name').fill('Bo');
    await second.getByLabel('Email').fill('bo@example.com');
    await second.getByRole('button', { name: quiz.settings.continueButtonText }).click();
    await expect.poll(() => second.getByText(playMessages.leadThanks).isVisible()).toBe(true);
    expect(await second.getByTestId('result-summary').isVisible()).toBe(true);
  }

  await page.reload();
  await expect
    .poll(() => figures(page))
    .toEqual([
      // A standalone account sells through no shop: no orders or revenue columns.
      ['Original (50%)', '1', '1 · 100%', '1 · 100%', '—'],
      ['Result first (50%)', '2', '2 · 100%', '1 · 50%', expect.stringMatching(/^-50\.0 pts, \d+% sure$/)],
    ]);
  expect(await card(page).getByText(experimentMessages.notEnoughData(100)).isVisible()).toBe(true);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await card(page).scrollIntoViewIfNeeded();
    await screenshot(harness, page, `experiment-running-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await card(page).getByRole('button', { name: experimentMessages.end }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('label', { hasText: 'Result first' }).click();
  expect(await dialog.getByLabel('Result first').isChecked()).toBe(true);
  await screenshot(harness, page, 'experiment-end-1280');
  await dialog.getByRole('button', { name: 'End test and keep it' }).click();
  await expect.poll(() => toast(page, experimentMessages.ended('Result first')).isVisible()).toBe(true);
  await expect
    .poll(() =>
      card(page)
        .getByText(/kept “Result first”/)
        .isVisible(),
    )
    .toBe(true);
  expect(await card(page).getByText(experimentMessages.emptyTitle).isVisible()).toBe(true);
  expect((await owner.client.get(`/api/v1/quizzes/${quiz.id}`)).body.data.settings.leadGate).toBe('after');
});

it('starts a wheel odds test from its spins page, showing each slice’s chance as the weights are typed', async () => {
  const { owner, page } = await signedInPage(harness);
  const wheel = await createWheel(owner.client, {
    description: 'Spin for a treat',
    options: [{ text: 'Nothing' }, { text: '10% off' }, { text: 'Free shipping' }],
  });
  await page.goto(`/app/wheelspin/response/${wheel.id}`);
  await card(page)
    .getByRole('button', { name: `${experimentMessages.start}: ${experimentMessages.title}` })
    .click();
  // The original's weights are the wheel's, read-only; the variant's are typed.
  expect(await card(page).getByLabel('Nothing').first().isDisabled()).toBe(true);
  await card(page).getByLabel('Nothing').nth(1).fill('8');
  await card(page).getByLabel('10% off').nth(1).fill('1');
  await card(page).getByLabel('Free shipping').nth(1).fill('1');
  await expect.poll(() => card(page).getByText('80.0% chance').isVisible()).toBe(true);
  await card(page).getByLabel('Free shipping').nth(1).fill('-1');
  await card(page).getByRole('button', { name: experimentMessages.start, exact: true }).click();
  await expect.poll(() => card(page).getByText(wheelMessages.weightInvalid).isVisible()).toBe(true);
  await card(page).getByLabel('Free shipping').nth(1).fill('1');
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await card(page).scrollIntoViewIfNeeded();
    await screenshot(harness, page, `experiment-wheel-form-${width}`);
  }
  await card(page).getByRole('button', { name: experimentMessages.start, exact: true }).click();
  await expect.poll(() => card(page).getByText('Running', { exact: true }).isVisible()).toBe(true);
  const [test] = (await owner.client.get(`/api/v1/wheels/${wheel.id}/experiments`)).body.data;
  expect(test.variants.map((variant: { value: number[] }) => variant.value)).toEqual([
    [1, 1, 1],
    [8, 1, 1],
  ]);
});
