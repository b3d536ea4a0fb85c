/**
 * The player as visitors meet it outside a plain desktop tab: inside another site's frame (sized by
 * its height messages), on a 375 px phone, with the keyboard alone, checked by axe-core, and sending
 * visitors on to a custom landing page. Screenshots of every screen at 1280 and 375 px.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createOwner } from '../../server/src/test/factories.ts';
import type { TQuizDetail } from '@quizlead/shared/schemas/quiz.ts';
import { startBrowserHarness, startHostSite, type BrowserHarness, type HostSite } from './harness.ts';
import {
  answerQuestion,
  buildQuiz,
  expected,
  personality,
  picksOf,
  playThrough,
  question,
  startButton,
  storedPlays,
  type Steps,
} from './playerQuizzes.ts';

let harness: BrowserHarness;
/** Another site: a page on its own port that embeds the player, and a landing page. */
let host: HostSite;

beforeAll(async () => {
  harness = await startBrowserHarness();
  host = await startHostSite((url) => {
    if (url.pathname === '/landing') return '<!doctype html><title>Landing</title><h1>Thanks from the landing page</h1>';
    const src = `${harness.server.url}/quizplayer2.html?quiztitle=x&quizid=${encodeURIComponent(url.searchParams.get('quiz') ?? '')}&isiframe=true`;
    return `<!doctype html><html lang="en"><head><title>Host site</title></head><body style="margin:0;font-family:sans-serif">
<h1 style="margin:16px">Our blog post</h1>
<iframe id="quiz" title="Quiz" src="${src}" width="713" height="419" style="display:block;border:0;width:100%;max-width:713px"></iframe>
<p style="margin:16px">Below the quiz.</p>
<script>
  window.heights = [];
  addEventListener('message', function (event) {
    if (event.source !== document.getElementById('quiz').contentWindow) return;
    if (event.data && event.data.type === 'quizlead-height') {
      window.heights.push(event.data.height);
      document.getElementById('quiz').style.height = event.data.height + 'px';
    }
  });
</script></body></html>`;
  });
});
afterAll(async () => {
  await host?.close();
  await harness?.close();
});

const playsOf = (quizId: string) => storedPlays(harness.server, quizId);

/** A graded quiz behind the email gate, with images, a multiple-answer question and a privacy text. */
async function showcaseQuiz(settings: Partial<TQuizDetail['settings']> = {}) {
  const { client } = await createOwner(harness.server);
  return buildQuiz(client, {
    quizType: 'graded_quiz',
    title: 'How well do you know coffee?',
    settings: {
      collectEmail: true,
      privacyPolicyText: 'I agree to the privacy policy',
      privacyPolicyUrl: 'https://example.com/privacy',
      welcomeMessage: '<p><strong>Ten seconds a question.</strong> Find out how much of a coffee expert you are.</p>',
      scoreMessage: '<p>Thanks for playing, see you at the roastery.</p>',
      offerMessage: 'Join a tasting session',
      offerButtonLink: 'https://example.com/tasting',
      socialSharing: true,
      ...settings,
    },
    questions: [
      question(
        'Which roast is darkest?',
        [
          { id: 'a', text: 'Light roast', image: '/template-images/coffee-light.svg' },
          { id: 'b', text: 'Medium roast', image: '/template-images/coffee-medium.svg' },
          { id: 'c', text: 'Dark roast', correct: true, image: '/template-images/coffee-dark.svg' },
        ],
        { image: '/template-images/cover-coffee-roast.svg' },
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
      question('Espresso is a brewing method.', [
        { id: 't', text: 'True', correct: true },
        { id: 'f', text: 'False' },
      ]),
    ],
  });
}

const showcaseSteps: Steps = [
  [0, ['c']],
  [1, ['a', 'c']],
  [2, ['t']],
];

async function noSeriousViolations(page: Page, screen: string) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.passes.length).toBeGreaterThan(10);
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${screen}: ${violation.id} (${violation.impact}) ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(serious).toEqual([]);
}

async function fillLead(page: Page) {
  await page.getByLabel('Enter your name').fill('Ada Axe');
  await page.getByLabel('Enter your Email').fill('ada@example.com');
  await page.getByRole('checkbox', { name: 'I agree to the privacy policy' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
}

for (const [theme, width] of [
  ['theme1', 1280],
  ['theme1', 375],
  ['custom', 1280],
] as const) {
  it(`passes axe-core on every screen (${theme}, ${width} px) and looks right`, async () => {
    const quiz = await showcaseQuiz(
      theme === 'custom'
        ? { theme: 'custom', colors: { headerBg: '#ffeb3b', headerText: '#ffffff', buttonBg: '#8bc34a', buttonText: '#ffffff' } }
        : { theme },
    );
    const page = await harness.newPage({ width, height: width === 375 ? 740 : 800 });
    await page.goto(`/quizplayer.html?quizid=${quiz.id}`);
    const name = `player-${theme}-${width}`;
    await expect.poll(() => startButton(page, quiz).isVisible()).toBe(true);
    await noSeriousViolations(page, 'start');
    await harness.screenshot(page, `${name}-1-start`);

    await startButton(page, quiz).click();
    await answerQuestion(page, quiz, 0, ['c']);
    await expect.poll(() => page.getByText('0 of 2 picked').isVisible()).toBe(true);
    await page.getByRole('checkbox', { name: 'Arabica' }).click();
    await expect.poll(() => page.getByText('1 of 2 picked').isVisible()).toBe(true);
    await page.waitForTimeout(300);
    await noSeriousViolations(page, 'question');
    await harness.screenshot(page, `${name}-2-question`);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Dark roast' }).getAttribute('aria-pressed')).toBe('true');
    await harness.screenshot(page, `${name}-2-question-images`);
    await page.getByRole('button', { name: 'Next' }).click();
    await answerQuestion(page, quiz, 1, ['c']);
    await answerQuestion(page, quiz, 2, ['t']);

    await expect.poll(() => page.getByLabel('Enter your name').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByText('Name is required').isVisible()).toBe(true);
    await noSeriousViolations(page, 'lead');
    await harness.screenshot(page, `${name}-3-lead`);
    await fillLead(page);

    const { summary } = expected(quiz, picksOf(quiz, showcaseSteps));
    await expect.poll(() => page.getByTestId('result-summary').textContent()).toBe(summary);
    await noSeriousViolations(page, 'result');
    await harness.screenshot(page, `${name}-4-result`);
    // Nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect((await playsOf(quiz.id))[0]).toMatchObject({ status: 'completed', email: 'ada@example.com', resultSummary: summary });
  });
}

it('plays with the keyboard alone (Tab, Enter, Space)', async () => {
  const quiz = await showcaseQuiz();
  const page = await harness.newPage();
  await page.goto(`/quizplayer.html?quizid=${quiz.id}`);
  await expect.poll(() => startButton(page, quiz).isVisible()).toBe(true);

  const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
  /** Tabs forward until the focused element's text is `text` (a person tabbing to a control). */
  async function tabTo(text: string) {
    for (let presses = 0; presses < 15; presses++) {
      await page.keyboard.press('Tab');
      if ((await focused()) === text) return;
    }
    throw new Error(`Tab never reached ${text}`);
  }
  await tabTo('Start');
  await page.keyboard.press('Enter');
  // Each new question takes the focus, so the next Tab lands on its first answer.
  await expect.poll(() => focused()).toBe('Which roast is darkest?');
  await tabTo('Dark roast');
  await page.keyboard.press('Space');
  await expect.poll(() => focused()).toBe('Which are coffee species?');
  await tabTo('Arabica');
  await page.keyboard.press('Space');
  await tabTo('Oolong');
  await page.keyboard.press('Enter');
  await expect.poll(() => focused()).toBe('Espresso is a brewing method.');
  await tabTo('True');
  await page.keyboard.press('Enter');

  await expect.poll(() => focused()).toBe('Enter your email to receive your results');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Kay Keys');
  await page.keyboard.press('Tab');
  await page.keyboard.type('kay@example.com');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await tabTo('Continue');
  await page.keyboard.press('Enter');

  const { summary } = expected(quiz, picksOf(quiz, showcaseSteps));
  await expect.poll(() => focused()).toBe(summary);
  expect((await playsOf(quiz.id))[0]).toMatchObject({ name: 'Kay Keys', email: 'kay@example.com', consent: true });
  await tabTo('Retake This Quiz');
  await page.keyboard.press('Enter');
  await expect.poll(() => focused()).toBe('Start');
});

it('runs inside another site’s frame and sizes it by its height messages', async () => {
  const quiz = await showcaseQuiz({ collectEmail: false });
  const page = await harness.newPage({ width: 1024 });
  await page.goto(`${host.url}/?quiz=${quiz.id}`);
  const frame = page.frameLocator('#quiz');
  const frameHeight = () =>
    page.locator('#quiz').evaluate((element) => (element as HTMLIFrameElement).getBoundingClientRect().height);
  const heights = () => page.evaluate(() => (window as any).heights as number[]);

  await expect.poll(() => frame.getByRole('button', { name: 'Start', exact: true }).isVisible()).toBe(true);
  await expect.poll(async () => (await heights()).length).toBeGreaterThan(0);
  // The host page's 419 px give way to the player's own height.
  await expect.poll(async () => (await frameHeight()) === (await heights()).at(-1)).toBe(true);
  const startHeight = await frameHeight();
  await harness.screenshot(page, 'player-embed-1-start');

  await frame.getByRole('button', { name: 'Start', exact: true }).click();
  // The first question, with its images, is taller than the start page: the frame grows to fit.
  await expect.poll(() => frameHeight()).toBeGreaterThan(startHeight + 100);
  await harness.screenshot(page, 'player-embed-2-question');
  for (const [index, answerIds] of showcaseSteps) {
    const current = quiz.questions[index]!;
    await expect.poll(() => frame.getByRole('heading', { name: current.title.replace(/<[^>]*>/g, '') }).isVisible()).toBe(true);
    for (const answerId of answerIds) {
      const text = current.answers.find((answer) => answer.id === answerId)!.text;
      await frame.getByRole(current.kind === 'multiple' ? 'checkbox' : 'button', { name: text, exact: true }).click();
    }
  }
  const { summary } = expected(quiz, picksOf(quiz, showcaseSteps));
  await expect.poll(() => frame.getByTestId('result-summary').textContent()).toBe(summary);
  await expect.poll(async () => Math.abs((await frameHeight()) - (await heights()).at(-1)!)).toBeLessThan(1);
  // The frame shows the whole player: nothing inside scrolls.
  const inner = await page
    .frameLocator('#quiz')
    .locator('html')
    .evaluate((element) => ({ scroll: element.scrollHeight, client: element.clientHeight }));
  expect(inner.scroll).toBeLessThanOrEqual(inner.client + 1);
  await harness.screenshot(page, 'player-embed-3-result');
  expect((await playsOf(quiz.id))[0]).toMatchObject({ status: 'completed', resultSummary: summary });
});

it('sends visitors to the custom landing page of their personality', async () => {
  const { client } = await createOwner(harness.server);
  const quiz = await buildQuiz(client, {
    quizType: 'personality_quiz',
    title: 'Tea or coffee',
    personalities: [
      personality('tea', 'Tea person', { landingUrl: `${host.url}/landing?for=tea` }),
      personality('coffee', 'Coffee person', { landingUrl: `${host.url}/landing?for=coffee` }),
    ],
    settings: { collectEmail: false, landingType: 'custom' },
    questions: [
      question('Morning drink?', [
        { id: 'a', text: 'Tea', personalityId: 'tea' },
        { id: 'b', text: 'Coffee', personalityId: 'coffee' },
      ]),
    ],
  });
  const page = await harness.newPage({ width: 375 });
  await page.goto(`/quizplayer2.html?quiztitle=tea-or-coffee&quizid=${quiz.id}`);
  await playThrough(page, quiz, [[0, ['b']]]);
  await page.waitForURL(`${host.url}/landing?for=coffee`);
  expect(await page.getByRole('heading').textContent()).toBe('Thanks from the landing page');
  expect((await playsOf(quiz.id))[0]).toMatchObject({ status: 'completed', resultSummary: 'Coffee person' });
});
