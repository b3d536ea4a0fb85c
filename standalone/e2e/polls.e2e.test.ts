/**
 * The owner's poll screens: create with every validation message and the option limits, share codes on
 * the clipboard, edit, the options' lock once votes arrive (through the public API) while the rest still
 * saves, the list's publish switch, the votes table and its export, preview in a new window, and delete
 * behind a confirmation that names the poll. Screenshots at 1280 and 375 px.
 */
import { languageColumnTitle } from '@quizlead/shared/i18n/languageLabels.ts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pollDefaults, pollMessages, pollVoteColumns, engagementMessages } from '@quizlead/shared/engagement.ts';
import { embedScriptVersion } from '@quizlead/shared/sharing.ts';
import { createPoll } from '../../server/src/test/widgetFactory.ts';
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

const optionInputs = (page: Page) => page.getByRole('textbox', { name: /^Option \d$/ });

it('creates a poll with its checks and limits, shares it and edits it', async () => {
  const { owner, page } = await signedInPage(harness);
  await page.goto('/app/poll/lists');
  await expect.poll(() => page.getByText(pollMessages.emptyList).isVisible()).toBe(true);
  expect(await selectedNavigation(page)).toBe('Poll');
  await screenshot(harness, page, 'polls-empty');
  await page.getByRole('link', { name: 'Build Your Poll' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/app/poll/create');

  // Two option inputs to start; email on, custom colours off, published.
  await expect.poll(() => optionInputs(page).count()).toBe(2);
  expect(await page.getByRole('switch', { name: "Ask for the voter's email" }).getAttribute('aria-checked')).toBe('true');
  expect(await page.getByRole('switch', { name: 'Custom colours' }).getAttribute('aria-checked')).toBe('false');
  expect(await page.getByLabel('Status').inputValue()).toBe('published');
  // One vote per email unless the owner allows more.
  expect(await page.getByRole('switch', { name: 'Allow more than one vote per email' }).getAttribute('aria-checked')).toBe(
    'false',
  );

  const create = page.getByRole('button', { name: 'Create Poll', exact: true });
  // The form's own button submits it: no hidden extra Submit button.
  expect(await page.locator('form button[type="submit"]').count()).toBe(1);
  await create.click();
  await expect.poll(() => page.getByText(engagementMessages.validationErrorTitle).isVisible()).toBe(true);
  expect(await page.getByText(pollMessages.descriptionRequired).count()).toBe(2);
  await screenshot(harness, page, 'polls-create-validation');
  await page.getByLabel('Description').fill('Which feature should we build next?');
  await expect.poll(() => page.getByText('35/250').isVisible()).toBe(true);
  await create.click();
  await expect.poll(() => page.getByText(pollMessages.optionRequired).first().isVisible()).toBe(true);
  await optionInputs(page).nth(0).fill('Dark mode');
  await expect.poll(() => page.getByText('9/100').isVisible()).toBe(true);
  await create.click();
  await expect.poll(() => page.getByText(pollMessages.optionsMin).first().isVisible()).toBe(true);
  await optionInputs(page).nth(1).fill('Exports');

  // Up to four options; the fifth is refused, and the new input takes focus.
  await page.getByRole('button', { name: 'Add option' }).click();
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.id))
    .toBe(await optionInputs(page).nth(2).getAttribute('id'));
  await page.keyboard.type('Mobile app');
  await page.getByRole('button', { name: 'Add option' }).click();
  await page.keyboard.type('Integrations');
  await page.getByRole('button', { name: 'Add option' }).click();
  await expect.poll(() => toast(page, pollMessages.optionsMax).isVisible()).toBe(true);
  expect(await optionInputs(page).count()).toBe(4);
  await page.getByRole('button', { name: 'Remove option 4' }).click();
  await page.getByRole('button', { name: 'Remove option 3' }).click();
  await expect.poll(() => optionInputs(page).count()).toBe(2);
  await page.getByRole('button', { name: 'Remove option 2' }).click();
  await expect.poll(() => toast(page, pollMessages.optionsMin).isVisible()).toBe(true);
  expect(await optionInputs(page).count()).toBe(2);
  await page.getByRole('button', { name: 'Add option' }).click();
  await page.keyboard.type('Mobile app');

  await page.getByRole('switch', { name: 'Custom colours' }).click();
  expect(await page.getByLabel('Background colour').inputValue()).toBe(pollDefaults.colors.background);
  expect(await page.getByLabel('Text colour').inputValue()).toBe(pollDefaults.colors.text);
  await page.getByLabel('Background colour').fill('#0b5394');
  const preview = page.getByRole('figure', { name: 'Preview of the poll' });
  await expect
    .poll(() => preview.getByText('Exports').evaluate((el) => getComputedStyle(el).backgroundColor))
    .toBe('rgb(11, 83, 148)');
  await noSeriousViolations(page, 'poll create');
  await screenshot(harness, page, 'polls-create-filled');

  await create.click();
  await expect.poll(() => page.getByRole('heading', { name: pollMessages.shareTitle }).isVisible()).toBe(true);
  const [, , , , id, slug] = new URL(page.url()).pathname.split('/');
  const saved = (await owner.client.get(`/api/v1/polls/${id}`)).body.data;
  expect(saved).toMatchObject({
    description: 'Which feature should we build next?',
    options: ['Dark mode', 'Exports', 'Mobile app'],
    status: 'published',
    collectEmail: true,
    allowRepeatVotes: false,
    colors: { background: '#0b5394', text: '#ffffff' },
    slug,
  });

  const origin = harness.server.url;
  expect(await shareCode(page)).toBe(
    `<iframe src="${origin}/poll/publish/show/${id}/${slug}" width="713" height="419" style="border:0" title="Which feature should we build next?"></iframe>`,
  );
  await page.getByRole('button', { name: 'Widget', exact: true }).click();
  const widget = `<div data-quizlead="poll" data-id="${id}" data-slug="${slug}"></div><script async src="${origin}/widgets/embed.js?v=${embedScriptVersion}"></script>`;
  await expect.poll(() => clipboard(page)).toBe(widget);
  await expect.poll(() => page.getByRole('button', { name: /^Copy Done/ }).isVisible()).toBe(true);
  await page.getByRole('button', { name: 'Iframe', exact: true }).click();
  await expect.poll(() => page.getByRole('button', { name: /^Copy iframe code/ }).isVisible()).toBe(true);
  await page.getByRole('button', { name: /^Copy iframe code/ }).click();
  await expect.poll(() => clipboard(page)).toContain('<iframe ');
  await screenshot(harness, page, 'polls-share');

  // Edit from the list: the update messages, then a save that lands on the share page.
  await page.goto('/app/poll/lists');
  await page.getByRole('link', { name: 'Edit Which feature should we build next?' }).click();
  await expect.poll(() => page.getByLabel('Description').inputValue()).toBe('Which feature should we build next?');
  expect(await optionInputs(page).count()).toBe(3);
  expect(await page.getByRole('switch', { name: 'Custom colours' }).getAttribute('aria-checked')).toBe('true');
  await page.getByLabel('Description').fill('');
  await page.getByRole('button', { name: 'Update Poll' }).click();
  await expect.poll(() => page.getByText(pollMessages.descriptionRequired).first().isVisible()).toBe(true);
  await page.getByLabel('Description').fill('What should we build next?');
  for (let n = 0; n < 3; n++) await optionInputs(page).nth(n).fill('');
  await page.getByRole('button', { name: 'Update Poll' }).click();
  await expect.poll(() => page.getByText(pollMessages.positiveOptionRequired).first().isVisible()).toBe(true);
  await optionInputs(page).nth(0).fill('Dark mode');
  await optionInputs(page).nth(1).fill('Exports');
  await page.getByLabel('Status').selectOption('unpublished');
  await page.getByRole('switch', { name: 'Custom colours' }).click();
  await page.getByRole('button', { name: 'Update Poll' }).click();
  await expect.poll(() => toast(page, 'Poll updated successfully.').isVisible()).toBe(true);
  // The slug follows the new description; the share page names the saved one.
  const updated = (await owner.client.get(`/api/v1/polls/${id}`)).body.data;
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/app/poll/share/${id}/${updated.slug}`);
  expect(updated).toMatchObject({
    description: 'What should we build next?',
    options: ['Dark mode', 'Exports'],
    status: 'unpublished',
    colors: pollDefaults.colors,
  });
});

it('locks the options once votes arrive but still saves the rest, publishes from the list, lists and exports the votes, previews and deletes', async () => {
  const { owner, page } = await signedInPage(harness);
  const poll = await createPoll(owner.client, { description: 'Tea, coffee or juice?', options: ['Tea', 'Coffee', 'Juice'] });
  await page.goto(`/app/poll/edit/${poll.id}`);
  await expect.poll(() => page.getByRole('button', { name: 'Update Poll' }).isEnabled()).toBe(true);
  expect(await page.getByRole('button', { name: 'Add option' }).count()).toBe(1);

  await publicPost(harness, `polls/${poll.id}/votes`, { option: 1, email: 'amy@example.com' });
  await publicPost(harness, `polls/${poll.id}/votes`, { option: 0, email: 'bob@example.com' });

  await page.goto('/app/poll/lists');
  await expect.poll(() => rows(page).count()).toBe(1);
  expect(await headings(page)).toEqual(['Title', 'Created Date', 'Status', 'Total Votes', 'Action']);
  const [row] = await tableCells(page);
  expect([row![0], row![3]]).toEqual(['Tea, coffee or juice?', '2']);
  expect(row![2]).toMatch(/Published$/);
  await noSeriousViolations(page, 'poll list');
  await screenshot(harness, page, 'polls-list');

  // Voting has started: the options are read-only, with no add or remove and the spec's tip on them...
  await page.getByRole('link', { name: 'Edit Tea, coffee or juice?' }).click();
  await expect.poll(() => page.getByText(pollMessages.votingStarted).first().isVisible()).toBe(true);
  expect(await page.getByRole('button', { name: 'Update Poll' }).isEnabled()).toBe(true);
  expect(await page.getByRole('button', { name: 'Add option' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: /^Remove option/ }).count()).toBe(0);
  for (let n = 0; n < 3; n++) expect(await optionInputs(page).nth(n).getAttribute('readonly')).not.toBeNull();
  const tipId = await page.getByText(pollMessages.votingStarted).evaluate((tip) => tip.closest('[id]')!.id);
  expect(await page.getByRole('group', { name: /^Options/ }).getAttribute('aria-describedby')).toContain(tipId);
  await noSeriousViolations(page, 'poll edit locked');
  await screenshot(harness, page, 'polls-edit-locked');
  // ...and everything else still saves: unpublish it, reword it, stop asking for emails, new colours.
  const title = 'Tea, coffee or juice today?';
  await page.getByLabel('Description').fill(title);
  await page.getByLabel('Status').selectOption('unpublished');
  await page.getByRole('switch', { name: "Ask for the voter's email" }).click();
  await page.getByRole('switch', { name: 'Custom colours' }).click();
  await page.getByLabel('Background colour').fill('#0b5394');
  await page.getByRole('button', { name: 'Update Poll' }).click();
  await expect.poll(() => toast(page, 'Poll updated successfully.').isVisible()).toBe(true);
  const edited = (await owner.client.get(`/api/v1/polls/${poll.id}`)).body.data;
  expect(edited).toMatchObject({
    description: title,
    options: ['Tea', 'Coffee', 'Juice'],
    status: 'unpublished',
    collectEmail: false,
    colors: { background: '#0b5394', text: '#ffffff' },
    totalVotes: 2,
  });
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/app/poll/share/${poll.id}/${edited.slug}`);
  const publicStatus = async () => (await fetch(`${harness.server.url}/api/v1/public/polls/${poll.id}`)).status;
  expect(await publicStatus()).toBe(404);

  // The list's switch publishes it again (from the keyboard) and unpublishes it, votes and all.
  await page.goto('/app/poll/lists');
  const publish = page.getByRole('switch', { name: `Published: ${title}` });
  await expect.poll(() => publish.getAttribute('aria-checked')).toBe('false');
  expect((await tableCells(page))[0]![2]).toBe('Unpublished');
  await publish.focus();
  await page.keyboard.press('Space');
  await expect.poll(() => toast(page, pollMessages.statusUpdated('published')).isVisible()).toBe(true);
  expect(await publish.getAttribute('aria-checked')).toBe('true');
  expect(await publicStatus()).toBe(200);
  await screenshot(harness, page, 'polls-list-switched');
  await publish.click();
  await expect.poll(() => toast(page, pollMessages.statusUpdated('unpublished')).isVisible()).toBe(true);
  expect(await publish.getAttribute('aria-checked')).toBe('false');
  expect((await owner.client.get(`/api/v1/polls/${poll.id}`)).body.data.status).toBe('unpublished');
  expect(await publicStatus()).toBe(404);
  await publish.click();
  await expect.poll(() => publish.getAttribute('aria-checked')).toBe('true');
  await expect.poll(publicStatus).toBe(200);
  await noSeriousViolations(page, 'poll list with switch');

  // The votes: 'Poll Title', 'Total Vote', the table and its export.
  await page.goto('/app/poll/lists');
  await page.getByRole('link', { name: `Votes of ${title}` }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/app/poll/vote/${poll.id}`);
  await expect.poll(() => rows(page).count()).toBe(2);
  await expect.poll(() => page.getByRole('heading', { name: pollMessages.votesTitle }).isVisible()).toBe(true);
  await expect.poll(() => page.getByRole('heading', { name: pollMessages.totalVotes }).isVisible()).toBe(true);
  expect(await headings(page)).toEqual([...pollVoteColumns, languageColumnTitle]);
  // Each option's share, the public poll's figures: whole numbers adding up to 100.
  const { results } = (await (await fetch(`${harness.server.url}/api/v1/public/polls/${poll.id}`)).json()).data;
  await expect.poll(() => page.getByTestId('poll-results-percentage').allTextContents()).toEqual(['50%', '50%', '0%']);
  expect(results.options.map((option: { percentage: number }) => `${option.percentage}%`)).toEqual(['50%', '50%', '0%']);
  expect(await page.getByTestId('poll-results-option').allInnerTexts()).toEqual([
    expect.stringContaining('Tea'),
    expect.stringContaining('Coffee'),
    expect.stringContaining('0 votes'),
  ]);
  const cells = await tableCells(page);
  expect(cells.map((cells) => cells.slice(0, 3))).toEqual([
    ['1', 'Tea', 'bob@example.com'],
    ['2', 'Coffee', 'amy@example.com'],
  ]);
  expect(cells[0]![3]).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}$/);
  // Sortable: the first click sorts Z to A, the second A to Z.
  const emails = async () => (await tableCells(page)).map((cells) => cells[2]);
  await page.getByRole('button', { name: /Voter Email/ }).click();
  await expect.poll(emails).toEqual(['bob@example.com', 'amy@example.com']);
  await page.getByRole('button', { name: /Voter Email/ }).click();
  await expect.poll(emails).toEqual(['amy@example.com', 'bob@example.com']);
  await noSeriousViolations(page, 'poll votes');
  await screenshot(harness, page, 'polls-votes');

  const xlsx = await exportFrom(page, 'Excel (.xlsx)');
  expect(xlsx.name).toBe(`${edited.slug}-votes.xlsx`);
  const sheet = await xlsxTable(xlsx.bytes);
  expect(sheet.header).toEqual(['Voter Email', 'Vote', 'Date of Vote', 'Language']);
  expect(sheet.data.map((row) => row.slice(0, 2))).toEqual([
    ['bob@example.com', 'Tea'],
    ['amy@example.com', 'Coffee'],
  ]);

  const phone = (await signedInPage(harness, 375, owner)).page;
  await phone.goto(`/app/poll/vote/${poll.id}`);
  await expect.poll(() => phone.getByText('amy@example.com').isVisible()).toBe(true);
  await fitsWidth(phone, 375);
  await screenshot(harness, phone, 'polls-votes-phone');
  await phone.goto('/app/poll/lists');
  await expect.poll(() => phone.getByRole('heading', { name: title }).isVisible()).toBe(true);
  await fitsWidth(phone, 375);
  await screenshot(harness, phone, 'polls-list-phone');

  // Preview opens the public page in a new window.
  await page.goto('/app/poll/lists');
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: `Preview ${title} in a new window` }).click(),
  ]);
  await expect.poll(() => new URL(popup.url()).pathname).toBe(`/poll/publish/show/${poll.id}/${edited.slug}`);
  await popup.close();

  // Delete: a refusal shows the server's message; then the confirmed delete empties the list.
  await page.route(`**/api/v1/polls/${poll.id}`, (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'internal', message: 'The database is busy.' } }),
        })
      : route.continue(),
  );
  await page.getByRole('button', { name: `Delete ${title}` }).click();
  await expect
    .poll(() => page.getByRole('dialog').innerText())
    .toContain('Are you sure you want to delete the poll “Tea, coffee or juice today?”?');
  expect(await page.getByRole('dialog').getByText(engagementMessages.deleteConfirm('poll', title)).isVisible()).toBe(true);
  await page.getByRole('dialog').getByRole('button', { name: engagementMessages.deleteConfirmButton }).click();
  await expect.poll(() => toast(page, 'The database is busy.').isVisible()).toBe(true);
  expect(await rows(page).count()).toBe(1);
  await page.unroute(`**/api/v1/polls/${poll.id}`);
  await page.getByRole('button', { name: `Delete ${title}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: engagementMessages.deleteConfirmButton }).click();
  await expect.poll(() => toast(page, pollMessages.deleted).isVisible()).toBe(true);
  await expect.poll(() => page.getByText(pollMessages.emptyList).isVisible()).toBe(true);
  expect((await owner.client.get(`/api/v1/polls/${poll.id}`)).status).toBe(404);
});
