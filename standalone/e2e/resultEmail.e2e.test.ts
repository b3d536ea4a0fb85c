/**
 * Result emails to respondents (issue 35) in the browser: the owner switches "Email respondents their
 * result" on in the quiz's Lead tab, writes a subject while the preview beside it follows, and saves; a
 * visitor ticks "Email me my result" in the lead form and the mail arrives (the dev mailbox) with the
 * outcome and an unsubscribe link; the mail's HTML is opened in the browser. Screenshots of the editor
 * section and the mail at 1280 and 375 px go to /work/shots/resultmail/ when that folder can be made.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { resultEmailTexts } from '@quizlead/shared/resultEmail.ts';
import { startBrowserHarness, type BrowserHarness } from './harness.ts';
import { signedInPage } from './ownerScreens.ts';
import { answerQuestion, buildQuiz, personality, question, startButton } from './playerQuizzes.ts';

const shotsDir = process.env.QL_SHOTS_DIR ?? '/work/shots/resultmail';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness();
});
afterAll(() => harness?.close());

async function shot(page: Page, name: string, target?: ReturnType<Page['locator']>) {
  await harness.screenshot(page, name);
  try {
    mkdirSync(shotsDir, { recursive: true });
    if (target) await target.screenshot({ path: `${shotsDir}/${name}.png` });
    else await page.screenshot({ path: `${shotsDir}/${name}.png`, fullPage: true });
  } catch (error) {
    console.warn(`screenshot ${name} not copied to ${shotsDir}: ${(error as Error).message}`);
    // The shots folder is for people to look at; the test-results copy is the test's own.
  }
}

it('the owner switches the result email on with a live preview; a respondent who asks for it gets it with an unsubscribe link', async () => {
  const { owner, page } = await signedInPage(harness, 1280);
  const quiz = await buildQuiz(owner.client, {
    quizType: 'personality_quiz',
    title: 'Coffee match',
    personalities: [personality('bold', 'Bold'), personality('mild', 'Mild')],
    settings: { collectEmail: true, emailMessage: 'Where should we send your match?' },
    questions: [
      question('Your morning?', [
        { id: 'a', text: 'Espresso', personalityId: 'bold' },
        { id: 'b', text: 'Latte', personalityId: 'mild' },
      ]),
    ],
  });

  await page.goto(`/app/Quiz/Edit/${quiz.id}`);
  await page.getByRole('tab', { name: 'Lead', exact: true }).click();
  const toggle = page.getByRole('switch', { name: resultEmailTexts.quizSwitch });
  await toggle.click();
  expect(await toggle.getAttribute('aria-checked')).toBe('true');
  await page.getByLabel(resultEmailTexts.subject, { exact: true }).fill('{name}, your coffee match is {result}');
  await expect.poll(() => page.getByTestId('result-email-preview-subject').textContent()).toBe('Alex, your coffee match is Bold');
  const preview = page.frameLocator(`iframe[title="${resultEmailTexts.previewFrame}"]`);
  await expect.poll(() => preview.getByText('WELCOME-10').isVisible()).toBe(true);
  const section = toggle.locator('xpath=ancestor::div[contains(@class, "Polaris-ShadowBevel")][1]');
  await shot(page, 'editor-result-email-1280', section);
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, 'editor-result-email-375', section);
  await page.setViewportSize({ width: 1280, height: 800 });
  // Next to the last tab, then Finish: saved and published.
  const finish = page.getByRole('button', { name: 'Finish', exact: true });
  for (let step = 0; step < 6 && !(await finish.isVisible()); step++) {
    await page.getByRole('button', { name: 'Next', exact: true }).click();
  }
  await finish.click();
  await page.waitForURL(/\/app\/Quiz\/Share\/[\w-]+$/);
  await expect.poll(async () => (await owner.client.get(`/api/v1/quizzes/${quiz.id}`)).body.data.settings.resultEmail).toBe(true);

  const visitor = await harness.newPage({ width: 1280 });
  await visitor.goto(`/quizplayer.html?quizid=${quiz.id}`);
  await startButton(visitor, quiz).click();
  await answerQuestion(visitor, quiz, 0, ['a']);
  await visitor.getByLabel('Enter your name').fill('Pat');
  await visitor.getByLabel('Enter your Email').fill('pat.result@example.com');
  await visitor.getByRole('checkbox', { name: 'Email me my result' }).check();
  await visitor.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => visitor.getByTestId('result-summary').textContent()).toBe('Bold');

  const mail = await harness.server.waitForMail('pat.result@example.com', /coffee match is Bold/, 15_000);
  expect(mail.subject).toBe('Pat, your coffee match is Bold');
  expect(mail.from).toMatch(/^"Acme" </);
  expect(mail.replyTo).toBe(owner.email);
  expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  expect(mail.text).toContain('Unsubscribe: ');

  const opened = await harness.newPage({ width: 1280 });
  await opened.setContent(mail.html!);
  expect(await opened.getByRole('link', { name: 'Unsubscribe' }).getAttribute('href')).toMatch(/\/results\/unsubscribe\?token=/);
  await shot(opened, 'mail-1280');
  await opened.setViewportSize({ width: 375, height: 700 });
  await shot(opened, 'mail-375');

  // The delivery log screen lists it.
  await page.goto('/app/Deliveries');
  await expect.poll(() => page.getByText('pat.result@example.com').first().isVisible(), { timeout: 15_000 }).toBe(true);
  await shot(page, 'delivery-log-1280');
});

it('offers "Email me my result" below an owner’s own HTML lead form, and the respondent who ticks it gets the email', async () => {
  const { owner } = await signedInPage(harness, 1280);
  const formCode = `<form>
  <p><label>Your name <input type="text" name="fullname" required></label></p>
  <p><label>Your email <input type="email" name="mail" required></label></p>
  <button type="submit">Send</button>
</form>`;
  const quiz = await buildQuiz(owner.client, {
    quizType: 'personality_quiz',
    title: 'Tea match',
    personalities: [
      personality('green', 'Green', { emailFormCode: formCode }),
      personality('black', 'Black', { emailFormCode: formCode }),
    ],
    settings: { collectEmail: true, emailFormType: 'custom', resultEmail: true, resultEmailSubject: 'Your tea: {result}' },
    questions: [
      question('Your afternoon?', [
        { id: 'a', text: 'Calm', personalityId: 'green' },
        { id: 'b', text: 'Busy', personalityId: 'black' },
      ]),
    ],
  });

  const visitor = await harness.newPage({ width: 375 });
  await visitor.goto(`/quizplayer2.html?quizid=${quiz.id}`);
  await startButton(visitor, quiz).click();
  await answerQuestion(visitor, quiz, 0, ['b']);
  const form = visitor.frameLocator('iframe[title="Lead form"]');
  await form.getByLabel('Your name').fill('Kim');
  await form.getByLabel('Your email').fill('kim.custom@example.com');
  await visitor.getByRole('checkbox', { name: 'Email me my result' }).check();
  await shot(visitor, 'custom-form-opt-in-375');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect.poll(() => visitor.getByTestId('result-summary').textContent()).toBe('Black');

  const mail = await harness.server.waitForMail('kim.custom@example.com', /Your tea: Black/, 15_000);
  expect(mail.text).toContain('Unsubscribe: ');
});
