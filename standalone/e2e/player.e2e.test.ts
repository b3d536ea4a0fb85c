/**
 * The public quiz player in the browser: one quiz of every active type played to its result, with and
 * without the email gate (standard and custom forms), branching that ends early, retake, previews, the
 * error page and the footer. Every shown result is checked against the engine's own result for the same
 * picks on the owner's full quiz, and every play against the database.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { playMessages } from '@quizlead/shared/schemas/play.ts';
import type { TQuizDetail } from '@quizlead/shared/schemas/quiz.ts';
import { createOwner } from '../../server/src/test/factories.ts';
import { startBrowserHarness, type BrowserHarness } from './harness.ts';
import {
  answerQuestion,
  buildQuiz,
  expected,
  personality,
  picksOf,
  playThrough,
  question,
  storedPlays,
  type Steps,
} from './playerQuizzes.ts';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness();
});
afterAll(() => harness?.close());

const playsOf = (quizId: string) => storedPlays(harness.server, quizId);

const summaryShown = (page: Page) => page.getByTestId('result-summary').textContent();
const counter = (page: Page) => page.locator('.ql-footer__counter').textContent();
/** The play id the player keeps for a quiz (with its key, web/src/player/playSession.ts). */
const storedPlayId = (page: Page, quizId: string) =>
  page.evaluate(
    (id) => (JSON.parse(sessionStorage.getItem(`quizlead.play.${id}`) ?? 'null') as { id: string } | null)?.id ?? null,
    quizId,
  );

/** The policy the player's build asks for (web/dist/player/csp.json): the custom form's bridge is allowed by its hash. */
const playerCsp: string = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../web/dist/player/csp.json', import.meta.url)), 'utf8'),
).policy;

/** Serves the player pages with the build's policy, so the tests prove it is enough. */
async function withPlayerCsp(page: Page) {
  await page.route(/\/(quizplayer2?\.html|play\/|previewtemplate)/, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': playerCsp } });
  });
}

/** The Google Analytics events the page sent (gtag pushes its arguments onto dataLayer). */
const analyticsEvents = (page: Page) =>
  page.evaluate(() =>
    ((window as any).dataLayer as IArguments[])
      .map((entry) => Array.from(entry))
      .filter((entry) => entry[0] === 'event')
      .map((entry) => entry[1]),
  );

async function expectResult(page: Page, quiz: TQuizDetail, steps: Steps) {
  const { result, summary } = expected(quiz, picksOf(quiz, steps));
  await expect.poll(() => summaryShown(page)).toBe(summary);
  return { result, summary };
}

it('plays a graded quiz in marks with images, back navigation, sharing, the offer, analytics and a retake', async () => {
  const { client } = await createOwner(harness.server);
  const quiz = await buildQuiz(client, {
    quizType: 'graded_quiz',
    title: 'Coffee facts',
    settings: {
      collectEmail: false,
      scoreType: 'marks',
      theme: 'theme9',
      socialSharing: true,
      offerMessage: 'Book a tasting',
      offerButtonText: 'Book now',
      offerButtonLink: 'https://example.com/book',
      resultPageText: '<p>Thanks for playing!</p>',
      scoreMessage: '<p>Well brewed.</p>',
      googleAnalyticsId: 'G-TEST123',
    },
    questions: [
      question(
        'Which roast is darkest?',
        [
          { id: 'a', text: 'Light roast', image: '/template-images/coffee-light.svg' },
          { id: 'b', text: 'Dark roast', correct: true, image: '/template-images/coffee-dark.svg' },
        ],
        { image: '/template-images/cover-coffee-roast.svg' },
      ),
      question(
        'Espresso is a brewing method.',
        [
          { id: 't', text: 'True', correct: true },
          { id: 'f', text: 'False' },
        ],
        { kind: 'true_false' },
      ),
      question(
        'Which are coffee species?',
        [
          { id: 'a', text: 'Arabica', correct: true },
          { id: 'b', text: 'Robusta', correct: true },
          { id: 'c', text: 'Oolong' },
          { id: 'd', text: 'Assam' },
        ],
        { kind: 'multiple' },
      ),
    ],
  });

  const page = await harness.newPage();
  await page.route('https://www.googletagmanager.com/**', (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
  await page.addInitScript(() => {
    const opened: unknown[][] = [];
    (window as any).opened = opened;
    window.open = (...args: unknown[]) => {
      opened.push(args);
      return null;
    };
  });
  await page.goto(`/quizplayer2.html?quiztitle=coffee-facts&quizid=${quiz.id}`);
  await expect.poll(() => page.getByText('Welcome to Coffee facts').isVisible()).toBe(true);
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Coffee facts');
  expect(await page.title()).toBe('Coffee facts');
  await page.getByRole('button', { name: 'Start', exact: true }).click();

  // Question and answer images; a first pick, then back: the pick is kept and can be changed.
  await answerQuestion(page, quiz, 0, ['a']);
  await expect.poll(() => counter(page)).toBe('Question 2 / 3');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect.poll(() => counter(page)).toBe('Question 1 / 3');
  expect(await page.getByRole('button', { name: 'Light roast' }).getAttribute('aria-pressed')).toBe('true');
  await expect.poll(() => page.locator('img[src="/template-images/cover-coffee-roast.svg"]').isVisible()).toBe(true);
  await expect.poll(() => page.locator('img[src="/template-images/coffee-dark.svg"]').isVisible()).toBe(true);
  await answerQuestion(page, quiz, 0, ['b']);
  await answerQuestion(page, quiz, 1, ['t']);

  // Multiple answers: checkboxes and the pick count; unticking lowers it.
  await expect.poll(() => page.getByText('0 of 2 picked').isVisible()).toBe(true);
  await page.getByRole('checkbox', { name: 'Robusta' }).click();
  expect(await page.getByRole('checkbox', { name: 'Robusta' }).getAttribute('aria-checked')).toBe('true');
  await expect.poll(() => page.getByText('1 of 2 picked').isVisible()).toBe(true);
  await page.getByRole('checkbox', { name: 'Robusta' }).click();
  await expect.poll(() => page.getByText('0 of 2 picked').isVisible()).toBe(true);
  const playId = await storedPlayId(page, quiz.id);
  expect(playId).toMatch(/^[0-9a-f-]{36}$/);
  await answerQuestion(page, quiz, 2, ['a', 'c']);

  const steps: Steps = [
    [0, ['b']],
    [1, ['t']],
    [2, ['a', 'c']],
  ];
  const { summary } = await expectResult(page, quiz, steps);
  expect(summary).toBe('3 / 4');
  for (const text of ['Well brewed.', 'Thanks for playing!', 'Book a tasting', quiz.settings.certificateText]) {
    await expect.poll(() => page.getByText(text).isVisible()).toBe(true);
  }
  expect(await page.getByRole('link', { name: 'Book now' }).getAttribute('href')).toBe('https://example.com/book');

  // Sharing: four networks in 750x600 pop-ups with the page and the summary, and email.
  await expect.poll(() => page.getByText(quiz.settings.socialSharingText).isVisible()).toBe(true);
  for (const name of ['Facebook', 'X (Twitter)', 'LinkedIn', 'WhatsApp']) await page.getByRole('button', { name }).click();
  const opened = (await page.evaluate(() => (window as any).opened)) as [string, string, string][];
  expect(opened.map((call) => call[2])).toEqual(Array(4).fill('width=750,height=600'));
  expect(opened.map((call) => new URL(call[0]).hostname)).toEqual([
    'www.facebook.com',
    'twitter.com',
    'www.linkedin.com',
    'api.whatsapp.com',
  ]);
  for (const [url] of opened) expect(url).toContain(encodeURIComponent(`${harness.server.url}/quizplayer2.html`));
  expect(opened[1]![0]).toContain(encodeURIComponent(`Coffee facts: ${summary}`));
  expect(await page.getByRole('link', { name: 'Email' }).getAttribute('href')).toMatch(/^mailto:\?subject=Coffee%20facts&body=/);

  // Analytics events, and the play stored with the server's result.
  expect(await analyticsEvents(page)).toEqual(['quiz_start', 'quiz_complete']);
  expect(await page.locator('script[src="https://www.googletagmanager.com/gtag/js?id=G-TEST123"]').count()).toBe(1);
  let rows = await playsOf(quiz.id);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ id: playId, status: 'completed', resultSummary: summary, answers: picksOf(quiz, steps) });
  expect(await storedPlayId(page, quiz.id)).toBeNull();

  // Retake: back to the start with fresh picks and a new play.
  await page.getByRole('button', { name: 'Retake This Quiz' }).click();
  await expect.poll(() => page.getByRole('button', { name: 'Start', exact: true }).isVisible()).toBe(true);
  const again: Steps = [
    [0, ['a']],
    [1, ['f']],
    [2, ['c', 'd']],
  ];
  await playThrough(page, quiz, again);
  expect((await expectResult(page, quiz, again)).summary).toBe('0 / 4');
  rows = await playsOf(quiz.id);
  expect(rows).toHaveLength(2);
  expect(rows[1]!.id).not.toBe(playId);
  expect(rows[1]).toMatchObject({ status: 'completed', resultSummary: '0 / 4' });
});

it('plays a personality quiz through the standard email gate with consent, reusing the play id after a reload', async () => {
  const { client } = await createOwner(harness.server);
  const quiz = await buildQuiz(client, {
    quizType: 'personality_quiz',
    title: 'Travel style',
    personalities: [
      personality('explorer', 'Explorer'),
      personality('homebody', 'Homebody', { image: '/template-images/cover-travel-style.svg' }),
      personality('foodie', 'Foodie'),
    ],
    settings: {
      theme: 'theme3',
      collectEmail: true,
      emailMessage: 'Where should we send your result?',
      privacyPolicyText: 'I agree to the privacy policy',
      privacyPolicyUrl: 'https://example.com/privacy',
      welcomeMessageColor: '#5b1a8c',
      googleAnalyticsId: 'G-TRAVEL1',
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
  const page = await harness.newPage();
  await page.route('https://www.googletagmanager.com/**', (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
  await page.goto(`/quizplayer.html?quizid=${quiz.id}`);
  await expect.poll(() => page.getByText('Welcome to Travel style').isVisible()).toBe(true);
  expect(await page.locator('.ql-welcome').evaluate((element) => getComputedStyle(element).color)).toBe('rgb(91, 26, 140)');
  await playThrough(page, quiz, [[0, ['b']]]);
  await expect.poll(() => page.getByRole('heading', { name: 'Pick a holiday' }).isVisible()).toBe(true);
  const playId = await storedPlayId(page, quiz.id);
  await page.reload();
  const steps: Steps = [
    [0, ['b']],
    [1, ['b']],
    [2, ['c']],
  ];
  // The reload resumes the play at the second question (playerResume.e2e.test.ts has the rest).
  for (const [index, picks] of steps.slice(1)) await answerQuestion(page, quiz, index, picks);
  expect(await storedPlayId(page, quiz.id)).toBe(playId);

  await expect.poll(() => page.getByRole('heading', { name: 'Where should we send your result?' }).isVisible()).toBe(true);
  await page.getByRole('button', { name: 'Continue' }).click();
  for (const text of [playMessages.nameRequired, playMessages.emailRequired, playMessages.consentRequired]) {
    await expect.poll(() => page.getByText(text).isVisible()).toBe(true);
  }
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('ql-lead-name');
  await page.getByLabel('Enter your name').fill('Vera Visitor');
  await page.getByLabel('Enter your Email').fill('vera@example');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => page.getByText(playMessages.emailInvalid).isVisible()).toBe(true);
  expect(await page.getByLabel('Enter your Email').getAttribute('aria-invalid')).toBe('true');
  await page.getByLabel('Enter your Email').fill(' vera@example.com ');
  expect(await page.getByRole('link', { name: 'I agree to the privacy policy' }).getAttribute('href')).toBe(
    'https://example.com/privacy',
  );
  await page.getByRole('checkbox', { name: 'I agree to the privacy policy' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  const { summary } = await expectResult(page, quiz, steps);
  expect(summary).toBe('Homebody');
  await expect.poll(() => page.getByText('Homebody description').isVisible()).toBe(true);
  await expect.poll(() => page.getByRole('img', { name: 'Homebody' }).isVisible()).toBe(true);

  // The play started before the reload, which emptied the page's dataLayer.
  expect(await analyticsEvents(page)).toEqual(['lead_submit', 'quiz_complete']);
  const rows = await playsOf(quiz.id);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    id: playId,
    status: 'completed',
    resultSummary: 'Homebody',
    name: 'Vera Visitor',
    email: 'vera@example.com',
    consent: true,
    consentText: 'I agree to the privacy policy',
  });
});

it('plays a graded quiz with personality to its score range and outcome', async () => {
  const { client } = await createOwner(harness.server);
  const quiz = await buildQuiz(client, {
    quizType: 'graded_quiz_with_personality',
    title: 'Geography check',
    personalities: [
      personality('beginner', 'Beginner', { minScore: 0, maxScore: 40 }),
      personality('intermediate', 'Intermediate', { minScore: 41, maxScore: 70 }),
      personality('expert', 'Expert', { minScore: 71, maxScore: 100 }),
    ],
    // An offer without a link (as built-in templates once had): players never see it.
    settings: { collectEmail: false, theme: 'theme5', offerMessage: 'Join our geography club', offerButtonText: 'Join' },
    questions: [
      ['The capital of France?', 'Paris', 'Lyon'],
      ['H2O is…', 'Water', 'Salt'],
      ['The largest planet?', 'Jupiter', 'Mars'],
    ].map(([title, right, wrong]) =>
      question(title!, [
        { id: 'a', text: right!, correct: true },
        { id: 'b', text: wrong! },
      ]),
    ),
  });
  const page = await harness.newPage();
  await page.goto(`/play/${quiz.id}`);
  const steps: Steps = [
    [0, ['a']],
    [1, ['b']],
    [2, ['a']],
  ];
  await playThrough(page, quiz, steps);
  expect((await expectResult(page, quiz, steps)).summary).toBe('67% (Intermediate)');
  await expect.poll(() => page.getByText('Intermediate description').isVisible()).toBe(true);
  expect(await page.locator('.ql-offer').count()).toBe(0);
  expect(await page.getByText('Join our geography club').count()).toBe(0);
  expect((await playsOf(quiz.id))[0]).toMatchObject({ status: 'completed', score: 2, percentage: 67 });
});

it('plays a weighted graded quiz through the email gate', async () => {
  const { client } = await createOwner(harness.server);
  const quiz = await buildQuiz(client, {
    quizType: 'weighted_graded_quiz',
    title: 'Healthy habits',
    personalities: [
      personality('low', 'Low', { minScore: 0, maxScore: 33 }),
      personality('medium', 'Medium', { minScore: 34, maxScore: 66 }),
      personality('high', 'High', { minScore: 67, maxScore: 100 }),
    ],
    settings: { collectEmail: true, theme: 'theme10', backgroundImage: '/template-images/cover-sleep-health.svg' },
    questions: [
      question('How often do you exercise?', [
        { id: 'a', text: 'Never', weight: '0' },
        { id: 'b', text: 'Weekly', weight: '5' },
        { id: 'c', text: 'Daily', weight: '10' },
      ]),
      question('How do you get to work?', [
        { id: 'a', text: 'By car', weight: '-2' },
        { id: 'b', text: 'By bus', weight: '4' },
        { id: 'c', text: 'By bike', weight: '8' },
      ]),
      question('Your usual lunch?', [
        { id: 'a', text: 'Fast food', weight: '-5' },
        { id: 'b', text: 'A sandwich', weight: '1.5' },
        { id: 'c', text: 'A salad', weight: '3' },
      ]),
    ],
  });
  const page = await harness.newPage();
  await page.goto(`/quizplayer2.html?quiztitle=healthy-habits&quizid=${quiz.id}`);
  await expect
    .poll(() => page.locator('.ql-page').evaluate((element) => getComputedStyle(element).backgroundImage))
    .toContain('/template-images/cover-sleep-health.svg');
  expect(await page.locator('.ql-page').evaluate((element) => getComputedStyle(element).backgroundSize)).toBe('cover');
  await harness.screenshot(page, 'player-background-image');
  const steps: Steps = [
    [0, ['b']],
    [1, ['c']],
    [2, ['a']],
  ];
  await playThrough(page, quiz, steps);
  await page.getByLabel('Enter your name').fill('Walt Weights');
  await page.getByLabel('Enter your Email').fill('walt@example.com');
  await page.getByRole('button', { name: 'Continue' }).click();
  expect((await expectResult(page, quiz, steps)).summary).toBe('38% (Medium)');
  expect((await playsOf(quiz.id))[0]).toMatchObject({ status: 'completed', name: 'Walt Weights', email: 'walt@example.com' });
});

it('plays a multiple personality quiz and shows every personality with its count and share', async () => {
  const { client } = await createOwner(harness.server);
  const names = ['Logical', 'Creative', 'Social', 'Calm'];
  const quiz = await buildQuiz(client, {
    quizType: 'multiple_personality_quiz',
    title: 'Thinking styles',
    personalities: names.map((name) => personality(name.toLowerCase(), name)),
    settings: { collectEmail: false, theme: 'theme2' },
    questions: [
      ['A free afternoon?', 'Sudoku', 'Painting', 'A party', 'Yoga'],
      ['Favourite subject?', 'Maths', 'Art', 'Languages', 'Philosophy'],
      ['On holiday you…', 'Plan every day', 'Sketch the views', 'Meet the locals', 'Read on the beach'],
      ['Your desk is…', 'Labelled', 'Colourful', 'Covered in photos', 'Bare'],
    ].map(([title, ...texts]) =>
      question(
        title!,
        texts.map((text, index) => ({ id: 'abcd'[index]!, text: text!, personalityId: names[index]!.toLowerCase() })),
      ),
    ),
  });
  const page = await harness.newPage();
  await page.goto(`/quizplayer2.html?quiztitle=thinking-styles&quizid=${quiz.id}`);
  const steps: Steps = [
    [0, ['c']],
    [1, ['b']],
    [2, ['c']],
    [3, ['a']],
  ];
  await playThrough(page, quiz, steps);
  const { result, summary } = await expectResult(page, quiz, steps);
  expect(summary).toBe('Social 50%, Logical 25%, Creative 25%');
  if (result.kind !== 'multiple_personality') throw new Error(result.kind);
  const items = page.locator('.ql-outcome');
  expect(await items.count()).toBe(result.personalities.length);
  for (const [index, entry] of result.personalities.entries()) {
    const item = items.nth(index);
    expect(await item.getByRole('heading').textContent()).toBe(entry.personality.title);
    expect(await item.locator('.ql-outcome__share').textContent()).toBe(
      `${entry.share}% · ${entry.count} ${entry.count === 1 ? 'answer' : 'answers'}`,
    );
  }
});

it('plays a category personality quiz through the custom lead form in its sandboxed frame', async () => {
  const { client } = await createOwner(harness.server);
  const formCode = `<form>
  <h2>Get your profile</h2>
  <p><label>Your name <input type="text" name="fullname" required></label></p>
  <p><label>Your email <input type="email" name="mail" required></label></p>
  <p><label>Company <input type="text" name="company"></label></p>
  <p><label><input type="checkbox" name="terms"> I accept the terms</label></p>
  <button type="submit">Send my profile</button>
</form>`;
  const quiz = await buildQuiz(client, {
    quizType: 'category_quiz_multiple_personality',
    title: 'Work and home',
    categories: [
      { id: 'work', title: 'Work', description: 'At work' },
      { id: 'home', title: 'Home', description: 'At home' },
    ],
    personalities: [
      personality('planner', 'Planner', { emailFormCode: formCode }),
      personality('improviser', 'Improviser', { emailFormCode: formCode }),
    ],
    settings: { collectEmail: true, emailFormType: 'custom', theme: 'theme11' },
    questions: [
      ['A new project starts. You…', 'work', 'Write a plan', 'Dive in'],
      ['Your inbox is…', 'work', 'Sorted in folders', 'Whatever'],
      ['Saturday morning you…', 'home', 'Follow a list', 'See what happens'],
    ].map(([title, category, a, b]) =>
      question(
        title!,
        [
          { id: 'a', text: a!, personalityId: 'planner' },
          { id: 'b', text: b!, personalityId: 'improviser' },
        ],
        { categoryId: category! },
      ),
    ),
  });
  const page = await harness.newPage();
  await withPlayerCsp(page);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`/quizplayer2.html?quiztitle=work-and-home&quizid=${quiz.id}`);
  const steps: Steps = [
    [0, ['a']],
    [1, ['a']],
    [2, ['b']],
  ];
  await playThrough(page, quiz, steps);

  const form = page.frameLocator('iframe[title="Lead form"]');
  expect(await page.locator('iframe[title="Lead form"]').getAttribute('sandbox')).toBe('allow-scripts allow-forms');
  await form.getByRole('button', { name: 'Send my profile' }).click();
  await expect.poll(() => form.getByText(playMessages.customFormIncomplete).isVisible()).toBe(true);
  await form.getByLabel('Your name').fill('  Cara Custom ');
  await form.getByLabel('Your email').fill('cara@example.com');
  await form.getByLabel('Company').fill('Cara & Co');
  await form.getByRole('button', { name: 'Send my profile' }).click();
  await expect.poll(() => form.getByText(playMessages.customFormCheckbox).isVisible()).toBe(true);
  await form.getByLabel('I accept the terms').check();
  await harness.screenshot(page, 'player-custom-lead-form');
  await form.getByRole('button', { name: 'Send my profile' }).click();

  expect((await expectResult(page, quiz, steps)).summary).toBe('Work: Planner; Home: Improviser');
  const outcomes = page.locator('.ql-outcome');
  expect(await outcomes.nth(0).textContent()).toContain('Planner description');
  expect(await outcomes.nth(1).textContent()).toContain('Improviser');
  expect((await playsOf(quiz.id))[0]).toMatchObject({
    status: 'completed',
    name: 'Cara Custom',
    email: 'cara@example.com',
    leadFields: { fullname: 'Cara Custom', mail: 'cara@example.com', company: 'Cara & Co', terms: 'on' },
  });
  // The bridge ran under the build's policy: nothing was refused.
  expect(errors.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
});

it('plays a category graded quiz and shows each category with its score and outcome', async () => {
  const { client } = await createOwner(harness.server);
  const quiz = await buildQuiz(client, {
    quizType: 'category_graded_quiz_with_personality',
    title: 'School check',
    categories: [
      { id: 'maths', title: 'Maths', description: 'Numbers' },
      { id: 'science', title: 'Science', description: 'Nature' },
    ],
    personalities: [
      personality('needs-work', 'Needs work', { minScore: 0, maxScore: 20 }),
      personality('good', 'Good', { minScore: 21, maxScore: 100 }),
    ],
    settings: { collectEmail: false, scoreType: 'marks', theme: 'theme12' },
    questions: [
      ['3 × 4 = ?', 'maths', '12', '7'],
      ['At sea level water boils at…', 'science', '100 °C', '50 °C'],
      ['The Earth orbits…', 'science', 'The Sun', 'The Moon'],
    ].map(([title, category, right, wrong]) =>
      question(
        title!,
        [
          { id: 'a', text: right!, correct: true },
          { id: 'b', text: wrong! },
        ],
        { categoryId: category! },
      ),
    ),
  });
  const page = await harness.newPage();
  await page.goto(`/quizplayer2.html?quiztitle=school-check&quizid=${quiz.id}`);
  const steps: Steps = [
    [0, ['b']],
    [1, ['a']],
    [2, ['b']],
  ];
  await playThrough(page, quiz, steps);
  const { result, summary } = await expectResult(page, quiz, steps);
  expect(summary).toBe('Maths: 0% (Needs work); Science: 50% (Good)');
  if (result.kind !== 'category_graded') throw new Error(result.kind);
  for (const [index, entry] of result.categories.entries()) {
    const item = page.locator('.ql-outcome').nth(index);
    expect(await item.locator('h3').textContent()).toBe(entry.category.title);
    expect(await item.locator('.ql-outcome__score').textContent()).toBe(`${entry.score} / ${entry.maxScore}`);
    expect(await item.locator('h4').textContent()).toBe(entry.personality!.title);
  }
});

it('ends early when a branch leads to the landing page', async () => {
  const { client } = await createOwner(harness.server);
  const quiz = await buildQuiz(client, {
    quizType: 'graded_quiz',
    title: 'Short cut',
    settings: { collectEmail: false },
    questions: ['First?', 'Second?', 'Third?'].map((title) =>
      question(title, [
        { id: 'a', text: `${title} yes`, correct: true },
        { id: 'b', text: `${title} no` },
      ]),
    ),
    branches: (questions) => [
      { questionId: questions[0]!.id, answerId: 'a', to: 'landing' },
      { questionId: questions[1]!.id, answerId: 'any', to: questions[2]!.id },
    ],
  });
  expect(quiz.branching.enabled).toBe(true);
  const page = await harness.newPage();
  await page.goto(`/quizplayer2.html?quiztitle=short-cut&quizid=${quiz.id}`);
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect.poll(() => counter(page)).toBe('Question 1 / 3');
  await answerQuestion(page, quiz, 0, ['a']);
  const steps: Steps = [[0, ['a']]];
  expect((await expectResult(page, quiz, steps)).summary).toBe('100%');
  expect((await playsOf(quiz.id))[0]).toMatchObject({ answers: picksOf(quiz, steps), resultSummary: '100%' });

  // The other answer goes on in order.
  await page.getByRole('button', { name: 'Retake This Quiz' }).click();
  const longer: Steps = [
    [0, ['b']],
    [1, ['a']],
    [2, ['a']],
  ];
  await playThrough(page, quiz, longer);
  expect((await expectResult(page, quiz, longer)).summary).toBe('67%');
});

async function draftQuiz() {
  const owner = await createOwner(harness.server);
  const draft = await buildQuiz(owner.client, {
    quizType: 'graded_quiz',
    title: 'Draft quiz',
    publish: false,
    settings: { collectEmail: false },
    questions: [
      question('Ready?', [
        { id: 'a', text: 'Yes', correct: true },
        { id: 'b', text: 'No' },
      ]),
    ],
  });
  return { owner, draft };
}

it('shows the error page for unknown, malformed and unpublished quizzes', async () => {
  const { draft } = await draftQuiz();
  const page = await harness.newPage();
  for (const path of [
    `/quizplayer.html?quizid=${crypto.randomUUID()}`,
    '/quizplayer2.html?quiztitle=x&quizid=not-a-quiz',
    '/quizplayer.html',
    `/play/${draft.id}`,
    `/quizplayer.html?quizid=${draft.id}&preview=1`,
  ]) {
    await page.goto(path);
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(playMessages.notFound);
  }
  await harness.screenshot(page, 'player-not-found');
});

// Fails until the server fix: the answers and lead steps carry `Authorization: Bearer <playToken>`, and
// resolveAuth reads any bearer as an App Bridge token, so the owner's cookie is never consulted and the
// preview play answers 404. Drop `.fails` once preview plays find their owner.
it('previews a draft to its signed-in owner, kept out of the stats', async () => {
  const { owner, draft } = await draftQuiz();
  const page = await harness.newPage();
  await page.context().addCookies([{ name: 'ql_session', value: owner.client.cookie.split('=')[1]!, url: harness.server.url }]);
  await page.goto(`/quizplayer.html?quizid=${draft.id}&preview=1`);
  await playThrough(page, draft, [[0, ['a']]]);
  expect((await expectResult(page, draft, [[0, ['a']]])).summary).toBe('100%');
  expect((await playsOf(draft.id))[0]).toMatchObject({ preview: true, status: 'completed' });
});

it('shows the company logo, a hidden title and the paid footer message', async () => {
  const owner = await createOwner(harness.server);
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  const logo = await owner.client.request('POST', '/api/v1/files?purpose=logo', new Uint8Array(png), {
    'content-type': 'image/png',
  });
  expect(logo.status).toBe(201);
  const profile = await owner.client.patch('/api/v1/account/profile', {
    fullName: 'Olive Owner',
    companyName: 'Olive Grove',
    companyUrl: 'https://olive.example',
    companyLogoId: logo.body.data.id,
  });
  expect(profile.status).toBe(200);
  await harness.server.services.database.db.execute(`update accounts set mode = 'paid' where id = '${owner.account.id}'`);
  const quiz = await buildQuiz(owner.client, {
    quizType: 'graded_quiz',
    title: 'Branded quiz',
    settings: {
      collectEmail: false,
      showTitle: false,
      footerMessage: 'Brewed with care by Olive Grove',
      startButtonText: '',
      theme: 'custom',
      colors: { headerBg: '#ffeb3b', headerText: '#ffffff', buttonBg: '#2e7d32', buttonText: '#ffffff' },
    },
    questions: [
      question('Ready?', [
        { id: 'a', text: 'Yes', correct: true },
        { id: 'b', text: 'No' },
      ]),
    ],
  });
  const page = await harness.newPage();
  await page.goto(`/quizplayer.html?quizid=${quiz.id}`);
  // An empty start text falls back to the public default.
  await expect.poll(() => page.getByRole('button', { name: 'Continue', exact: true }).isVisible()).toBe(true);
  await expect.poll(() => page.getByRole('img', { name: 'Olive Grove logo' }).isVisible()).toBe(true);
  expect(await page.getByRole('link', { name: 'Olive Grove logo' }).getAttribute('href')).toBe('https://olive.example');
  // The title stays the page's heading for screen readers only.
  expect(await page.locator('h1').getAttribute('class')).toBe('qp-sr');
  await expect.poll(() => page.getByText('Brewed with care by Olive Grove').isVisible()).toBe(true);
  expect(await page.getByText(playMessages.createYourFreeQuiz).count()).toBe(0);
  // Custom colours, with white on yellow made readable.
  const header = await page.locator('.ql-header').evaluate((element) => {
    const style = getComputedStyle(element);
    return { background: style.backgroundColor, color: style.color };
  });
  expect(header).toEqual({ background: 'rgb(255, 235, 59)', color: 'rgb(26, 26, 26)' });
  await harness.screenshot(page, 'player-branded-start');
});
