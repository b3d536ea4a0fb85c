import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { quizDefaults, quizMessages } from '@quizlead/shared/quizzes.ts';
import type { ActiveQuizType, QuestionKind } from '@quizlead/shared/quizzes.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { createOwner } from '../../server/src/test/factories.ts';
import { createGradedQuiz } from '../../server/src/test/quizFactory.ts';
import { startBrowserHarness, type BrowserHarness } from './harness.ts';
import { playerPreview } from './ownerScreens.ts';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness();
});
afterAll(() => harness?.close());

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

type Owner = Awaited<ReturnType<typeof createOwner>>;

interface AnswerSpec {
  text: string;
  correct?: boolean;
  weight?: string;
  /** The personality's title. */
  personality?: string;
}

interface QuestionSpec {
  title: string;
  kind?: QuestionKind;
  /** The category's title. */
  category?: string;
  answers: AnswerSpec[];
}

interface QuizSpec {
  type: ActiveQuizType;
  title: string;
  welcome: string;
  personalities?: string[];
  categories?: string[];
  questions: QuestionSpec[];
  /** Screenshot the Outcome tab once it is filled in. */
  outcomeScreenshot?: string;
}

async function signedInPage(width = 1280) {
  const owner = await createOwner(harness.server);
  const page = await harness.newPage({ width });
  await page.context().addCookies([{ name: 'ql_session', value: owner.client.cookie.split('=')[1]!, url: harness.server.url }]);
  return { owner, page };
}

/** Full-page screenshots from the top, so the fixed top bar sits where it belongs. */
async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await harness.screenshot(page, name);
}

const visible = (locator: Locator) => expect.poll(() => locator.first().isVisible()).toBe(true);
const toast = (page: Page, text: string) => visible(page.getByText(text, { exact: true }));

/** Opens the create route and waits for the wizard of the new draft; returns the quiz id. */
async function createInBrowser(page: Page, type: ActiveQuizType): Promise<string> {
  await page.goto(`/app/Quiz/Create?theme=1&quiztype=${type}`);
  await page.waitForURL(/\/app\/Quiz\/Edit\/[0-9a-f-]{36}$/);
  await visible(titleField(page));
  return page.url().split('/').at(-1)!;
}

async function typeRich(page: Page, name: string, text: string, scope: Page | Locator = page) {
  await scope.getByRole('textbox', { name, exact: true }).click();
  await page.keyboard.type(text);
}

const titleField = (page: Page) => page.getByRole('textbox', { name: 'Quiz title' });
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

async function openTab(page: Page, name: string) {
  await tab(page, name).click();
  await expect.poll(() => tab(page, name).getAttribute('aria-selected')).toBe('true');
}

async function next(page: Page, to: string) {
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect.poll(() => tab(page, to).getAttribute('aria-selected')).toBe('true');
}

async function fillOutcomes(page: Page, spec: QuizSpec) {
  for (const [index, title] of (spec.personalities ?? []).entries()) {
    const group = page.getByRole('group', { name: `Personality ${index + 1}`, exact: true });
    await group.getByLabel('Personality title').fill(title);
    await typeRich(page, 'Personality description', `All about ${title}.`, group);
  }
  for (const [index, title] of (spec.categories ?? []).entries()) {
    const group = page.getByRole('group', { name: `Category ${index + 1}`, exact: true });
    await group.getByLabel('Category title').fill(title);
    await group.getByLabel('Category description').fill(`Questions about ${title}.`);
  }
}

/** Fills the open question form (without saving). */
async function fillQuestion(page: Page, question: QuestionSpec) {
  if (question.kind) await page.getByLabel('Question type').selectOption(question.kind);
  if (question.category) await page.getByLabel('Category').selectOption({ label: question.category });
  await typeRich(page, 'Question', question.title);
  for (const [index, answer] of question.answers.entries()) {
    if (index >= 2 && !(await page.getByRole('group', { name: `Answer ${index + 1}` }).isVisible())) {
      await page.getByRole('button', { name: 'Add answer' }).click();
    }
    const group = page.getByRole('group', { name: `Answer ${index + 1}`, exact: true });
    if (question.kind !== 'true_false') await group.getByLabel(`Answer ${index + 1}`, { exact: true }).fill(answer.text);
    if (answer.correct) await group.getByText('Correct', { exact: true }).click();
    if (answer.weight !== undefined) await group.getByLabel('Weight').fill(answer.weight);
    if (answer.personality) await group.getByLabel('Personality').selectOption({ label: answer.personality });
  }
}

async function addQuestion(page: Page, question: QuestionSpec) {
  await page.getByRole('button', { name: 'Add A Question' }).click();
  await fillQuestion(page, question);
  await saveQuestion(page);
}

async function saveQuestion(page: Page) {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await visible(page.getByRole('button', { name: 'Add A Question' }));
}

/** Settings → Design → Lead → Outcome (personalities, categories) → back to Design for the questions. */
async function buildQuiz(page: Page, spec: QuizSpec) {
  await titleField(page).fill(spec.title);
  await typeRich(page, 'Welcome message', spec.welcome);
  await next(page, 'Design');
  if (spec.personalities || spec.categories) {
    await next(page, 'Lead');
    await next(page, 'Outcome');
    await fillOutcomes(page, spec);
    if (spec.outcomeScreenshot) await screenshot(page, spec.outcomeScreenshot);
    await openTab(page, 'Design');
  }
  for (const question of spec.questions) await addQuestion(page, question);
  await expect.poll(() => page.getByText(`Questions (${spec.questions.length})`).isVisible()).toBe(true);
}

async function finish(page: Page) {
  await page.getByRole('button', { name: 'Finish', exact: true }).click();
  // Publishing leads to the quiz's share page (spec: builder-widgets-shell.md §2.4).
  await page.waitForURL(/\/app\/Quiz\/Share\/[\w-]+$/).catch(async (error: unknown) => {
    await screenshot(page, 'finish-failed');
    throw error;
  });
  await toast(page, quizMessages.savedPublished);
}

/** The stored quiz matches what was typed: title, welcome, outcomes and every question and answer. */
async function expectStored(owner: Owner, id: string, spec: QuizSpec) {
  const quiz = (await owner.client.get(`/api/v1/quizzes/${id}`)).body.data;
  expect(quiz).toMatchObject({ status: 'published', quizType: spec.type, title: spec.title });
  expect(quiz.settings.welcomeMessage).toContain(spec.welcome);
  expect(quiz.personalities.map((p: { title: string }) => p.title)).toEqual(spec.personalities ?? []);
  expect(quiz.categories.map((c: { title: string }) => c.title)).toEqual(spec.categories ?? []);
  const personalityId = (title: string) => quiz.personalities.find((p: { title: string }) => p.title === title).id;
  const categoryId = (title: string) => quiz.categories.find((c: { title: string }) => c.title === title).id;
  expect(quiz.questions).toHaveLength(spec.questions.length);
  spec.questions.forEach((question, index) => {
    const stored = quiz.questions[index];
    expect(stored.title).toContain(question.title);
    expect(stored.kind).toBe(question.kind ?? 'single');
    if (question.category) expect(stored.categoryId).toBe(categoryId(question.category));
    expect(stored.answers).toHaveLength(question.answers.length);
    question.answers.forEach((answer, answerIndex) => {
      const storedAnswer = stored.answers[answerIndex];
      expect(storedAnswer.text).toBe(answer.text);
      expect(storedAnswer.id).toMatch(/^[0-9a-f]{6}$/);
      expect(storedAnswer.correct).toBe(answer.correct ?? false);
      if (answer.weight !== undefined) expect(storedAnswer.weight).toBe(answer.weight);
      if (answer.personality) expect(storedAnswer.personalityId).toBe(personalityId(answer.personality));
    });
  });
  return quiz;
}

const twoPersonalities = ['Explorer', 'Builder'];
/** Range types start with five personalities, one per default score range (0–20 … 81–100). */
const fiveLevels = ['Novice', 'Learner', 'Capable', 'Skilled', 'Expert'];
const twoCategories = ['Habits', 'Goals'];
const pick = (first: string, second: string): AnswerSpec[] => [
  { text: 'Often', personality: first },
  { text: 'Rarely', personality: second },
];
const graded = (correct: 0 | 1): AnswerSpec[] => [
  { text: 'Yes', correct: correct === 0 },
  { text: 'No', correct: correct === 1 },
];

const otherTypes: QuizSpec[] = [
  {
    type: 'personality_quiz',
    title: 'Which traveller are you?',
    welcome: 'Find your travel style.',
    personalities: twoPersonalities,
    questions: [
      { title: 'Do you plan trips?', answers: pick('Builder', 'Explorer') },
      { title: 'Do you take detours?', answers: pick('Explorer', 'Builder') },
    ],
  },
  {
    type: 'graded_quiz_with_personality',
    title: 'Science level',
    welcome: 'How much science do you know?',
    personalities: fiveLevels,
    questions: [
      { title: 'Is water wet?', answers: graded(0) },
      { title: 'Is the sun cold?', answers: graded(1) },
    ],
  },
  {
    type: 'weighted_graded_quiz',
    title: 'Fitness score',
    welcome: 'Score your fitness.',
    personalities: fiveLevels,
    questions: [
      {
        title: 'Do you run?',
        answers: [
          { text: 'Daily', weight: '5' },
          { text: 'Never', weight: '0' },
        ],
      },
      {
        title: 'Do you swim?',
        answers: [
          { text: 'Weekly', weight: '3' },
          { text: 'Never', weight: '1' },
        ],
      },
    ],
  },
  {
    type: 'multiple_personality_quiz',
    title: 'Your work styles',
    welcome: 'Which styles fit you?',
    personalities: twoPersonalities,
    questions: [
      { title: 'Do you sketch ideas?', answers: pick('Explorer', 'Builder') },
      { title: 'Do you write lists?', answers: pick('Builder', 'Explorer') },
    ],
  },
  {
    type: 'category_quiz_multiple_personality',
    title: 'Life balance',
    welcome: 'A look at habits and goals.',
    personalities: twoPersonalities,
    categories: twoCategories,
    questions: [
      { title: 'Do you wake early?', category: 'Habits', answers: pick('Builder', 'Explorer') },
      { title: 'Do you set yearly goals?', category: 'Goals', answers: pick('Explorer', 'Builder') },
    ],
  },
  {
    type: 'category_graded_quiz_with_personality',
    title: 'Money sense',
    welcome: 'Test your money habits and goals.',
    personalities: fiveLevels,
    categories: twoCategories,
    outcomeScreenshot: 'wizard-outcome-personalities',
    questions: [
      { title: 'Do you track spending?', category: 'Habits', answers: graded(0) },
      { title: 'Is saving pointless?', category: 'Goals', answers: graded(1) },
    ],
  },
];

it.each(otherTypes)('builds and publishes a $type from scratch', async (spec) => {
  const { owner, page } = await signedInPage();
  const id = await createInBrowser(page, spec.type);
  await buildQuiz(page, spec);
  await finish(page);
  await expectStored(owner, id, spec);
});

it('refuses score ranges that leave scores without a personality, naming them, until they cover 0–100%', async () => {
  for (const width of [1366, 375]) {
    const { page } = await signedInPage(width);
    await createInBrowser(page, 'graded_quiz_with_personality');
    await titleField(page).fill('Science level');
    await typeRich(page, 'Welcome message', 'How much science do you know?');
    await next(page, 'Design');
    await next(page, 'Lead');
    await next(page, 'Outcome');
    const group = (n: number) => page.getByRole('group', { name: `Personality ${n}`, exact: true });
    const range = async (n: number) => [
      await group(n).getByLabel('Minimum score (%)').inputValue(),
      await group(n).getByLabel('Maximum score (%)').inputValue(),
    ];
    // A new quiz's five personalities hold every score between them.
    expect(await Promise.all([1, 2, 3, 4, 5].map(range))).toEqual([
      ['0', '20'],
      ['21', '40'],
      ['41', '60'],
      ['61', '80'],
      ['81', '100'],
    ]);
    for (const n of [5, 4, 3]) await page.getByRole('button', { name: `Remove personality ${n}` }).click();
    await fillOutcomes(page, { ...otherTypes[1]!, personalities: twoPersonalities });
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    const gap = quizMessages.scoreRangeGaps([{ from: 41, to: 100 }]);
    expect(gap).toMatch(/^Scores from 41% to 100% have no personality\./);
    await visible(page.getByRole('status').or(page.getByRole('alert')).getByText(gap));
    expect(await tab(page, 'Outcome').getAttribute('aria-selected')).toBe('true');
    // The banner, title first, scrolls into view from the Next button at the foot of the tab, clear of the fixed top bar.
    const inView = () =>
      page.getByText(messages.account.validationErrorTitle, { exact: true }).evaluate((text) => {
        const box = text.getBoundingClientRect();
        const corner = document.elementFromPoint(box.left + 2, box.top + 2);
        return box.bottom <= window.innerHeight && corner !== null && text.contains(corner);
      });
    const settled = async () => {
      const before = await page.evaluate(() => window.scrollY);
      await page.waitForTimeout(250);
      return before === (await page.evaluate(() => window.scrollY));
    };
    await expect.poll(settled, { timeout: 5_000 }).toBe(true);
    expect(await inView()).toBe(true);
    await page.screenshot({ path: `test-results/wizard-outcome-range-gap-${width}.png` });
    await group(2).getByLabel('Maximum score (%)').fill('100');
    await next(page, 'Advanced');
    expect(await page.getByText(gap).count()).toBe(0);
  }
});

it('previews the offer only once it has a link, and says so under the offer fields', async () => {
  for (const width of [1366, 375]) {
    const { owner, page } = await signedInPage(width);
    const quiz = await createGradedQuiz(owner.client, { title: 'Capitals', questions: 1 });
    await page.goto(`/app/Quiz/Edit/${quiz.id}`);
    await visible(titleField(page));
    await tab(page, 'Outcome').click();
    await expect.poll(() => tab(page, 'Outcome').getAttribute('aria-selected')).toBe('true');
    const preview = playerPreview(page);
    const hint = page.getByText(quizMessages.offerNeedsLink, { exact: true });
    const offerButton = preview.getByRole('link', { name: quizDefaults.offerButtonText });
    await visible(hint);
    await page.getByLabel('Offer message').fill('Get 10% off your next order');
    await visible(preview.getByText('Your result'));
    expect(await preview.getByText('Get 10% off your next order').count()).toBe(0);
    expect(await offerButton.count()).toBe(0);
    await hint.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/wizard-offer-without-link-${width}.png` });
    await page.getByLabel('Offer button link').fill('https://example.com/offer');
    await visible(preview.getByText('Get 10% off your next order'));
    await visible(offerButton);
    expect(await hint.count()).toBe(0);
  }
});

const gradedSpec: QuizSpec = {
  type: 'graded_quiz',
  title: 'Capital cities',
  welcome: 'How well do you know the capitals?',
  questions: [
    {
      title: 'Paris is the capital of France.',
      kind: 'true_false',
      answers: [{ text: 'TRUE', correct: true }, { text: 'FALSE' }],
    },
    {
      title: 'Which are capitals?',
      kind: 'multiple',
      answers: [{ text: 'Rome', correct: true }, { text: 'Oslo', correct: true }, { text: 'Sydney' }],
    },
  ],
};

it('builds a graded quiz with validation, an image, branching and screenshots of every tab', async () => {
  const { owner, page } = await signedInPage();
  const id = await createInBrowser(page, 'graded_quiz');

  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await visible(page.getByText(quizMessages.titleEmpty));
  await visible(page.getByText(messages.account.validationErrorTitle));
  await titleField(page).fill(gradedSpec.title);
  await typeRich(page, 'Welcome message', gradedSpec.welcome);
  await screenshot(page, 'wizard-settings');
  await next(page, 'Design');
  await toast(page, quizMessages.savedTitle);
  await visible(page.getByText(quizMessages.emptyQuestions));

  // The question wizard's own checks, then a True-False question with an image.
  await page.getByRole('button', { name: 'Add A Question' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await visible(page.getByText(quizMessages.questionEmpty));
  await fillQuestion(page, { ...gradedSpec.questions[0]!, answers: [{ text: 'TRUE' }, { text: 'FALSE' }] });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await visible(page.getByText(quizMessages.correctAnswerRequired));
  const answers = (n: number) => page.getByRole('group', { name: `Answer ${n}`, exact: true });
  await answers(1).getByText('Correct', { exact: true }).click();
  await answers(2).getByText('Correct', { exact: true }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await visible(page.getByText(quizMessages.onlyOneCorrect));
  await answers(2).getByText('Correct', { exact: true }).click();
  expect(await page.getByRole('button', { name: 'Add answer' }).count()).toBe(0);
  await page.locator('input[type=file]').first().setInputFiles({ name: 'question.png', mimeType: 'image/png', buffer: png });
  await toast(page, messages.account.imageUploaded);
  await visible(page.getByRole('img', { name: 'Question image' }));
  await screenshot(page, 'wizard-question-form');
  await saveQuestion(page);
  await addQuestion(page, gradedSpec.questions[1]!);
  await screenshot(page, 'wizard-design');

  // Hovering a row previews it; its answers can be picked there.
  const preview = playerPreview(page);
  await page.locator('[data-question-row="2"]').hover();
  await visible(preview.getByText('Which are capitals?'));
  await preview.getByRole('checkbox', { name: 'Rome' }).click();
  await expect.poll(() => preview.getByRole('checkbox', { name: 'Rome' }).getAttribute('aria-checked')).toBe('true');
  await visible(preview.getByText('1 of 2 picked'));

  // Editing loads the saved title; a third question moves up, then is deleted.
  await page.getByRole('button', { name: 'Edit question 2' }).click();
  await expect.poll(() => page.getByRole('textbox', { name: 'Question', exact: true }).innerText()).toBe('Which are capitals?');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await addQuestion(page, { title: 'Temporary', answers: [{ text: 'A', correct: true }, { text: 'B' }] });
  await page.getByRole('button', { name: 'Move question 3 up' }).click();
  await visible(page.getByText('2. Temporary'));
  await page.getByRole('button', { name: 'Delete question 2' }).click();
  await visible(page.getByText(quizMessages.questionDeleteConfirm));
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await toast(page, quizMessages.questionDeleted);
  await visible(page.getByText('Questions (2)'));
  await visible(page.getByText('2. Which are capitals?'));

  // Branching: answer TRUE of question 1 ends the quiz.
  await page.getByRole('switch', { name: 'Logic branching' }).click();
  await visible(page.getByText(quizMessages.branchingEnableConfirm));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect.poll(() => page.getByRole('switch', { name: 'Logic branching' }).getAttribute('aria-checked')).toBe('true');
  expect(await page.getByRole('button', { name: 'Edit question 1' }).count()).toBe(0);
  await page.getByRole('button', { name: 'Branch question 1' }).click();
  await page
    .getByRole('group', { name: 'If selected answer is TRUE' })
    .getByLabel('Redirect to')
    .selectOption({ label: 'landing page' });
  await page.getByRole('button', { name: 'Save branches' }).click();
  await visible(page.getByRole('button', { name: 'Branch question 1' }));

  // Custom colours: eight labelled colour inputs, applied to the preview at once.
  await page.getByLabel('Theme').selectOption('custom');
  await page.getByLabel('Header background').fill('#112233');
  await expect
    .poll(() =>
      playerPreview(page)
        .locator('.ql-header')
        .evaluate((e) => getComputedStyle(e).backgroundColor),
    )
    .toBe('rgb(17, 34, 51)');

  for (const to of ['Lead', 'Outcome', 'Advanced']) {
    await next(page, to);
    await screenshot(page, `wizard-${to.toLowerCase()}`);
  }
  await page.getByLabel('Meta Title').fill('Capitals quiz');
  await finish(page);

  const quiz = await expectStored(owner, id, gradedSpec);
  expect(quiz.settings.metaTitle).toBe('Capitals quiz');
  expect(quiz.settings.theme).toBe('custom');
  expect(quiz.settings.colors).toMatchObject({ headerBg: '#112233', buttonText: '#ffffff' });
  expect(quiz.questions[0].image).toMatch(/^\/files\/[0-9a-f-]{36}$/);
  const trueId = quiz.questions[0].answers[0].id;
  expect(quiz.branching).toEqual({
    enabled: true,
    branches: [{ questionId: quiz.questions[0].id, answerId: trueId, to: 'landing' }],
  });
});

it('saves a draft that reloads unchanged', async () => {
  const { owner, page } = await signedInPage();
  const id = await createInBrowser(page, 'personality_quiz');
  const saveDraft = page.getByRole('button', { name: 'Save as draft' });
  expect(await saveDraft.isDisabled()).toBe(true);
  await titleField(page).fill('Draft only');
  await typeRich(page, 'Welcome message', 'Bold start');
  await page.keyboard.press('Shift+Home');
  await page.getByRole('button', { name: 'Bold (Welcome message)' }).click();
  await saveDraft.click();
  await toast(page, quizMessages.savedDraft);
  const quiz = (await owner.client.get(`/api/v1/quizzes/${id}`)).body.data;
  expect(quiz).toMatchObject({ status: 'draft', title: 'Draft only' });
  expect(quiz.settings.welcomeMessage).toMatch(/<(b|strong)\b[^>]*>(<[^>]+>)*Bold start/);
  await page.reload();
  await expect.poll(() => page.getByRole('textbox', { name: 'Welcome message', exact: true }).innerText()).toBe('Bold start');
  await expect.poll(() => playerPreview(page).locator('.ql-welcome :is(strong, b)').first().innerText()).toBe('Bold start');
  expect(await saveDraft.isDisabled()).toBe(true);
});

it('fits a phone screen and shows a missing quiz as not found', async () => {
  const { page } = await signedInPage(375);
  await createInBrowser(page, 'graded_quiz');
  await titleField(page).fill('On the go');
  // Free accounts cannot change the footer.
  await page.getByLabel('Footer message').click();
  await visible(page.getByText(quizMessages.upgradeForFooter));
  // A paste longer than a rich text field may hold is refused.
  const welcome = page.getByRole('textbox', { name: 'Welcome message', exact: true });
  await welcome.click();
  await welcome.evaluate((element, text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, 'x'.repeat(300));
  await visible(page.getByText(quizMessages.pasteTooLong));
  expect(await welcome.innerText()).not.toContain('xxx');
  await screenshot(page, 'wizard-phone');
  await page.goto('/app/Quiz/Edit/00000000-0000-4000-8000-000000000000');
  await visible(page.getByText('Quiz not found'));
});

it('builds one from a template: uses it, edits a question and publishes', async () => {
  const { owner, page } = await signedInPage();
  await page.goto('/app/Templates');
  await page.getByRole('link', { name: 'Choose Personality Quiz', exact: true }).click();
  await page
    .getByRole('button', { name: /^Use Template / })
    .first()
    .click();
  await page.waitForURL(/\/app\/Quiz\/Edit\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').at(-1)!;
  await visible(titleField(page));
  const copied = (await owner.client.get(`/api/v1/quizzes/${id}`)).body.data;
  expect(copied).toMatchObject({ status: 'draft', fromTemplate: true, quizType: 'personality_quiz' });
  expect(await titleField(page).inputValue()).toBe(copied.title);

  await titleField(page).fill(`${copied.title} (ours)`);
  await next(page, 'Design');
  await expect.poll(() => page.getByText(`Questions (${copied.questions.length})`).isVisible()).toBe(true);
  await screenshot(page, 'wizard-from-template');
  await finish(page);

  const published = (await owner.client.get(`/api/v1/quizzes/${id}`)).body.data;
  expect(published).toMatchObject({ status: 'published', title: `${copied.title} (ours)`, fromTemplate: true });
  expect(published.questions).toEqual(copied.questions);
  // The share page it lands on names the published quiz.
  expect(new URL(page.url()).pathname).toBe(`/app/Quiz/Share/${id}`);
  await visible(page.getByRole('heading', { name: `${copied.title} (ours)` }));
});
