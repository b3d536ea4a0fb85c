/**
 * What the admin paints before and while its JavaScript arrives (issue 38): the frame's skeleton from the
 * HTML alone, and the builder's rich text editor, whose code loads when an editor mounts, in a box of the
 * editor's own size.
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createGradedQuiz } from '../../server/src/test/quizFactory.ts';
import { richTextLoadTexts } from '../../web/src/admin/components/LazyRichTextEditor.tsx';
import { skipDashboardIntro } from './dashboardIntro.ts';
import { startBrowserHarness, type BrowserHarness } from './harness.ts';
import { layoutShift, recordLayoutShifts } from './layoutShift.ts';
import { signedInPage as ownerSignedInPage, type Owner } from './ownerScreens.ts';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness();
});
afterAll(() => harness?.close());

const signedInPage = (width = 1280, owner?: Owner) => ownerSignedInPage(harness, width, owner);
const visible = (locator: Locator) => expect.poll(() => locator.first().isVisible(), { timeout: 10_000 }).toBe(true);
const box = async (locator: Locator) => (await locator.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
/** The lazily loaded editor chunk (bundleChunks.ts names it `editor`). */
const editorChunk = '**/assets/editor-*.js';
const noScripts = (page: Page) => page.route('**/*.js', (route) => route.abort());

it('paints the frame’s skeleton from app.html before any script runs, at desktop and phone widths; the sign-in page has none', async () => {
  const { page, owner } = await signedInPage(1280);
  await noScripts(page);
  await page.goto('/app/Dashboard');
  const skeleton = page.locator('.ql-boot');
  expect(await skeleton.getAttribute('aria-busy')).toBe('true');
  expect(await page.getByRole('status').innerText()).toBe('Loading…');
  expect(await box(page.locator('.ql-boot__top'))).toEqual({ x: 0, y: 0, width: 1280, height: 56 });
  expect(await box(page.locator('.ql-boot__nav'))).toEqual({ x: 0, y: 56, width: 240, height: 800 - 56 });
  expect((await box(page.locator('.ql-boot__title'))).y).toBe(82);
  await harness.screenshot(page, 'first-paint-standalone');

  const phone = (await signedInPage(375, owner)).page;
  await noScripts(phone);
  await phone.goto('/app/Quizzes');
  expect(await phone.locator('.ql-boot__nav').isVisible()).toBe(false);
  expect((await box(phone.locator('.ql-boot__card').first())).width).toBe(375);
  expect((await box(phone.locator('.ql-boot__title'))).y).toBe(74);
  await harness.screenshot(phone, 'first-paint-standalone-phone');

  await page.goto('/');
  expect(await page.locator('.ql-boot').count()).toBe(0);
});

it('paints the embedded page’s skeleton, without a navigation of its own', async () => {
  const page = await harness.newPage({ width: 1280 });
  await noScripts(page);
  await page.setContent(readFileSync(new URL('../../web/dist/embedded/index.html', import.meta.url), 'utf8'));
  expect(await page.locator('.ql-boot').getAttribute('aria-busy')).toBe('true');
  expect(await page.locator('.ql-boot__top, .ql-boot__nav').count()).toBe(0);
  expect(await page.locator('.ql-boot__card').count()).toBe(2);
  await harness.screenshot(page, 'first-paint-embedded');
});

it('loads the dashboard and the builder from the skeleton without moving what is shown (CLS at most 0.02)', async () => {
  const { page, owner } = await signedInPage(1280);
  await skipDashboardIntro(page);
  await recordLayoutShifts(page);
  await page.goto('/app/Dashboard');
  await visible(page.getByRole('heading', { name: 'Dashboard', level: 1 }));
  await visible(page.getByText('Quiz Count'));
  expect(await page.locator('.ql-boot').count()).toBe(0);
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);

  const { id } = await createGradedQuiz(owner.client, { title: 'First paint', questions: 2 });
  const builder = await harness.newPage({ width: 1280 });
  await builder.context().addCookies(await page.context().cookies());
  await recordLayoutShifts(builder);
  await builder.goto(`/app/Quiz/Edit/${id as string}`);
  await visible(builder.getByRole('textbox', { name: 'Welcome message', exact: true }));
  expect(await layoutShift(builder)).toBeLessThanOrEqual(0.02);
});

it('draws the rich text editor’s place at its size while its code loads, says when it fails and loads it on Try again', async () => {
  const { owner } = await signedInPage(1280);
  const { id } = await createGradedQuiz(owner.client, { title: 'Editor on demand', questions: 1 });
  for (const width of [1280, 375]) {
    const { page } = await signedInPage(width, owner);
    await page.route(editorChunk, (route) => route.abort());
    await page.goto(`/app/Quiz/Edit/${id as string}`);

    // The builder is usable without Lexical: the field is named, and its place is held, while it loads.
    await visible(page.getByRole('textbox', { name: 'Quiz title' }));
    const waiting = page.getByRole('group', { name: 'Welcome message', exact: true });
    await visible(waiting);
    expect(await waiting.getAttribute('aria-busy')).toBe('true');
    await visible(page.getByText(richTextLoadTexts.failed));
    const placeholderBox = await box(waiting);
    if (width === 1280) await harness.screenshot(page, 'builder-editor-failed');

    await page.unroute(editorChunk);
    await page.getByRole('button', { name: richTextLoadTexts.retry }).first().click();
    const welcome = page.getByRole('textbox', { name: 'Welcome message', exact: true });
    await visible(welcome);
    expect(await page.getByText(richTextLoadTexts.failed).count()).toBe(0);
    expect(await box(page.locator('.ql-rte', { has: welcome }))).toEqual(placeholderBox);

    // It works once loaded: typing reaches the editor.
    await welcome.click();
    await page.keyboard.type('Hello');
    await expect.poll(() => welcome.innerText()).toContain('Hello');
  }
});
