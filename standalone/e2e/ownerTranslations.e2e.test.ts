/**
 * The owner's words in the visitor's language (issue 34, "Done when"): an owner adds Spanish to a quiz in
 * the builder's Languages tab and translates its title, first question, one option and an outcome; a
 * visitor with `?lang=es` sees them with the product's Spanish words, the option left untranslated in the
 * default language and `<html lang="es">`. The texts go out and back in as a CSV file through the same
 * place, and a malformed file is refused naming its row. A French browser gets French built-in words with
 * no parameter; the storefront's `?locale=` beats the browser's language. Screenshots of the Languages
 * tab and the Spanish player at 1280 and 375 px.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import en from '@quizlead/shared/i18n/catalogue/en.ts';
import es from '@quizlead/shared/i18n/catalogue/es.ts';
import fr from '@quizlead/shared/i18n/catalogue/fr.ts';
import it_ from '@quizlead/shared/i18n/catalogue/it.ts';
import { languagesScreenTexts as texts } from '@quizlead/shared/i18n/languagesScreen.ts';
import { translationsCsvMessages } from '@quizlead/shared/i18n/translationsCsvMessages.ts';
import type { TQuizDetail } from '@quizlead/shared/schemas/quiz.ts';
import { startBrowserHarness, type BrowserHarness } from './harness.ts';
import { fitsWidth, noSeriousViolations, signedInPage, toast, type Owner } from './ownerScreens.ts';
import { buildQuiz, personality, question } from './playerQuizzes.ts';

const shots = '/work/shots/e2e34/';
let harness: BrowserHarness;
let owner: Owner;
let quiz: TQuizDetail;

beforeAll(async () => {
  harness = await startBrowserHarness();
  mkdirSync(shots, { recursive: true });
  ({ owner } = await signedInPage(harness));
  quiz = await buildQuiz(owner.client, {
    quizType: 'personality_quiz',
    title: 'Coffee match',
    personalities: [personality('bright', 'Bright explorer'), personality('bold', 'Bold classic')],
    settings: { collectEmail: false },
    questions: [
      question('Which roast do you like?', [
        { id: 'light', text: 'Light roast', personalityId: 'bright' },
        { id: 'dark', text: 'Dark roast', personalityId: 'bold' },
      ]),
    ],
  });
});
afterAll(() => harness?.close());

// The tests run in order on one quiz: the CSV test starts from the translations the first one saved.

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${shots}${name}.png`, fullPage: true });
}

const visible = (locator: ReturnType<Page['locator']>) =>
  expect.poll(() => locator.first().isVisible(), { timeout: 10_000 }).toBe(true);
const htmlLanguage = (page: Page) => page.evaluate(() => `${document.documentElement.lang} ${document.documentElement.dir}`);
const field = (page: Page, label: string) => page.getByRole('textbox', { name: `${label} (Español)`, exact: true });

/** The quiz in the builder with its Languages tab open. */
async function openLanguages(page: Page) {
  await page.goto(`/app/Quiz/Edit/${quiz.id}`);
  await visible(page.getByRole('textbox', { name: 'Quiz title' }));
  await page.getByRole('tab', { name: 'Languages', exact: true }).click();
  await visible(page.getByRole('heading', { name: texts.translationsTitle }).or(page.getByText(texts.noneAdded)));
}

it('translates a quiz into Spanish in the builder; a visitor with ?lang=es sees it with the Spanish built-in words', async () => {
  const { page } = await signedInPage(harness, 1280, owner);
  await openLanguages(page);
  await visible(page.getByText(texts.noneAdded));

  await page.getByRole('combobox', { name: texts.addLanguage }).selectOption('es');
  await page.getByRole('button', { name: texts.addButton, exact: true }).click();
  await visible(field(page, 'Title'));
  // The default text is shown beside each field.
  await visible(page.getByText('Default (English): Which roast do you like?'));
  await field(page, 'Title').fill('Tu café ideal');
  await field(page, 'Question 1').click();
  await page.keyboard.type('¿Qué tueste te gusta?');
  await field(page, 'Question 1 · Option 1').fill('Tueste claro');
  // Option 2 stays untranslated.
  await field(page, 'Outcome 1 · Title').fill('Explorador luminoso');
  await page.getByRole('button', { name: texts.save, exact: true }).click();
  await visible(toast(page, texts.saved));
  await shot(page, 'builder-languages-1280');
  await noSeriousViolations(page, 'languages tab');

  // After a reload, the translations are the saved ones.
  await openLanguages(page);
  await expect.poll(() => field(page, 'Title').inputValue()).toBe('Tu café ideal');
  await expect.poll(() => field(page, 'Question 1 · Option 1').inputValue()).toBe('Tueste claro');
  expect(await field(page, 'Question 1 · Option 2').inputValue()).toBe('');
  await page.setViewportSize({ width: 375, height: 800 });
  await fitsWidth(page, 375);
  await shot(page, 'builder-languages-375');

  for (const width of [1280, 375]) {
    const visitor = await harness.newPage({ width });
    const sent: Record<string, unknown>[] = [];
    visitor.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/plays'))
        sent.push(request.postDataJSON() as Record<string, unknown>);
    });
    await visitor.goto(`/play/${quiz.id}?lang=es`);
    await visible(visitor.getByRole('button', { name: es['player.start'], exact: true }));
    expect(await htmlLanguage(visitor)).toBe('es ltr');
    await visible(visitor.getByText('Tu café ideal'));
    expect(await visitor.getByText('Coffee match', { exact: true }).count()).toBe(0);
    // The welcome message was not translated: it shows in the default language.
    await visible(visitor.getByText('Welcome to Coffee match'));
    await shot(visitor, `player-es-${width}-1-start`);
    await visitor.getByRole('button', { name: es['player.start'], exact: true }).click();
    await visible(visitor.getByRole('heading', { name: '¿Qué tueste te gusta?' }));
    await visible(visitor.getByRole('button', { name: 'Tueste claro', exact: true }));
    // The option left untranslated falls back to the default language, never a blank.
    await visible(visitor.getByRole('button', { name: 'Dark roast', exact: true }));
    await fitsWidth(visitor, width);
    await shot(visitor, `player-es-${width}-2-question`);
    await visitor.getByRole('button', { name: 'Tueste claro', exact: true }).click();
    // The result's outcome in the play's language, with the product's Spanish words.
    await visible(visitor.getByText('Explorador luminoso'));
    await visible(visitor.getByText(es['player.yourResult']));
    await visible(visitor.getByRole('button', { name: es['player.retake'] }));
    expect(await visitor.getByText('Bright explorer', { exact: true }).count()).toBe(0);
    // Its description was not translated: the default language's.
    await visible(visitor.getByText('Bright explorer description'));
    expect(await visitor.evaluate(() => document.body.innerText)).not.toContain(en['player.retake']);
    await fitsWidth(visitor, width);
    await shot(visitor, `player-es-${width}-3-result`);
    // The play records the language it was shown in.
    expect(sent.length).toBeGreaterThan(0);
    for (const body of sent) expect(body.language).toBe('es');
    await visitor.close();
  }

  // The same quiz in its default language is untouched.
  const english = await harness.newPage();
  await english.goto(`/play/${quiz.id}?lang=en`);
  await visible(english.getByText('Coffee match'));
  await english.close();
});

it('exports the texts as CSV, imports a changed cell, and refuses a malformed file naming its row', async () => {
  const { page } = await signedInPage(harness, 1280, owner);
  await openLanguages(page);
  await visible(field(page, 'Title'));

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: texts.exportCsv, exact: true }).click(),
  ]);
  const csv = readFileSync(await download.path()).toString('utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toBe('key,default,es');
  const optionKey = `question.${quiz.questions[0]!.id}.option.dark`;
  const row = lines.findIndex((line) => line.startsWith(`${optionKey},`));
  expect(lines[row]).toBe(`${optionKey},Dark roast,`);
  expect(lines).toContain('title,Coffee match,Tu café ideal');

  // A translator fills the empty cell; the import shows it in its field.
  const changed = lines.map((line, index) => (index === row ? `${optionKey},Dark roast,Tueste oscuro` : line));
  const input = page.locator('input[type="file"]');
  await input.setInputFiles({ name: 'quiz-translations.csv', mimeType: 'text/csv', buffer: Buffer.from(changed.join('\r\n')) });
  await visible(toast(page, translationsCsvMessages.imported(1, 5)));
  await expect.poll(() => field(page, 'Question 1 · Option 2').inputValue()).toBe('Tueste oscuro');

  // A file whose third row misses a cell is refused whole, naming the row: its good second row is not imported.
  const malformed = ['key,default,es', `${optionKey},Dark roast,Tostado`, 'title,Coffee match'];
  await input.setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(malformed.join('\r\n')) });
  await visible(page.getByText(translationsCsvMessages.at(3) + translationsCsvMessages.cells(3, 2)));
  await shot(page, 'builder-languages-csv-error-1280');
  await openLanguages(page);
  await expect.poll(() => field(page, 'Question 1 · Option 2').inputValue()).toBe('Tueste oscuro');

  const visitor = await harness.newPage({ width: 375 });
  await visitor.goto(`/play/${quiz.id}?lang=es`);
  await visitor.getByRole('button', { name: es['player.start'], exact: true }).click();
  await visible(visitor.getByRole('button', { name: 'Tueste oscuro', exact: true }));
  await visitor.close();
});

it("gives a French browser French built-in words with no parameter, and the storefront's ?locale= beats a German browser", async () => {
  const french = await harness.browser.newContext({ baseURL: harness.server.url, locale: 'fr-FR' });
  const german = await harness.browser.newContext({ baseURL: harness.server.url, locale: 'de-DE' });
  try {
    const page = await french.newPage();
    await page.goto(`/play/${quiz.id}`);
    await visible(page.getByRole('button', { name: fr['player.start'], exact: true }));
    expect(await htmlLanguage(page)).toBe('fr ltr');
    // No French translation: the owner's texts are in the default language.
    await visible(page.getByText('Coffee match'));
    await page.getByRole('button', { name: fr['player.start'], exact: true }).click();
    await visible(page.getByRole('button', { name: 'Light roast', exact: true }));

    const storefront = await german.newPage();
    await storefront.goto(`/play/${quiz.id}?locale=it`);
    await visible(storefront.getByRole('button', { name: it_['player.start'], exact: true }));
    expect(await htmlLanguage(storefront)).toBe('it ltr');
    expect(await storefront.evaluate(() => document.body.innerText)).not.toContain('Starten');
  } finally {
    await french.close();
    await german.close();
  }
});
