import { readFileSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import type { Download, Page } from 'playwright-core';
import { expect } from 'vitest';
import { createOwner } from '../../server/src/test/factories.ts';
import { submission } from '../../server/src/test/widgetFactory.ts';
import { readXlsx } from '../../server/src/test/xlsxReader.ts';
import type { BrowserHarness } from './harness.ts';

/** What the poll, web response and wheel owner screens' browser tests share. */

export type Owner = Awaited<ReturnType<typeof createOwner>>;

/** A signed-in page (a fresh owner unless one is given) at desktop or phone width. */
export async function signedInPage(harness: BrowserHarness, width = 1280, owner?: Owner) {
  const signedIn = owner ?? (await createOwner(harness.server));
  const page = await harness.newPage({ width });
  await page
    .context()
    .addCookies([{ name: 'ql_session', value: signedIn.client.cookie.split('=')[1]!, url: harness.server.url }]);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: harness.server.url });
  return { owner: signedIn, page };
}

/** The quiz builder's live preview: the public player in its frame. */
export const playerPreview = (page: Page) => page.frameLocator('iframe[title="Quiz preview"]');

export const toast = (page: Page, text: string) => page.locator('.Polaris-Frame-Toast', { hasText: text }).first();
export const rows = (page: Page) => page.locator('.Polaris-IndexTable__Table tbody tr');
export const headings = (page: Page) => page.locator('.Polaris-IndexTable__Table thead th').allInnerTexts();

/** The text of each row's cells, once the table has finished loading. */
export async function tableCells(page: Page): Promise<string[][]> {
  await expect.poll(() => page.locator('.Polaris-IndexTable__LoadingPanelEntered').count()).toBe(0);
  return rows(page).evaluateAll((trs) =>
    trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => (td.textContent ?? '').trim())),
  );
}

/** A full-page screenshot from the top (a focused banner may have scrolled the page). */
export async function screenshot(harness: BrowserHarness, page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await harness.screenshot(page, name);
}

/** The label of the navigation entry marked as the current screen. */
export const selectedNavigation = (page: Page) =>
  page.locator('.Polaris-Navigation__ItemInnerWrapper--selected').first().innerText();

export const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/** The code box of a share page. */
export const shareCode = (page: Page) => page.getByRole('textbox', { name: /(Iframe|Widget) code/ }).inputValue();

/** A submission to the public API, as a visitor's browser sends it (no owner cookie). */
export async function publicPost(harness: BrowserHarness, path: string, body: Record<string, unknown>) {
  const response = await fetch(`${harness.server.url}/api/v1/public/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ submissionId: submission(), ...body }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { data: Record<string, unknown> };
}

/** Chooses a format under 'Export Data' and reads the downloaded file. */
export async function exportFrom(page: Page, format: 'Excel (.xlsx)' | 'CSV (.csv)'): Promise<{ name: string; bytes: Buffer }> {
  await page.getByRole('button', { name: 'Export Data' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: format }).click()]);
  return { name: download.suggestedFilename(), bytes: await downloadBytes(download) };
}

async function downloadBytes(download: Download): Promise<Buffer> {
  const path = await download.path();
  return readFileSync(path);
}

/** An .xlsx file's header row and its data rows, as text. */
export function xlsxTable(bytes: Buffer) {
  const { rows: all } = readXlsx(bytes);
  const [header = [], ...data] = all.map((row) =>
    row.map((cell) => (cell instanceof Date ? cell.toISOString() : String(cell ?? ''))),
  );
  return { header, data };
}

/** axe-core finds nothing serious or critical. */
export async function noSeriousViolations(page: Page, screen: string) {
  // The top bar and the notifications belong to the shell (its profile menu's label and Polaris' toast
  // close button have findings of their own); the screens themselves are checked.
  const results = await new AxeBuilder({ page }).exclude('.Polaris-TopBar').exclude('.Polaris-Frame-ToastManager').analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${screen}: ${violation.id} (${violation.impact}) ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(serious).toEqual([]);
}

/** Nothing is wider than the screen. */
export async function fitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}
