import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { quizMessages } from '@quizlead/shared/quizzes.ts';
import { createOwner } from '../../server/src/test/factories.ts';
import { createGradedQuiz } from '../../server/src/test/quizFactory.ts';
import { signedInPage as ownerSignedInPage, type Owner } from './ownerScreens.ts';
import { startBrowserHarness, type BrowserHarness } from './harness.ts';
import { layoutShift, recordLayoutShifts } from './layoutShift.ts';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness();
});
afterAll(() => harness?.close());

const signedInPage = (width = 1280, owner?: Owner) => ownerSignedInPage(harness, width, owner);

/** A published-ready graded quiz made through the HTTP API, its questions titled 'Question n?'. */
const createQuiz = async (owner: Owner, title: string, options: { questions?: number; publish?: boolean } = {}) =>
  (await createGradedQuiz(owner.client, { title, ...options, questionTitle: (n) => `<p>Question ${n}?</p>` })).id as string;

const rows = (page: Page) => page.locator('.Polaris-IndexTable__Table tbody tr');
const rowTitles = (page: Page) => rows(page).locator('td:first-child').allInnerTexts();
const toast = (page: Page, text: string) => page.locator('.Polaris-Frame-Toast', { hasText: text }).first();
/** The first column's titles once the table has finished loading. */
async function settledTitles(page: Page) {
  await expect.poll(() => page.locator('.Polaris-IndexTable__LoadingPanelEntered').count()).toBe(0);
  return rowTitles(page);
}

it('shows the empty state with a Build Your Quiz button leading to the templates', async () => {
  const { owner, page } = await signedInPage();
  await page.goto('/app/Quizzes');
  await expect.poll(() => page.getByText(quizMessages.emptyList).isVisible()).toBe(true);
  await harness.screenshot(page, 'quizzes-empty');

  const phone = (await signedInPage(375, owner)).page;
  await phone.goto('/app/quizzes');
  await expect.poll(() => phone.getByText(quizMessages.emptyList).isVisible()).toBe(true);
  await harness.screenshot(phone, 'quizzes-empty-phone');

  await page.getByRole('link', { name: 'Build Your Quiz' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/app/Templates');
  await expect.poll(() => page.getByRole('heading', { name: 'Templates', level: 1 }).isVisible()).toBe(true);
});

it('pages, searches and sorts only the owner’s quizzes', async () => {
  const owner = await createOwner(harness.server);
  const stranger = await createOwner(harness.server);
  await createQuiz(stranger, 'Intruder quiz from another account', { questions: 9, publish: true });
  await createQuiz(stranger, 'Gamma intruder', { questions: 1 });

  const titles = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Gamma one', 'Gamma two'];
  // Question counts 1..8, so sorting by questions has one right order.
  for (const [i, title] of titles.entries()) await createQuiz(owner, title, { questions: i + 1, publish: i % 2 === 0 });
  const longTitle = 'A remarkably long quiz title that keeps on going';
  const longId = await createQuiz(owner, longTitle);

  const { page } = await signedInPage(1280, owner);
  await recordLayoutShifts(page);
  await page.goto('/app/Quizzes');
  await expect.poll(() => rows(page).count()).toBe(7);
  // Newest first: the long-titled quiz, cut at 30 characters.
  const cut = `${longTitle.slice(0, 30)}..`;
  expect((await settledTitles(page))[0]).toBe(cut);
  // The table took the place its skeleton kept (issue 17: CLS at most 0.02).
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
  const list = (await owner.client.get('/api/v1/quizzes')).body.data;
  expect(list.total).toBe(9);
  const longRow = list.items.find((row: { id: string }) => row.id === longId);
  const date = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(
    new Date(longRow.createdAt),
  );
  expect(date).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  await expect.poll(() => rows(page).first().innerText()).toContain(date);
  await expect.poll(() => rows(page).first().innerText()).toContain('Graded Quiz');
  await expect.poll(() => page.getByText('Showing 1–7 of 9 quizzes').isVisible()).toBe(true);
  await harness.screenshot(page, 'quizzes-list');

  await page.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect.poll(() => settledTitles(page)).toEqual(['Bravo', 'Alpha']);
  await expect.poll(() => page.getByText('Showing 8–9 of 9 quizzes').isVisible()).toBe(true);
  expect(new URL(page.url()).searchParams.get('page')).toBe('2');
  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect.poll(() => rows(page).count()).toBe(7);

  // Sort by questions: most first, then fewest first (server-side, across pages).
  await page.getByRole('button', { name: /Questions/ }).click();
  await expect
    .poll(() => settledTitles(page))
    .toEqual(['Gamma two', 'Gamma one', 'Foxtrot', 'Echo', 'Delta', 'Charlie', 'Bravo']);
  await page.getByRole('button', { name: /Questions/ }).click();
  await expect.poll(() => settledTitles(page)).toEqual([cut, 'Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot']);
  await page.reload();
  await expect.poll(() => settledTitles(page)).toEqual([cut, 'Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot']);

  // Search narrows on the server, case-insensitively, and never reaches another account.
  await page.getByPlaceholder('Search by title').fill('gamma');
  await expect.poll(() => settledTitles(page)).toEqual(['Gamma one', 'Gamma two']);
  expect(new URL(page.url()).searchParams.get('search')).toBe('gamma');
  expect(await page.getByText(/intruder/i).count()).toBe(0);
  await page.getByPlaceholder('Search by title').fill('intruder');
  await expect.poll(() => page.getByText('No quizzes found').isVisible()).toBe(true);
  await expect.poll(() => page.getByText('No quiz title matches “intruder”.').isVisible()).toBe(true);
  await settledTitles(page);
  await harness.screenshot(page, 'quizzes-search-empty');
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect.poll(() => rows(page).count()).toBe(7);
  expect(await page.getByText(/intruder/i).count()).toBe(0);

  // Phones get one block per quiz and a sort menu.
  const phone = (await signedInPage(375, owner)).page;
  await phone.goto('/app/Quizzes?page=2');
  await expect.poll(() => phone.getByRole('heading', { name: 'Alpha' }).isVisible()).toBe(true);
  const phoneTitles = () => phone.getByRole('list', { name: 'Quizzes' }).getByRole('heading').allInnerTexts();
  await phone.getByLabel('Sort by').selectOption({ label: 'Most questions' });
  // A new order starts again at page 1.
  await expect.poll(phoneTitles).toEqual(['Gamma two', 'Gamma one', 'Foxtrot', 'Echo', 'Delta', 'Charlie', 'Bravo']);
  expect(new URL(phone.url()).searchParams.get('page')).toBeNull();
  await phone.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect.poll(phoneTitles).toEqual(['Alpha', cut]);
  await phone.getByRole('button', { name: 'Page 1', exact: true }).click();
  await expect.poll(phoneTitles).toEqual(['Gamma two', 'Gamma one', 'Foxtrot', 'Echo', 'Delta', 'Charlie', 'Bravo']);
  await harness.screenshot(phone, 'quizzes-list-phone');
});

it('publishes, refuses to publish an empty quiz, previews and deletes after confirming', async () => {
  const { owner, page } = await signedInPage();
  const readyId = await createQuiz(owner, 'Ready to publish', { questions: 2 });
  const emptyId = await createQuiz(owner, 'No questions yet');
  const doomedId = await createQuiz(owner, 'Doomed quiz', { questions: 1, publish: true });
  await page.goto('/app/Quizzes');
  await expect.poll(() => rows(page).count()).toBe(3);

  const ready = page.getByRole('switch', { name: 'Published: Ready to publish' });
  expect(await ready.getAttribute('aria-checked')).toBe('false');
  await ready.press('Space');
  await expect.poll(() => toast(page, quizMessages.statusUpdated('published')).isVisible()).toBe(true);
  await expect.poll(() => ready.getAttribute('aria-checked')).toBe('true');
  expect((await owner.client.get(`/api/v1/quizzes/${readyId}`)).body.data.status).toBe('published');
  await ready.click();
  await expect.poll(() => toast(page, quizMessages.statusUpdated('draft')).isVisible()).toBe(true);
  expect((await owner.client.get(`/api/v1/quizzes/${readyId}`)).body.data.status).toBe('draft');

  // The server refuses with the first rule the quiz breaks; the switch stays off.
  const empty = page.getByRole('switch', { name: 'Published: No questions yet' });
  await empty.click();
  await expect.poll(() => toast(page, `Server error: ${quizMessages.noQuestions}`).isVisible()).toBe(true);
  expect(await empty.getAttribute('aria-checked')).toBe('false');
  expect((await owner.client.get(`/api/v1/quizzes/${emptyId}`)).body.data.status).toBe('draft');

  // Preview: read-only questions and answers.
  await page.getByRole('button', { name: 'Preview Ready to publish' }).click();
  const preview = page.getByRole('dialog');
  await expect.poll(() => preview.getByText('Question 2?').isVisible()).toBe(true);
  expect(await preview.getByText('Correct').count()).toBe(2);
  expect(await preview.getByRole('textbox').count()).toBe(0);
  await preview.getByRole('button', { name: 'Close' }).last().click();
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

  // Delete: cancel first, then confirm.
  await page.getByRole('button', { name: 'Delete Doomed quiz' }).click();
  await expect
    .poll(() => page.getByRole('dialog').getByText('Are you sure you want to delete this quiz?').isVisible())
    .toBe(true);
  await harness.screenshot(page, 'quizzes-delete-modal');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  expect(await rows(page).count()).toBe(3);
  await page.getByRole('button', { name: 'Delete Doomed quiz' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect.poll(() => toast(page, quizMessages.deleted).isVisible()).toBe(true);
  await expect.poll(() => settledTitles(page)).toEqual(['No questions yet', 'Ready to publish']);
  expect((await owner.client.get(`/api/v1/quizzes/${doomedId}`)).status).toBe(404);

  const phone = (await signedInPage(375, owner)).page;
  await phone.goto('/app/Quizzes');
  await phone.getByRole('button', { name: 'Delete Ready to publish' }).click();
  await expect
    .poll(() => phone.getByRole('dialog').getByText('Are you sure you want to delete this quiz?').isVisible())
    .toBe(true);
  await harness.screenshot(phone, 'quizzes-delete-modal-phone');
});

it('chooses a type, previews and uses a template, and offers a blank quiz', async () => {
  const { owner, page } = await signedInPage();
  await page.goto('/app/Templates');
  await expect.poll(() => page.getByRole('link', { name: 'Choose Weighted Graded Quiz' }).isVisible()).toBe(true);
  expect(await page.getByRole('link', { name: /^Choose / }).count()).toBe(7);
  // The inactive poll quiz type has no card (the navigation's 'Poll' entry is another screen).
  expect(await page.locator('main').getByText('Poll', { exact: true }).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Create Template' }).count()).toBe(0);
  await harness.screenshot(page, 'templates-types');

  await page.getByRole('link', { name: 'Choose Graded Quiz', exact: true }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('quiztype')).toBe('graded_quiz');
  const templates: { id: string; title: string }[] = (await owner.client.get('/api/v1/templates?quizType=graded_quiz')).body.data;
  expect(templates.length).toBeGreaterThan(0);
  for (const template of templates) {
    await expect.poll(() => page.getByRole('heading', { name: template.title }).isVisible()).toBe(true);
  }
  await expect.poll(() => page.getByRole('heading', { name: 'Blank Quiz' }).isVisible()).toBe(true);
  expect(await page.getByRole('link', { name: 'Use Template Blank Quiz' }).getAttribute('href')).toBe(
    '/app/Quiz/Create?theme=1&quiztype=graded_quiz',
  );
  await harness.screenshot(page, 'templates-graded');

  // Reload keeps the step; Back returns to the types.
  await page.reload();
  await expect.poll(() => page.getByRole('heading', { name: templates[0]!.title }).isVisible()).toBe(true);
  await page.getByRole('link', { name: 'Quiz types' }).click();
  await expect.poll(() => page.getByRole('link', { name: 'Choose Weighted Graded Quiz' }).isVisible()).toBe(true);
  await page.goBack();
  await expect.poll(() => page.getByRole('heading', { name: templates[0]!.title }).isVisible()).toBe(true);

  const template = templates[0]!;
  await page.getByRole('button', { name: `Preview ${template.title}` }).click();
  const detail = (await owner.client.get(`/api/v1/templates/${template.id}`)).body.data;
  const firstQuestion = detail.questions[0].title.replace(/<[^>]+>/g, '').trim();
  await expect.poll(() => page.getByRole('dialog').getByText(firstQuestion).first().isVisible()).toBe(true);
  await harness.screenshot(page, 'templates-preview');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();

  await page.getByRole('button', { name: `Use Template ${template.title}` }).click();
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/app\/Quiz\/Edit\/[0-9a-f-]{36}$/);
  const newId = new URL(page.url()).pathname.split('/').at(-1)!;
  expect(newId).not.toBe(template.id);
  const copy = (await owner.client.get(`/api/v1/quizzes/${newId}`)).body.data;
  expect(copy).toMatchObject({ fromTemplate: true, status: 'draft', quizType: 'graded_quiz', title: template.title });
  expect(copy.questions).toHaveLength(detail.questions.length);

  // The copy is listed with its asterisk.
  await page.goto('/app/Quizzes');
  await expect
    .poll(() => settledTitles(page))
    .toEqual([`${template.title.slice(0, 30)}${template.title.length > 30 ? '..' : ''} *`]);

  const phone = (await signedInPage(375, owner)).page;
  await phone.goto('/app/Templates');
  await expect.poll(() => phone.getByRole('link', { name: 'Choose Graded Quiz', exact: true }).isVisible()).toBe(true);
  await harness.screenshot(phone, 'templates-types-phone');
  await phone.goto('/app/Templates?quiztype=personality_quiz');
  await expect.poll(() => phone.getByRole('heading', { name: 'Blank Quiz' }).isVisible()).toBe(true);
  await expect.poll(() => phone.getByRole('button', { name: /^Use Template / }).count()).toBeGreaterThan(0);
  await harness.screenshot(phone, 'templates-personality-phone');
});

it('shows a template that is gone as invalid', async () => {
  const { page } = await signedInPage();
  await page.goto('/app/Templates?quiztype=graded_quiz');
  const use = page.getByRole('button', { name: /^Use Template / }).first();
  await expect.poll(() => use.isVisible()).toBe(true);
  // The catalogue changes underneath the page: the copy answers 404.
  await page.route('**/api/v1/templates/*/copy', (route) =>
    route.fulfill({
      status: 404,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'not_found', message: quizMessages.templateInvalid } }),
    }),
  );
  await use.click();
  await expect.poll(() => page.getByText(quizMessages.templateInvalid).isVisible()).toBe(true);
  expect(new URL(page.url()).pathname).toBe('/app/Templates');
});

it('links platform administrators, and only them, to the template catalogue', async () => {
  const admin = await createOwner(harness.server, { platformAdmin: true });
  const { page } = await signedInPage(1280, admin);
  await page.goto('/app/Templates?quiztype=graded_quiz');
  const manage = page.getByRole('link', { name: 'Manage templates' });
  await expect.poll(() => manage.isVisible()).toBe(true);
  await harness.screenshot(page, 'templates-admin-link');
  await manage.click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/app/Admin/templates');

  const { page: ownerPage } = await signedInPage();
  await ownerPage.goto('/app/Templates?quiztype=graded_quiz');
  await expect.poll(() => ownerPage.getByRole('heading', { name: 'Blank Quiz' }).isVisible()).toBe(true);
  expect(await ownerPage.getByRole('link', { name: 'Manage templates' }).count()).toBe(0);
});

it('keeps every row action, Delete included, inside the card at desktop widths', async () => {
  const owner = await createOwner(harness.server);
  const long = 'A remarkably long quiz title that keeps on going';
  await createQuiz(owner, long, { questions: 12, publish: true });
  await createQuiz(owner, 'Short', { questions: 1 });
  // The widest row there can be: the longest type label and a 30-character title of wide letters.
  const wide = 'WWWWWWWWWWWWWWWWWWWWWWWWWWWWWW';
  const created = await owner.client.post('/api/v1/quizzes', { quizType: 'category_graded_quiz_with_personality', title: wide });
  expect(created.status).toBe(201);
  for (const width of [1366, 1920]) {
    const { page } = await signedInPage(width, owner);
    await page.goto('/app/Quizzes');
    await expect.poll(() => rows(page).count()).toBe(3);
    await settledTitles(page);
    await harness.screenshot(page, `quizzes-list-${width}`);
    const card = page.locator('.Polaris-ShadowBevel').filter({ has: rows(page).first() });
    const cardBox = (await card.boundingBox())!;
    const heading = page.locator('.Polaris-IndexTable__Table thead th').last();
    expect(await heading.evaluate((th) => th.scrollWidth <= th.clientWidth)).toBe(true);
    for (const name of ['Short', long, wide]) {
      const remove = page.getByRole('button', { name: `Delete ${name}` });
      const box = (await remove.boundingBox())!;
      expect(box.x, `Delete at ${width}px`).toBeGreaterThanOrEqual(cardBox.x);
      expect(box.x + box.width, `Delete at ${width}px`).toBeLessThanOrEqual(cardBox.x + cardBox.width);
      // Clickable by mouse: nothing covers it and no scrolling container hides it.
      await remove.click({ trial: true, timeout: 3000 });
    }
  }
});

it('opens a draft in the player as a visitor sees it, in a new tab', async () => {
  const { owner, page } = await signedInPage();
  const id = await createQuiz(owner, 'Draft to try', { questions: 2 });
  await page.goto('/app/Quizzes');
  const open = page.getByRole('link', { name: 'Open Draft to try as a visitor' });
  expect(await open.getAttribute('target')).toBe('_blank');
  const [player] = await Promise.all([page.context().waitForEvent('page'), open.click()]);
  await player.waitForLoadState();
  const url = new URL(player.url());
  expect(url.pathname).toBe('/quizplayer2.html');
  expect(url.searchParams.get('quizid')).toBe(id);
  expect(url.searchParams.get('preview')).toBe('1');
  // The player's preview mode, not the list's summary: the draft plays from its start button.
  await player.getByRole('button', { name: 'Start' }).click();
  await expect.poll(() => player.getByText('Question 1?').isVisible()).toBe(true);
  await harness.screenshot(player, 'quizzes-open-as-visitor');
  // Opening it published nothing.
  expect((await owner.client.get(`/api/v1/quizzes/${id}`)).body.data.status).toBe('draft');
});
