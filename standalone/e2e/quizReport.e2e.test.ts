/**
 * The quiz report and the answer sheet: plays made in the browser through the real player pages (two
 * through the email gate, one without it, one abandoned midway, one visit that never starts), then the
 * report's exact key figures and drop-off for them, the respondents table, an answer sheet with the picks
 * in green; a quiz with more than a page of respondents (seeded through the public API) sorted by email,
 * paged, and exported as .xlsx and .csv, with a progress bar and Cancel when the export arrives slowly; the empty
 * report, the error banner with its retry, and another account's not-found state. Screenshots at 1280
 * and 375 px.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { respondentColumns, respondentExportColumns, reportMessages } from '@quizlead/shared/reports.ts';
import type { TQuizDetail } from '@quizlead/shared/schemas/quiz.ts';
import { createOwner } from '../../server/src/test/factories.ts';
import { parseCsv } from '../../server/src/test/widgetFactory.ts';
import { newPlayKey } from '../../server/src/test/quizFactory.ts';
import { startBrowserHarness, type BrowserHarness } from './harness.ts';
import { buildQuiz, expected, picksOf, playThrough, question, storedPlays, type Steps } from './playerQuizzes.ts';
import {
  exportFrom,
  fitsWidth,
  headings,
  noSeriousViolations,
  rows,
  screenshot,
  signedInPage,
  tableCells,
  toast,
  xlsxTable,
  type Owner,
} from './ownerScreens.ts';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness();
});
afterAll(() => harness?.close());

/** Play events are counted in memory and written every few seconds: write them now. */
const flushStats = () => harness.server.services.stats.flush();

const listDate = (iso: string | Date) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(iso));

const coffeeQuestions = () => [
  question('Which roast is darkest?', [
    { id: 'a', text: 'Light roast' },
    { id: 'b', text: 'Dark roast', correct: true },
    { id: 'c', text: 'Medium roast' },
  ]),
  question('Where was espresso invented?', [
    { id: 'a', text: 'Italy', correct: true },
    { id: 'b', text: 'Brazil' },
  ]),
  question('Which bean has more caffeine?', [
    { id: 'a', text: 'Robusta', correct: true },
    { id: 'b', text: 'Arabica' },
  ]),
];

async function publishedQuiz(owner: Owner, title: string, settings: Partial<TQuizDetail['settings']> = {}) {
  return buildQuiz(owner.client, {
    quizType: 'graded_quiz',
    title,
    settings: { collectEmail: true, scoreType: 'percentage', ...settings },
    questions: coffeeQuestions(),
  });
}

const playerUrl = (quiz: TQuizDetail) => `/quizplayer2.html?quiztitle=coffee&quizid=${quiz.id}`;

/** A visitor in a fresh browser profile: opens the quiz and, when given steps, plays them. */
async function visit(quiz: TQuizDetail) {
  const page = await harness.newPage();
  await page.goto(playerUrl(quiz));
  await expect.poll(() => page.getByText(`Welcome to ${quiz.title}`).isVisible()).toBe(true);
  return page;
}

async function leaveLead(page: Page, name: string, email: string) {
  await page.getByLabel('Enter your name').fill(name);
  await page.getByLabel('Enter your Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
}

const summaryShown = (page: Page) => page.getByTestId('result-summary').textContent();

/** The key figure cards, label → value. */
async function kpis(page: Page): Promise<Record<string, string>> {
  const cards = page.getByRole('list', { name: 'Key figures' }).getByRole('listitem');
  const texts = await cards.evaluateAll((items) =>
    items.map((item) => Array.from(item.querySelectorAll('p')).map((p) => (p.textContent ?? '').trim())),
  );
  return Object.fromEntries(texts.map(([label, value]) => [label!, value!]));
}

/** The drop-off rows as their visible text. */
const dropOff = (page: Page) =>
  page
    .getByRole('list', { name: 'Question drop-off' })
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => (item as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));

it('reports real plays: exact key figures, drop-off, respondents and an answer sheet with the picks in green', async () => {
  const owner = await createOwner(harness.server);
  const quiz = await publishedQuiz(owner, 'Coffee facts');
  const q2 = quiz.questions[1]!;

  // Ann and Bob play through the email gate.
  const annSteps: Steps = [
    [0, ['b']],
    [1, ['a']],
    [2, ['b']],
  ];
  const ann = await visit(quiz);
  await playThrough(ann, quiz, annSteps);
  await leaveLead(ann, 'Ann Arbor', 'ann@example.com');
  const annResult = expected(quiz, picksOf(quiz, annSteps));
  await expect.poll(() => summaryShown(ann)).toBe(annResult.summary);

  const bobSteps: Steps = [
    [0, ['b']],
    [1, ['a']],
    [2, ['a']],
  ];
  const bob = await visit(quiz);
  await playThrough(bob, quiz, bobSteps);
  await leaveLead(bob, 'Bob Builder', 'bob@example.com');
  const bobResult = expected(quiz, picksOf(quiz, bobSteps));
  await expect.poll(() => summaryShown(bob)).toBe(bobResult.summary);

  // Cat answers the first question and leaves on the second; Dee only looks at the start page.
  const cat = await visit(quiz);
  const progressOfQ2 = cat
    .waitForResponse(
      (response) => response.url().endsWith('/progress') && response.request().postData()?.includes(q2!.id) === true,
      {
        timeout: 5_000,
      },
    )
    .catch(() => null);
  await playThrough(cat, quiz, [[0, ['a']]]);
  await expect.poll(() => cat.getByRole('heading', { name: 'Where was espresso invented?' }).isVisible()).toBe(true);
  await progressOfQ2;
  await cat.close();
  const dee = await visit(quiz);
  await dee.close();

  // The email gate goes off; Eli plays to a result without leaving an email.
  const detail = (await owner.client.get(`/api/v1/quizzes/${quiz.id}`)).body.data as TQuizDetail;
  const ungated = await owner.client.put(`/api/v1/quizzes/${quiz.id}`, {
    title: detail.title,
    quizType: detail.quizType,
    settings: { ...detail.settings, collectEmail: false },
    personalities: detail.personalities,
    categories: detail.categories,
    branching: detail.branching,
  });
  expect(ungated.status, JSON.stringify(ungated.body)).toBe(200);
  const eliSteps: Steps = [
    [0, ['a']],
    [1, ['b']],
    [2, ['a']],
  ];
  const eli = await visit(quiz);
  await playThrough(eli, quiz, eliSteps);
  const eliResult = expected(quiz, picksOf(quiz, eliSteps));
  await expect.poll(() => summaryShown(eli)).toBe(eliResult.summary);
  expect([annResult.summary, bobResult.summary, eliResult.summary]).toEqual(['67%', '100%', '33%']);
  await flushStats();

  const { page } = await signedInPage(harness, 1280, owner);
  await page.goto(`/app/Quiz/Analytics/${quiz.id}`);
  await expect.poll(() => page.getByRole('heading', { name: 'Coffee facts', level: 1 }).isVisible()).toBe(true);
  await expect.poll(() => page.getByText('Graded Quiz').first().isVisible()).toBe(true);

  // Five visits, four starts, three results, two emails; (67 + 100 + 33) / 3 = 66.7.
  await expect
    .poll(() => kpis(page))
    .toEqual({
      Views: '5',
      Starts: '4',
      Completions: '3',
      'Completion rate': '75%',
      Leads: '2',
      'Average score': '66.7%',
    });
  // Q1: Ann, Bob, Cat, Eli reached and answered it; Q2: the same four reached it, Cat left; Q3: three.
  expect(await dropOff(page)).toEqual([
    'Q1. Which roast is darkest? 4 reached · 4 answered · 100% answered',
    'Q2. Where was espresso invented? 4 reached · 3 answered · 75% answered',
    'Q3. Which bean has more caffeine? 3 reached · 3 answered · 100% answered',
  ]);
  const bars = page.getByRole('list', { name: 'Question drop-off' }).getByRole('img');
  expect(await bars.nth(0).getAttribute('aria-label')).toBe('4 reached, 100% of them answered');
  expect(await bars.nth(2).getAttribute('aria-label')).toBe("75% of question 1's visitors reached it, 100% of them answered");
  expect(
    await bars
      .nth(2)
      .locator('.ql-report-bar__reached')
      .evaluate((bar) => bar.style.width),
  ).toBe('75%');

  // Respondents: the completed plays, newest first; no email reads '—'; each in the language its player showed.
  expect(await headings(page)).toEqual([...respondentColumns]);
  const today = listDate(new Date());
  await expect
    .poll(() => tableCells(page))
    .toEqual([
      ['—', '33%', today, '—', '—', '—', 'English', 'Answers'],
      ['bob@example.com', '100%', today, '—', '—', '—', 'English', 'Answers'],
      ['ann@example.com', '67%', today, '—', '—', '—', 'English', 'Answers'],
    ]);
  expect(await page.getByText('Showing 1–3 of 3 respondents').isVisible()).toBe(true);
  expect(await page.getByRole('link', { name: 'Share', exact: true }).getAttribute('href')).toBe(`/app/Quiz/Share/${quiz.id}`);
  expect(await page.getByRole('link', { name: 'Edit', exact: true }).getAttribute('href')).toBe(`/app/Quiz/Edit/${quiz.id}`);
  await noSeriousViolations(page, 'quiz report');
  await screenshot(harness, page, 'quiz-report-1280');

  // Phones: one card per respondent, the figures two a row, nothing wider than the screen.
  const phone = (await signedInPage(harness, 375, owner)).page;
  await phone.goto(`/app/Quiz/Analytics/${quiz.id}`);
  await expect.poll(() => phone.getByRole('list', { name: 'Respondents' }).getByRole('listitem').count()).toBe(3);
  expect(await phone.getByRole('list', { name: 'Respondents' }).getByRole('listitem').first().innerText()).toContain(
    'Quiz Result',
  );
  await fitsWidth(phone, 375);
  await screenshot(harness, phone, 'quiz-report-375');

  // Ann's answers: her three picks in green with a check and 'Selected'; the other options not.
  const annId = (await owner.client.get(`/api/v1/quizzes/${quiz.id}/respondents?sort=email&direction=asc`)).body.data.items[0].id;
  await page.getByRole('link', { name: /^Answers of ann@example\.com/ }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/app/answersheet/${annId}`);
  await expect.poll(() => page.getByRole('heading', { name: 'Answer sheet', level: 1 }).isVisible()).toBe(true);
  const details = await page.locator('.ql-sheet-details').innerText();
  expect(details.split('\n').filter(Boolean)).toEqual([
    'Date of play',
    today,
    'Quiz Result',
    '67%',
    'State',
    '—',
    'Email',
    'ann@example.com',
    'City',
    '—',
    'Country',
    '—',
    'Name',
    'Ann Arbor',
  ]);
  const selected = page.locator('.ql-sheet-answer[data-selected]');
  expect(await selected.evaluateAll((items) => items.map((item) => (item.textContent ?? '').trim()))).toEqual([
    'Dark roast (Selected)',
    'Italy (Selected)',
    'Arabica (Selected)',
  ]);
  const others = page.locator('.ql-sheet-answer:not([data-selected])');
  expect(await others.allInnerTexts()).toEqual(['Light roast', 'Medium roast', 'Brazil', 'Robusta']);
  const colourOf = (item: ReturnType<Page['locator']>) =>
    item
      .locator('.ql-sheet-answer__text > span')
      .first()
      .evaluate((text) => getComputedStyle(text).color);
  const rgb = (colour: string) => colour.match(/\d+/g)!.slice(0, 3).map(Number) as [number, number, number];
  const [r, g, b] = rgb(await colourOf(selected.first()));
  expect(g).toBeGreaterThan(r);
  expect(g).toBeGreaterThan(b);
  expect(Math.max(...rgb(await colourOf(others.first())))).toBeLessThan(80);
  expect(await selected.first().locator('svg').count()).toBe(1);
  expect(await others.first().locator('svg').count()).toBe(0);
  await noSeriousViolations(page, 'answer sheet');
  await screenshot(harness, page, 'answer-sheet');

  // Back goes to the report; the path also opens with another case.
  await page.getByRole('link', { name: 'Quiz report' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/app/Quiz/Analytics/${quiz.id}`);
  await page.goto(`/app/Answersheet/${annId}`);
  await expect.poll(() => page.getByText('Dark roast (Selected)').count()).toBe(1);

  // Phones: nothing wider than the screen.
  await phone.goto(`/app/answersheet/${annId}`);
  await expect.poll(() => phone.getByText('Dark roast (Selected)').count()).toBe(1);
  await fitsWidth(phone, 375);
  await screenshot(harness, phone, 'answer-sheet-375');

  // Cat's abandoned play answered nothing: 'No data found'. A sheet whose questions are not a list
  // (an answer of another shape): 'Not supported', with the respondent's details still shown.
  const plays = await storedPlays(harness.server, quiz.id);
  const catId = plays.find((play) => play.status === 'started')!.id as string;
  await page.goto(`/app/answersheet/${catId}`);
  await expect.poll(() => page.getByText(reportMessages.noAnswerSheet).isVisible()).toBe(true);
  await screenshot(harness, page, 'answer-sheet-no-data');
  await page.route(`**/api/v1/plays/${annId}/answer-sheet`, async (route) => {
    const answer = await route.fetch();
    const body = await answer.json();
    await route.fulfill({ response: answer, json: { data: { ...body.data, questions: { q1: 'Dark roast' } } } });
  });
  await page.goto(`/app/answersheet/${annId}`);
  await expect.poll(() => page.getByText(reportMessages.notSupported).isVisible()).toBe(true);
  await screenshot(harness, page, 'answer-sheet-not-supported');
  expect(await page.getByText('ann@example.com').isVisible()).toBe(true);

  // Another account: the sheet is not found, exactly like a missing one.
  const stranger = (await signedInPage(harness, 1280)).page;
  await stranger.goto(`/app/answersheet/${annId}`);
  await expect.poll(() => stranger.getByText('Answer sheet not found').isVisible()).toBe(true);
  expect(await stranger.getByText('ann@example.com').count()).toBe(0);
});

/** A completed play through the public API, as the player makes it: view, start, progress, answers, lead. */
async function seedPlay(quiz: TQuizDetail, picks: Record<string, string[]>, email: string) {
  const client = harness.server.client();
  const playId = randomUUID();
  const step = async (name: string, answer: Promise<{ status: number; body: unknown }>) => {
    const { status, body } = await answer;
    if (status >= 300) throw new Error(`${name}: ${status} ${JSON.stringify(body)}`);
    return body as { data: Record<string, string> };
  };
  await step('view', client.get(`/api/v1/public/quizzes/${quiz.id}`));
  const started = await step('start', client.post(`/api/v1/public/quizzes/${quiz.id}/plays`, { playId, playKey: newPlayKey() }));
  const auth = { authorization: `Bearer ${started.data.playToken}` };
  for (const { id } of quiz.questions)
    await step('progress', client.request('POST', `/api/v1/public/plays/${playId}/progress`, { questionId: id }, auth));
  await step('answers', client.request('POST', `/api/v1/public/plays/${playId}/answers`, { answers: picks }, auth));
  await step('lead', client.request('POST', `/api/v1/public/plays/${playId}/lead`, { name: 'Pat Respondent', email }, auth));
}

it('numbers an answer sheet by the quiz’s own questions when branching skipped some', async () => {
  const owner = await createOwner(harness.server);
  const quiz = await buildQuiz(owner.client, {
    quizType: 'graded_quiz',
    title: 'Coffee paths',
    settings: { collectEmail: true, scoreType: 'percentage' },
    questions: [
      ...coffeeQuestions(),
      question('Is cold brew steeped for hours?', [
        { id: 'a', text: 'Yes', correct: true },
        { id: 'b', text: 'No' },
      ]),
    ],
    // The right answer to question 1 (Dark roast) skips question 2.
    branches: (questions) => [{ questionId: questions[0]!.id, answerId: 'b', to: questions[2]!.id }],
  });
  const [q1, , q3, q4] = quiz.questions;
  await seedPlay(quiz, { [q1!.id]: ['b'], [q3!.id]: ['a'], [q4!.id]: ['a'] }, 'path@example.com');
  const playId = (await owner.client.get(`/api/v1/quizzes/${quiz.id}/respondents`)).body.data.items[0].id;

  for (const width of [1366, 375]) {
    const { page } = await signedInPage(harness, width, owner);
    await page.goto(`/app/answersheet/${playId}`);
    await expect.poll(() => page.getByText('Dark roast (Selected)').count()).toBe(1);
    const numbers = await page
      .locator('.ql-sheet-question')
      .evaluateAll((items) => items.map((item) => item.querySelector('p')?.textContent));
    expect(numbers).toEqual(['Question 1', 'Question 3', 'Question 4']);
    for (const n of [1, 3, 4]) expect(await page.getByRole('list', { name: `Answers to question ${n}` }).count()).toBe(1);
    await fitsWidth(page, width);
    await screenshot(harness, page, `answer-sheet-branching-${width}`);
  }
});

const emailColumn = async (page: Page) => (await tableCells(page)).map((cells) => cells[0]);

it('sorts respondents by email across pages, keeps the order in the address and exports them with progress', async () => {
  const owner = await createOwner(harness.server);
  const quiz = await publishedQuiz(owner, 'Espresso & more');
  // 22 completed plays whose emails arrive out of order, so date and email orders differ.
  const order = [7, 19, 2, 14, 21, 0, 11, 5, 16, 9, 3, 18, 12, 1, 20, 8, 15, 4, 10, 17, 6, 13];
  const emails = order.map((n) => `respondent${String(n).padStart(2, '0')}@example.com`);
  const picks = Object.fromEntries(quiz.questions.map((item) => [item.id, ['a']]));
  for (const email of emails) await seedPlay(quiz, picks, email);
  await flushStats();

  const { page } = await signedInPage(harness, 1280, owner);
  await page.goto(`/app/Quiz/Analytics/${quiz.id}`);
  await expect.poll(() => rows(page).count()).toBe(20);
  expect((await kpis(page)).Completions).toBe('22');
  // Newest first.
  expect(await emailColumn(page)).toEqual([...emails].reverse().slice(0, 20));
  await expect.poll(() => page.getByText('Page 1 of 2').isVisible()).toBe(true);

  // Email, A to Z: on the server, across pages, kept in the address.
  const sorted = [...emails].sort();
  await page.getByRole('button', { name: /Email/ }).click();
  await expect.poll(() => emailColumn(page)).toEqual(sorted.slice(0, 20));
  let params = new URL(page.url()).searchParams;
  expect([params.get('sort'), params.get('direction'), params.get('page')]).toEqual(['email', 'asc', null]);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect.poll(() => emailColumn(page)).toEqual(sorted.slice(20));
  expect(new URL(page.url()).searchParams.get('page')).toBe('2');
  await expect.poll(() => page.getByText('Showing 21–22 of 22 respondents').isVisible()).toBe(true);
  await page.reload();
  await expect.poll(() => emailColumn(page)).toEqual(sorted.slice(20));
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect.poll(() => emailColumn(page)).toEqual(sorted.slice(0, 20));
  // Email again: Z to A, back on page 1.
  await page.getByRole('button', { name: /Email/ }).click();
  await expect.poll(() => emailColumn(page)).toEqual([...sorted].reverse().slice(0, 20));
  params = new URL(page.url()).searchParams;
  expect([params.get('sort'), params.get('direction'), params.get('page')]).toEqual(['email', 'desc', null]);
  // The Answers column does not sort.
  expect(await page.locator('.Polaris-IndexTable__Table thead th').last().getByRole('button').count()).toBe(0);

  // Excel and CSV: the table's columns without Answers, plus the phone, a row per respondent.
  const xlsx = await exportFrom(page, 'Excel (.xlsx)');
  expect(xlsx.name).toMatch(/\.xlsx$/);
  const sheet = await xlsxTable(xlsx.bytes);
  expect(sheet.header).toEqual([...respondentExportColumns]);
  expect(sheet.data).toHaveLength(22);
  expect(sheet.data.map((row) => row[0]).sort()).toEqual(sorted);
  const csv = await exportFrom(page, 'CSV (.csv)');
  expect(csv.name).toMatch(/\.csv$/);
  const [header, ...csvRows] = parseCsv(csv.bytes);
  expect(header).toEqual([...respondentExportColumns]);
  expect(csvRows).toHaveLength(22);
  expect(csvRows.map((row) => row[0]).sort()).toEqual(sorted);

  // On a slow line a big export shows its progress and can be cancelled. The page's fetch hands the
  // real export over a line (CSV) or 256 bytes (Excel) at a time.
  const slow = (await signedInPage(harness, 1280, owner)).page;
  await slow.addInitScript(slowExports);
  let downloaded = false;
  slow.on('download', () => {
    downloaded = true;
  });
  await slow.goto(`/app/Quiz/Analytics/${quiz.id}?sort=email&direction=asc`);
  await expect.poll(() => rows(slow).count()).toBe(20);
  await slow.getByRole('button', { name: 'Export Data' }).click();
  await slow.getByRole('menuitem', { name: 'CSV (.csv)' }).click();
  const bar = slow.getByRole('progressbar', { name: 'Exporting CSV…' });
  await expect.poll(() => bar.isVisible()).toBe(true);
  // Rows counted as they arrive, against the server's X-Export-Rows.
  await expect.poll(() => slow.getByText(/^([4-9]|1\d) of 22 rows$/).isVisible(), { timeout: 10_000 }).toBe(true);
  const value = Number(await bar.getAttribute('value'));
  expect(value).toBeGreaterThan(0);
  expect(value).toBeLessThan(100);
  // The window narrowed and widened again (a phone turned): the page header draws its actions anew,
  // and the export goes on with its progress open (a full-page screenshot does the same).
  await slow.setViewportSize({ width: 700, height: 900 });
  await expect.poll(() => slow.getByRole('button', { name: 'Exporting…' }).isVisible()).toBe(true);
  await slow.setViewportSize({ width: 1280, height: 800 });
  await expect.poll(() => bar.isVisible()).toBe(true);
  expect(await toast(slow, 'Export cancelled.').count()).toBe(0);
  await screenshot(harness, slow, 'quiz-report-export-progress');
  await slow.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect.poll(() => toast(slow, 'Export cancelled.').isVisible()).toBe(true);
  expect(await bar.count()).toBe(0);

  // Excel's size is unknown while it streams: an indeterminate bar with the bytes received.
  await slow.getByRole('button', { name: 'Export Data' }).click();
  await slow.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click();
  const excelBar = slow.getByRole('progressbar', { name: 'Exporting Excel…' });
  await expect.poll(() => excelBar.isVisible()).toBe(true);
  expect(await excelBar.getAttribute('aria-valuenow')).toBeNull();
  await expect.poll(() => slow.getByText(/^[\d.]+ (B|KB) received$/).isVisible(), { timeout: 10_000 }).toBe(true);
  // Closed, the export goes on; the button says so and opens its progress again.
  await slow.keyboard.press('Escape');
  await expect.poll(() => excelBar.count()).toBe(0);
  await slow.getByRole('button', { name: 'Exporting…' }).click();
  await expect.poll(() => excelBar.isVisible()).toBe(true);
  await slow.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect.poll(() => excelBar.count()).toBe(0);
  await slow.waitForTimeout(300);
  expect(downloaded).toBe(false);
});

/**
 * Runs in the page: the respondents export arrives slowly, a line of CSV or 256 bytes of Excel every
 * 120 ms, without its length (as a streamed export), holds its last piece and stops when the download is aborted.
 */
function slowExports() {
  const realFetch = window.fetch.bind(window);
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    const response = await realFetch(input, init);
    if (!url.includes('/respondents/export') || !response.ok) return response;
    const bytes = new Uint8Array(await response.arrayBuffer());
    const csv = url.includes('format=csv');
    const pieces: Uint8Array[] = [];
    for (let start = 0; start < bytes.length;) {
      let end = Math.min(bytes.length, start + 256);
      if (csv) {
        const lineEnd = bytes.indexOf(10, start);
        end = lineEnd === -1 ? bytes.length : lineEnd + 1;
      }
      pieces.push(bytes.slice(start, end));
      start = end;
    }
    const signal = init?.signal;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await new Promise((done) => setTimeout(done, 120));
        // The last piece waits for Cancel, so the export is still running whenever the test gets to it.
        while (pieces.length === 1 && !signal?.aborted) await new Promise((done) => setTimeout(done, 120));
        if (signal?.aborted) return controller.error(new DOMException('The download was cancelled.', 'AbortError'));
        const piece = pieces.shift();
        if (piece) controller.enqueue(piece);
        else controller.close();
      },
    });
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    return new Response(body, { status: response.status, headers });
  };
}

it('shows the empty report, the report error with a retry, and not found to another account', async () => {
  const owner = await createOwner(harness.server);
  const quiz = await publishedQuiz(owner, 'Nobody played yet');
  const { page } = await signedInPage(harness, 1280, owner);

  // The report failing: the spec's title, the server's message and a retry that loads it.
  let failing = true;
  await page.route(`**/api/v1/quizzes/${quiz.id}/report`, async (route) => {
    if (!failing) return route.continue();
    await route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'internal', message: 'Report database unavailable' } }),
    });
  });
  await page.goto(`/app/Quiz/Analytics/${quiz.id}`);
  await expect.poll(() => page.getByText(reportMessages.reportErrorTitle).isVisible()).toBe(true);
  expect(await page.getByText('Server error: Report database unavailable').isVisible()).toBe(true);
  failing = false;
  await page.getByRole('button', { name: 'Try again' }).click();

  await expect.poll(() => page.getByText(reportMessages.noRespondents).isVisible()).toBe(true);
  expect(await page.getByRole('link', { name: 'Share' }).first().getAttribute('href')).toBe(`/app/Quiz/Share/${quiz.id}`);
  expect(await page.getByRole('button', { name: 'Export Data' }).isDisabled()).toBe(true);
  await noSeriousViolations(page, 'empty quiz report');
  await screenshot(harness, page, 'quiz-report-empty');

  // Another account: the quiz and its answer sheets are not found, exactly like missing ones.
  const stranger = (await signedInPage(harness, 1280)).page;
  await stranger.goto(`/app/Quiz/Analytics/${quiz.id}`);
  await expect.poll(() => stranger.getByText('Quiz not found').isVisible()).toBe(true);
  expect(await stranger.getByText(quiz.title).count()).toBe(0);
});
