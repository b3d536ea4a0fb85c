/**
 * The owner's web response screens: create with the live preview and the validation messages, the
 * list ('{n} Total', cut titles, pages), edit with the update messages (and a failed update that says
 * so), the share codes on the clipboard, the responses table (sorted, exported) after visitors answer
 * through the public API, and delete behind its confirmation. Screenshots at 1280 and 375 px.
 */
import { languageColumnTitle } from '@quizlead/shared/i18n/languageLabels.ts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { feedbackDefaults, feedbackMessages, feedbackResponseColumns, engagementMessages } from '@quizlead/shared/engagement.ts';
import { embedScriptVersion } from '@quizlead/shared/sharing.ts';
import { createFeedback, parseCsv } from '../../server/src/test/widgetFactory.ts';
import { startBrowserHarness, type BrowserHarness } from './harness.ts';
import {
  clipboard,
  exportFrom,
  fitsWidth,
  headings,
  noSeriousViolations,
  publicPost,
  rows,
  screenshot,
  selectedNavigation,
  shareCode,
  signedInPage,
  tableCells,
  toast,
  xlsxTable,
} from './ownerScreens.ts';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness();
});
afterAll(() => harness?.close());

it('creates a web response with its live preview, then edits and shares it', async () => {
  const { owner, page } = await signedInPage(harness);
  await page.goto('/app/FeedbackLists');
  await expect.poll(() => page.getByText(feedbackMessages.emptyList).isVisible()).toBe(true);
  expect(await selectedNavigation(page)).toBe('Web Response');
  await screenshot(harness, page, 'feedbacks-empty');
  await page.getByRole('link', { name: feedbackMessages.buildButton }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/app/Feedback');

  // The preview shows the default texts until something is typed, and the emotion faces.
  const preview = page.getByRole('figure', { name: 'Preview of the web response' });
  await expect.poll(() => preview.getByText(feedbackDefaults.title).isVisible()).toBe(true);
  await expect.poll(() => preview.getByText(feedbackDefaults.question).isVisible()).toBe(true);
  expect(await preview.getByRole('list').getAttribute('aria-label')).toBe('5 choices: Angry, Worried, Neutral, Happy, Delighted');

  expect(await page.locator('form button[type="submit"]').count()).toBe(1);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect.poll(() => page.getByText(engagementMessages.validationErrorTitle).isVisible()).toBe(true);
  expect(await page.getByText(feedbackMessages.titleRequired).count()).toBe(2); // the banner and the field
  await screenshot(harness, page, 'feedbacks-create-validation');

  await page.getByLabel('Title', { exact: true }).fill('How did we do today?');
  await expect.poll(() => preview.getByText('How did we do today?').isVisible()).toBe(true);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect.poll(() => page.getByText(feedbackMessages.questionRequired).first().isVisible()).toBe(true);

  for (const [type, choices] of [
    ['star', '5 choices: 1*, 2*, 3*, 4*, 5*'],
    ['thumb', '2 choices: Thumbs Up, Thumbs Down'],
    ['scale', '5 choices: 1, 2, 3, 4, 5'],
  ] as const) {
    await page.getByLabel('Feeling type').selectOption(type);
    await expect.poll(() => preview.getByRole('list').getAttribute('aria-label')).toBe(choices);
  }
  await page.getByLabel('Feeling type').selectOption('star');
  await page.getByLabel('Question').fill('Was this page useful?');
  expect(await page.getByLabel('Theme colour').count()).toBe(0);
  await page.getByRole('switch', { name: 'Custom colour' }).click();
  await page.getByLabel('Theme colour').fill('#1f7a4d');
  await page.getByRole('switch', { name: "Ask for the visitor's email" }).press('Space');
  await expect.poll(() => preview.getByText('Enter your email').isVisible()).toBe(true);
  expect(await preview.locator('.ql-feedback-preview__header').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
    'rgb(31, 122, 77)',
  );
  await noSeriousViolations(page, 'feedback create');
  await screenshot(harness, page, 'feedbacks-create-filled');

  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect.poll(() => page.getByRole('heading', { name: feedbackMessages.shareTitle }).isVisible()).toBe(true);
  const id = new URL(page.url()).pathname.split('/').at(-1)!;
  expect(new URL(page.url()).pathname).toBe(`/app/Feedback/share/${id}`);
  const saved = (await owner.client.get(`/api/v1/feedbacks/${id}`)).body.data;
  expect(saved).toMatchObject({
    title: 'How did we do today?',
    question: 'Was this page useful?',
    feelingType: 'star',
    customColor: '#1f7a4d',
    collectEmail: true,
  });

  // Share: the iframe code first; Copy puts it on the clipboard and says so.
  const origin = harness.server.url;
  const iframe = `<iframe src="${origin}/feedback/preview/${id}" width="713" height="419" style="border:0" title="How did we do today?"></iframe>`;
  expect(await shareCode(page)).toBe(iframe);
  await page.getByRole('button', { name: /^Copy iframe code/ }).click();
  await expect.poll(() => page.getByRole('button', { name: /^Copy Done/ }).isVisible()).toBe(true);
  expect(await clipboard(page)).toBe(iframe);
  // Choosing the widget code copies it at once.
  await page.getByRole('button', { name: 'Widget', exact: true }).click();
  const widget = `<div data-quizlead="feedback" data-id="${id}"></div><script async src="${origin}/widgets/embed.js?v=${embedScriptVersion}"></script>`;
  await expect.poll(() => clipboard(page)).toBe(widget);
  expect(await shareCode(page)).toBe(widget);
  await expect.poll(() => page.getByRole('button', { name: /^Copy Done/ }).isVisible()).toBe(true);
  expect(await page.getByRole('button', { name: 'Widget', exact: true }).getAttribute('aria-pressed')).toBe('true');
  await noSeriousViolations(page, 'feedback share');
  await screenshot(harness, page, 'feedbacks-share');

  // Edit: the saved values, the update messages, then a save that lands on the share page.
  await page.goto(`/app/feedback/edit/${id}`);
  await expect.poll(() => page.getByLabel('Title', { exact: true }).inputValue()).toBe('How did we do today?');
  expect(await page.getByRole('switch', { name: 'Custom colour' }).getAttribute('aria-checked')).toBe('true');
  expect(await page.getByLabel('Theme colour').inputValue()).toBe('#1f7a4d');
  expect(await page.getByLabel('Feeling type').inputValue()).toBe('star');
  await page.getByLabel('Title', { exact: true }).fill('   ');
  await page.getByRole('button', { name: feedbackMessages.updateButton }).click();
  await expect.poll(() => page.getByText(feedbackMessages.titleEmpty).first().isVisible()).toBe(true);
  await expect.poll(() => page.getByText(engagementMessages.validationErrorTitle).isVisible()).toBe(true);
  await screenshot(harness, page, 'feedbacks-edit-validation');
  await page.getByLabel('Title', { exact: true }).fill('How did we do this week?');
  await page.getByLabel('Question').fill('');
  await page.getByRole('button', { name: feedbackMessages.updateButton }).click();
  await expect.poll(() => page.getByText(feedbackMessages.questionEmpty).first().isVisible()).toBe(true);
  await page.getByLabel('Question').fill('Did you find what you needed?');

  // A failed update says so (the spec's screen stayed silent).
  await page.route(`**/api/v1/feedbacks/${id}`, (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'internal', message: 'Something went wrong.' } }),
        })
      : route.continue(),
  );
  await page.getByRole('button', { name: feedbackMessages.updateButton }).click();
  await expect.poll(() => toast(page, 'Server error: Something went wrong.').isVisible()).toBe(true);
  expect(new URL(page.url()).pathname).toBe(`/app/feedback/edit/${id}`);
  await page.unroute(`**/api/v1/feedbacks/${id}`);

  await page.getByRole('switch', { name: 'Custom colour' }).click();
  await page.getByRole('button', { name: feedbackMessages.updateButton }).click();
  await expect.poll(() => toast(page, feedbackMessages.updated).isVisible()).toBe(true);
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/app/Feedback/share/${id}`);
  expect((await owner.client.get(`/api/v1/feedbacks/${id}`)).body.data).toMatchObject({
    title: 'How did we do this week?',
    question: 'Did you find what you needed?',
    customColor: null,
  });

  const phone = (await signedInPage(harness, 375, owner)).page;
  await phone.goto(`/app/Feedback/Edit/${id}`);
  await expect.poll(() => phone.getByLabel('Title', { exact: true }).inputValue()).toBe('How did we do this week?');
  await fitsWidth(phone, 375);
  await screenshot(harness, phone, 'feedbacks-edit-phone');
});

it('lists web responses with their total, cut titles and pages, previews and deletes', async () => {
  const { owner, page } = await signedInPage(harness);
  const long = 'A very long web response title that goes on and on';
  for (let n = 1; n <= 20; n++) await createFeedback(owner.client, { title: `Feedback ${n}` });
  const newest = await createFeedback(owner.client, { title: long });

  // A slow first answer shows the loading text.
  await page.route('**/api/v1/feedbacks?page=1', async (route) => {
    await new Promise((done) => setTimeout(done, 500));
    await route.continue();
  });
  await page.goto('/app/FeedbackLists');
  await expect.poll(() => page.getByText(feedbackMessages.loading).isVisible()).toBe(true);
  await expect.poll(() => rows(page).count()).toBe(20);
  expect(await headings(page)).toEqual(['No.', 'Title', 'Date', 'Action']);
  await expect.poll(() => page.getByText(feedbackMessages.total(21)).isVisible()).toBe(true);
  const [first] = await tableCells(page);
  const date = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(
    new Date(newest.createdAt),
  );
  expect(first!.slice(0, 3)).toEqual(['1', `${long.slice(0, 40)}..`, date]);
  await noSeriousViolations(page, 'feedback list');
  await screenshot(harness, page, 'feedbacks-list');

  await page.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect.poll(async () => (await tableCells(page)).map((cells) => cells.slice(0, 2))).toEqual([['21', 'Feedback 1']]);
  expect(new URL(page.url()).searchParams.get('page')).toBe('2');

  // Preview opens the public page in a new window.
  const previewLink = page.getByRole('link', { name: 'Preview Feedback 1 in a new window' });
  expect(await previewLink.getAttribute('target')).toBe('_blank');
  const [popup] = await Promise.all([page.waitForEvent('popup'), previewLink.click()]);
  await expect.poll(() => new URL(popup.url()).pathname).toMatch(/^\/feedback\/preview\/[0-9a-f-]{36}$/);
  await popup.close();

  // Delete: a confirmation that names the web response; a failure says so and stays on the list.
  await page.route('**/api/v1/feedbacks/*', (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal","message":"x"}}' })
      : route.continue(),
  );
  await page.getByRole('button', { name: 'Delete Feedback 1' }).click();
  const dialog = page.getByRole('dialog');
  await expect.poll(() => dialog.innerText()).toContain('Are you sure you want to delete the web response “Feedback 1”?');
  expect(await dialog.getByText(engagementMessages.deleteConfirm('feedback', 'Feedback 1')).isVisible()).toBe(true);
  await screenshot(harness, page, 'feedbacks-delete-confirm');
  await dialog.getByRole('button', { name: engagementMessages.deleteConfirmButton }).click();
  await expect.poll(() => toast(page, feedbackMessages.deleteFailed).isVisible()).toBe(true);
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  expect(await rows(page).count()).toBe(1);
  await page.unroute('**/api/v1/feedbacks/*');

  await page.getByRole('button', { name: 'Delete Feedback 1' }).click();
  await page.getByRole('dialog').getByRole('button', { name: engagementMessages.deleteConfirmButton }).click();
  await expect.poll(() => toast(page, feedbackMessages.deleted).isVisible()).toBe(true);
  // The last row of page 2 is gone: back to page 1 with 20 rows.
  await expect.poll(() => page.getByText(feedbackMessages.total(20)).isVisible()).toBe(true);
  await expect.poll(() => rows(page).count()).toBe(20);
  expect(new URL(page.url()).searchParams.get('page')).toBeNull();

  const phone = (await signedInPage(harness, 375, owner)).page;
  await phone.goto('/app/FeedbackLists');
  await expect.poll(() => phone.getByRole('heading', { name: `${long.slice(0, 40)}..` }).isVisible()).toBe(true);
  await fitsWidth(phone, 375);
  await screenshot(harness, phone, 'feedbacks-list-phone');
});

it('shows what visitors sent, sorted, and exports it', async () => {
  const { owner, page } = await signedInPage(harness);
  const feedback = await createFeedback(owner.client, { title: 'Checkout experience', collectEmail: true });
  const sent = [
    { value: 'Happy', email: 'amy@example.com' },
    { value: 'Angry', email: 'bob@example.com' },
    { value: 'Delighted', email: 'cat@example.com' },
  ];
  for (const response of sent) await publicPost(harness, `feedbacks/${feedback.id}/responses`, response);

  await page.goto('/app/FeedbackLists');
  await page.getByRole('link', { name: 'Responses to Checkout experience' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/app/Feedback/response/${feedback.id}`);
  await expect.poll(() => rows(page).count()).toBe(3);
  expect(await headings(page)).toEqual([...feedbackResponseColumns, languageColumnTitle]);
  const cells = await tableCells(page);
  // Newest first, numbered in that order.
  expect(cells.map((row) => row.slice(0, 4))).toEqual([
    ['1', 'Emotion', 'Delighted', 'cat@example.com'],
    ['2', 'Emotion', 'Angry', 'bob@example.com'],
    ['3', 'Emotion', 'Happy', 'amy@example.com'],
  ]);
  expect(cells[0]![4]).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}$/);

  // Sortable: by score one way, then the other.
  await page.getByRole('button', { name: /Feedback Score/ }).click();
  const scores = async () => (await tableCells(page)).map((row) => row[2]);
  await expect.poll(scores).toEqual(['Happy', 'Delighted', 'Angry']);
  await page.getByRole('button', { name: /Feedback Score/ }).click();
  await expect.poll(scores).toEqual(['Angry', 'Delighted', 'Happy']);
  await noSeriousViolations(page, 'feedback responses');
  await screenshot(harness, page, 'feedbacks-responses');

  const xlsx = await exportFrom(page, 'Excel (.xlsx)');
  expect(xlsx.name).toBe('checkout-experience-responses.xlsx');
  const sheet = await xlsxTable(xlsx.bytes);
  expect(sheet.header).toEqual(['Feedback Type', 'Feedback Score', 'Email', 'Date of feedback send', 'Language']);
  expect(sheet.data).toHaveLength(3);
  expect(sheet.data.map((row) => row.slice(0, 3))).toContainEqual(['Emotion', 'Angry', 'bob@example.com']);
  const csv = parseCsv((await exportFrom(page, 'CSV (.csv)')).bytes);
  expect(csv[0]).toEqual(['Feedback Type', 'Feedback Score', 'Email', 'Date of feedback send', 'Language']);
  expect(csv.filter((row) => row.length > 1)).toHaveLength(4);

  const phone = (await signedInPage(harness, 375, owner)).page;
  await phone.goto(`/app/feedback/response/${feedback.id}`);
  await expect.poll(() => phone.getByText('cat@example.com').isVisible()).toBe(true);
  await fitsWidth(phone, 375);
  await screenshot(harness, phone, 'feedbacks-responses-phone');

  // Another account's id is simply not found.
  const { page: stranger } = await signedInPage(harness);
  await stranger.goto(`/app/Feedback/response/${feedback.id}`);
  await expect.poll(() => stranger.getByText('Web response not found').isVisible()).toBe(true);
});
