/**
 * The player across a reload (issue 32, item 29): a reload mid-quiz resumes the same play at the same question
 * with its picks (randomised order kept), and a reload at the lead form shows the lead form again from the
 * server's state, one play stored in the end. The consent checkbox's message looks like the other fields'
 * messages; a paid quiz without a footer message shows no empty footer bar. Screenshots at 1280 and 375 px.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { playMessages } from '@quizlead/shared/schemas/play.ts';
import type { TQuizDetail } from '@quizlead/shared/schemas/quiz.ts';
import { createOwner } from '../../server/src/test/factories.ts';
import { startBrowserHarness, type BrowserHarness } from './harness.ts';
import { answerQuestion, buildQuiz, personality, question, startButton, storedPlays } from './playerQuizzes.ts';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness();
});
afterAll(() => harness?.close());

const counter = (page: Page) => page.locator('.ql-footer__counter').textContent();
const storedPlay = (page: Page, quizId: string) =>
  page.evaluate((id) => JSON.parse(sessionStorage.getItem(`quizlead.play.${id}`) ?? 'null') as { id: string } | null, quizId);

async function travelQuiz(settings: Record<string, unknown> = {}): Promise<TQuizDetail> {
  const { client } = await createOwner(harness.server);
  return buildQuiz(client, {
    quizType: 'personality_quiz',
    title: 'Travel style',
    personalities: [personality('explorer', 'Explorer'), personality('homebody', 'Homebody'), personality('foodie', 'Foodie')],
    settings: {
      collectEmail: true,
      emailMessage: 'Where should we send your result?',
      privacyPolicyText: 'I agree to the privacy policy',
      ...settings,
    },
    questions: [
      ['Your ideal Saturday?', 'A hike', 'Sofa and a film', 'A cooking class'],
      ['Pick a holiday', 'Mountains', 'A staycation', 'A food tour'],
      ['Pick a dinner', 'Campfire stew', 'Takeaway', 'A tasting menu'],
    ].map(([title, a, b, c]) =>
      question(title!, [
        { id: 'a', text: a!, personalityId: 'explorer' },
        { id: 'b', text: b!, personalityId: 'homebody' },
        { id: 'c', text: c!, personalityId: 'foodie' },
      ]),
    ),
  });
}

const questionHeading = (page: Page, quiz: TQuizDetail, index: number) =>
  page.getByRole('heading', { name: quiz.questions[index]!.title.replace(/<[^>]+>/g, '') });
const answerTexts = (page: Page) => page.locator('.ql-answers button, .ql-answers [role=checkbox]').allInnerTexts();

it('resumes the play after a reload mid-quiz and at the lead form, in the same order, with one play stored', async () => {
  const quiz = await travelQuiz({ randomizeAnswers: true });
  const page = await harness.newPage({ width: 375 });
  await page.goto(`/quizplayer.html?quizid=${quiz.id}`);
  await startButton(page, quiz).click();
  await answerQuestion(page, quiz, 0, ['b']);
  await expect.poll(() => questionHeading(page, quiz, 1).isVisible()).toBe(true);
  const order = await answerTexts(page);
  const playId = (await storedPlay(page, quiz.id))!.id;

  await page.reload();
  // The same question, not the welcome screen, its answers in the order this play showed them.
  await expect.poll(() => questionHeading(page, quiz, 1).isVisible()).toBe(true);
  expect(await counter(page)).toContain('2 / 3');
  expect(await startButton(page, quiz).count()).toBe(0);
  expect(await answerTexts(page)).toEqual(order);
  await harness.screenshot(page, 'player-resumed-375');
  // Back still walks the path, with the first pick kept.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect.poll(() => questionHeading(page, quiz, 0).isVisible()).toBe(true);
  expect(await page.getByRole('button', { name: 'Sofa and a film' }).getAttribute('aria-pressed')).toBe('true');
  await page.getByRole('button', { name: 'Next' }).click();
  await answerQuestion(page, quiz, 1, ['b']);
  await answerQuestion(page, quiz, 2, ['c']);

  await expect.poll(() => page.getByRole('heading', { name: 'Where should we send your result?' }).isVisible()).toBe(true);
  await page.reload();
  // The server holds the answers: the lead form again, not the welcome screen.
  await expect.poll(() => page.getByRole('heading', { name: 'Where should we send your result?' }).isVisible()).toBe(true);
  await page.getByLabel('Enter your name').fill('Vera Visitor');
  await page.getByLabel('Enter your Email').fill('vera@example.com');
  await page.getByRole('checkbox', { name: 'I agree to the privacy policy' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => page.getByTestId('result-summary').textContent()).toBe('Homebody');
  expect(await storedPlay(page, quiz.id)).toBeNull();

  const rows = await storedPlays(harness.server, quiz.id);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ id: playId, status: 'completed', resultSummary: 'Homebody', email: 'vera@example.com' });
  expect(rows[0]!.answers).toEqual({
    [quiz.questions[0]!.id]: ['b'],
    [quiz.questions[1]!.id]: ['b'],
    [quiz.questions[2]!.id]: ['c'],
  });
  // The result reloaded is a finished play: the welcome screen again.
  await page.reload();
  await expect.poll(() => startButton(page, quiz).isVisible()).toBe(true);
});

for (const width of [1280, 375]) {
  it(`shows the consent message as the other fields show theirs (${width} px)`, async () => {
    const quiz = await travelQuiz();
    const page = await harness.newPage({ width });
    await page.goto(`/quizplayer.html?quizid=${quiz.id}`);
    await startButton(page, quiz).click();
    for (const index of [0, 1, 2]) await answerQuestion(page, quiz, index, ['a']);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByText(playMessages.consentRequired).isVisible()).toBe(true);
    const looks = (id: string) =>
      page.locator(`#${id}`).evaluate((message) => {
        const style = getComputedStyle(message);
        const field = message.closest('.ql-field')!.getBoundingClientRect();
        return {
          // Where the message starts within its field, and how it is drawn.
          indent: Math.round(message.getBoundingClientRect().left - field.left),
          look: [style.backgroundColor, style.color, style.fontSize, style.padding, style.borderRadius].join(' '),
        };
      });
    const email = await looks('ql-lead-email-error');
    expect(await looks('ql-lead-consent-error')).toEqual(email);
    expect(await looks('ql-lead-name-error')).toEqual(email);
    await harness.screenshot(page, `player-lead-errors-${width}`);
  });
}

it('shows no empty footer bar on a paid quiz without a footer message, and the counter while a question is shown', async () => {
  const owner = await createOwner(harness.server);
  await harness.server.services.database.db.execute(`update accounts set mode = 'paid' where id = '${owner.account.id}'`);
  const quiz = await buildQuiz(owner.client, {
    quizType: 'graded_quiz',
    title: 'Paid quiz',
    settings: { collectEmail: false, footerMessage: '' },
    questions: [
      question('Ready?', [
        { id: 'a', text: 'Yes', correct: true },
        { id: 'b', text: 'No' },
      ]),
    ],
  });
  const page = await harness.newPage({ width: 1280 });
  await page.goto(`/quizplayer.html?quizid=${quiz.id}`);
  await expect.poll(() => startButton(page, quiz).isVisible()).toBe(true);
  expect(await page.locator('footer').isVisible()).toBe(false);
  await harness.screenshot(page, 'player-paid-start-1280');
  await startButton(page, quiz).click();
  await expect.poll(() => counter(page)).toContain('1 / 1');
  await answerQuestion(page, quiz, 0, ['a']);
  await expect.poll(() => page.getByTestId('result-summary').isVisible()).toBe(true);
  expect(await page.locator('footer').isVisible()).toBe(false);
  await harness.screenshot(page, 'player-paid-result-1280');
});
