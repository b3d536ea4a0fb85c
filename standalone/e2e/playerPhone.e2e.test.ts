/**
 * The lead form's optional phone (issue 33): with "Ask for a phone number" on, the form shows a phone
 * field (type tel) and a separate, unticked SMS consent box with the owner's text; a number that is not one
 * shows the invalid-number message, a valid one with the box ticked is stored in E.164 with SMS consent.
 * The wheel's form before a spin does the same. Screenshots at 1280 and 375 px, and right to left.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { playMessages } from '@quizlead/shared/playMessages.ts';
import { quizDefaults } from '@quizlead/shared/quizzes.ts';
import type { TQuizDetail } from '@quizlead/shared/schemas/quiz.ts';
import { createOwner } from '../../server/src/test/factories.ts';
import { createWheel } from '../../server/src/test/widgetFactory.ts';
import { startBrowserHarness, type BrowserHarness } from './harness.ts';
import { answerQuestion, buildQuiz, personality, question, startButton } from './playerQuizzes.ts';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness();
});
afterAll(() => harness?.close());

const smsText = 'Text me offers. Consent is not a condition of purchase. Reply STOP to unsubscribe.';

async function phoneQuiz(): Promise<TQuizDetail> {
  const { client } = await createOwner(harness.server);
  return buildQuiz(client, {
    quizType: 'personality_quiz',
    title: 'Coffee match',
    personalities: [personality('bold', 'Bold'), personality('mild', 'Mild')],
    settings: { collectEmail: true, emailMessage: 'Where should we send your match?', askPhone: true, smsConsentText: smsText },
    questions: [
      question('Your morning?', [
        { id: 'a', text: 'Espresso', personalityId: 'bold' },
        { id: 'b', text: 'Latte', personalityId: 'mild' },
      ]),
    ],
  });
}

async function toLeadForm(page: Page, quiz: TQuizDetail) {
  await page.goto(`/quizplayer.html?quizid=${quiz.id}`);
  await startButton(page, quiz).click();
  await answerQuestion(page, quiz, 0, ['a']);
  await expect.poll(() => page.getByRole('heading', { name: 'Where should we send your match?' }).isVisible()).toBe(true);
}

async function storedLead(quizId: string) {
  const result = await harness.server.services.database.db.execute(
    `select email, phone, sms_consent as "smsConsent" from plays where quiz_id = '${quizId}' and email is not null`,
  );
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
}

it('refuses a number that is not one, then stores a valid one in E.164 with the SMS consent ticked', async () => {
  const quiz = await phoneQuiz();
  const page = await harness.newPage({ width: 1280 });
  await toLeadForm(page, quiz);
  const phone = page.getByLabel(quizDefaults.phoneFieldText);
  expect(await phone.getAttribute('type')).toBe('tel');
  expect(await phone.getAttribute('autocomplete')).toBe('tel');
  const sms = page.getByRole('checkbox', { name: smsText });
  expect(await sms.isChecked()).toBe(false);

  await page.getByLabel('Enter your name').fill('Pat Phone');
  await page.getByLabel('Enter your Email').fill('pat@example.com');
  await phone.fill('12345');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => page.getByText(playMessages.phoneInvalid).isVisible()).toBe(true);
  expect(await phone.getAttribute('aria-invalid')).toBe('true');
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('ql-lead-phone');
  expect(await storedLead(quiz.id)).toEqual([]);
  await harness.screenshot(page, 'player-lead-phone-invalid-1280');

  await phone.fill('+44 7911 123456');
  await sms.check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => page.getByTestId('result-summary').textContent()).toBe('Bold');
  expect(await storedLead(quiz.id)).toEqual([{ email: 'pat@example.com', phone: '+447911123456', smsConsent: true }]);
});

for (const [width, dir] of [
  [375, 'ltr'],
  [1280, 'ltr'],
  [375, 'rtl'],
] as const) {
  it(`lays out the phone field and the SMS consent box (${width} px, ${dir})`, async () => {
    const quiz = await phoneQuiz();
    const page = await harness.newPage({ width });
    await toLeadForm(page, quiz);
    if (dir === 'rtl') await page.evaluate(() => document.documentElement.setAttribute('dir', 'rtl'));
    await page.getByLabel(quizDefaults.phoneFieldText).fill('12345');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByText(playMessages.phoneInvalid).isVisible()).toBe(true);
    // Nothing runs off the side: the form fits the width it is given.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await harness.screenshot(page, `player-lead-phone-${width}${dir === 'rtl' ? '-rtl' : ''}`);
  });
}

it('the wheel asks for the phone before a spin: a bad number is refused, a good one spins and is stored', async () => {
  const { client } = await createOwner(harness.server);
  const wheel = await createWheel(client, { description: 'Lucky dip', askPhone: true, smsConsentText: smsText });
  for (const [width, dir] of [
    [375, 'ltr'],
    [1280, 'ltr'],
    [375, 'rtl'],
  ] as const) {
    const page = await harness.newPage({ width });
    await page.goto(`/wheelspin/publish/show/${wheel.id}/${wheel.slug}`);
    if (dir === 'rtl') await page.evaluate(() => document.documentElement.setAttribute('dir', 'rtl'));
    await page.getByLabel('Your email').fill(`spinner-${width}-${dir}@example.com`);
    const phone = page.getByLabel(quizDefaults.phoneFieldText);
    expect(await phone.getAttribute('type')).toBe('tel');
    await phone.fill('12345');
    await page.getByRole('button', { name: 'Spin' }).click();
    await expect.poll(() => page.getByText(playMessages.phoneInvalid).isVisible()).toBe(true);
    expect(await page.getByRole('checkbox', { name: smsText }).isChecked()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await harness.screenshot(page, `widgets-wheel-phone-${width}${dir === 'rtl' ? '-rtl' : ''}`);
    if (width === 1280) {
      await phone.fill('+1 415 555 2671');
      await page.getByRole('checkbox', { name: smsText }).check();
      await page.getByRole('button', { name: 'Spin' }).click();
      await expect.poll(() => page.getByTestId('wheel-result').count(), { timeout: 8000 }).toBe(1);
      const result = await harness.server.services.database.db.execute(
        `select phone, sms_consent as "smsConsent" from wheel_spins where wheel_id = '${wheel.id}'`,
      );
      expect((result as unknown as { rows: unknown[] }).rows).toEqual([{ phone: '+14155552671', smsConsent: true }]);
    }
  }
});
