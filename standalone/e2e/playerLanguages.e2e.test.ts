/**
 * The player in the visitor's language (issue 34): `?lang=de` and `?lang=ja` show no English built-in word on any
 * screen (start, questions, the lead form with its errors, the result); `?lang=ar` is right to left and
 * axe-clean; a German browser gets German with no parameter; the storefront's `?locale=` beats the
 * browser's language; the server writes `<html lang dir>` before the page runs; plays and leads carry the
 * language shown. The poll and the wheel in German and Arabic too. Screenshots of de, ja and ar at 375 and 1280 px.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import ar from '@quizlead/shared/i18n/catalogue/ar.ts';
import de from '@quizlead/shared/i18n/catalogue/de.ts';
import en from '@quizlead/shared/i18n/catalogue/en.ts';
import ja from '@quizlead/shared/i18n/catalogue/ja.ts';
import type { Catalogue, Message } from '@quizlead/shared/i18n/catalogue/types.ts';
import type { TQuizDetail } from '@quizlead/shared/schemas/quiz.ts';
import { createOwner } from '../../server/src/test/factories.ts';
import { createPoll, createWheel } from '../../server/src/test/widgetFactory.ts';
import { startBrowserHarness, type BrowserHarness } from './harness.ts';
import { buildQuiz, question } from './playerQuizzes.ts';

let harness: BrowserHarness;
let quiz: TQuizDetail;
let owner: Awaited<ReturnType<typeof createOwner>>['client'];
beforeAll(async () => {
  harness = await startBrowserHarness();
  const { client } = await createOwner(harness.server);
  owner = client;
  // The owner's own words are not English (translating them is the owner's part): every English word a
  // screen shows would be a built-in one left untranslated. The settings keep their stored English defaults.
  quiz = await buildQuiz(client, {
    quizType: 'graded_quiz',
    title: 'Kaffeewissen',
    settings: {
      collectEmail: true,
      askPhone: true,
      privacyPolicyText: 'Datenschutzerklärung gelesen',
      socialSharing: true,
      offerMessage: 'Verkostung buchen',
      offerButtonLink: 'https://example.com/buchen',
      welcomeMessage: '<p>Willkommen zum Kaffeewissen</p>',
      scoreType: 'percentage',
    },
    questions: [
      question('Welche Röstung ist am dunkelsten?', [
        { id: 'a', text: 'Helle Röstung' },
        { id: 'b', text: 'Dunkle Röstung', correct: true },
      ]),
      question(
        'Welche sind Kaffeesorten?',
        [
          { id: 'a', text: 'Arabica', correct: true },
          { id: 'b', text: 'Robusta', correct: true },
          { id: 'c', text: 'Assam' },
        ],
        { kind: 'multiple' },
      ),
    ],
  });
});
afterAll(() => harness?.close());

const textsOf = (message: Message) => (typeof message === 'string' ? [message] : Object.values(message));
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Every English built-in text as a pattern (placeholders match anything, whole words only), but those the
 * language rightly writes the same ("Quiz" in German).
 */
function englishPatterns(shown: Partial<Catalogue>): { text: string; pattern: RegExp }[] {
  return (Object.entries(en) as [keyof Catalogue, Message][])
    .flatMap(([key, message]) =>
      textsOf(message)
        .filter((text) => !textsOf(shown[key] ?? '').includes(text))
        .map((text) => ({
          text,
          pattern: new RegExp(`(?<![\\p{L}])${escaped(text).replace(/\\\{\w+\\\}/g, '.+?')}(?![\\p{L}])`, 'u'),
        })),
    )
    .filter(({ text }) => text.trim().length > 1);
}

/** What a visitor reads or hears on the page: its text and the names, hints and placeholders of its elements. */
const pageWords = (page: Page) =>
  page.evaluate(() => {
    const words = [document.body.innerText];
    for (const element of document.querySelectorAll('*'))
      for (const name of ['aria-label', 'placeholder', 'title', 'alt'])
        if (element.getAttribute(name)) words.push(element.getAttribute(name)!);
    return words.join('\n');
  });

/** The English built-in texts the page shows. */
async function englishLeft(page: Page, shown: Partial<Catalogue>) {
  const words = await pageWords(page);
  return englishPatterns(shown)
    .filter(({ pattern }) => pattern.test(words))
    .map(({ text }) => text);
}

async function expectNoEnglish(page: Page, shown: Partial<Catalogue>, screen: string) {
  expect(await englishLeft(page, shown), `${screen}: ${await pageWords(page)}`).toEqual([]);
}

async function noSeriousViolations(page: Page, screen: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${screen}: ${violation.id} ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

const htmlLanguage = (page: Page) => page.evaluate(() => `${document.documentElement.lang} ${document.documentElement.dir}`);

/** Plays the quiz in the catalogue's words: start, both questions (back once), the lead form (refused once, then sent), the result. */
async function playIn(page: Page, words: Partial<Catalogue>, visit: (screen: string) => Promise<void>) {
  const w = (key: keyof Catalogue) => words[key] as string;
  await expect.poll(() => page.getByRole('button', { name: w('player.start'), exact: true }).isVisible()).toBe(true);
  await visit('1-start');
  await page.getByRole('button', { name: w('player.start'), exact: true }).click();
  await page.getByRole('button', { name: 'Dunkle Röstung' }).click();
  await expect.poll(() => page.getByRole('checkbox', { name: 'Arabica' }).isVisible()).toBe(true);
  await page.getByRole('checkbox', { name: 'Arabica' }).click();
  await visit('2-question');
  await page.getByRole('button', { name: w('player.back') }).click();
  await page.getByRole('button', { name: w('player.next') }).click();
  await page.getByRole('checkbox', { name: 'Robusta' }).click();
  await expect.poll(() => page.getByRole('heading', { name: w('lead.prompt') }).isVisible()).toBe(true);
  await page.getByRole('button', { name: w('player.continue'), exact: true }).click();
  await expect.poll(() => page.getByText(w('lead.nameRequired')).isVisible()).toBe(true);
  await visit('3-lead-errors');
  await page.getByLabel(w('lead.name')).fill('Vera');
  await page.getByLabel(w('lead.email')).fill('vera@example.com');
  await page.getByRole('checkbox', { name: 'Datenschutzerklärung gelesen' }).check();
  await page.getByRole('button', { name: w('player.continue'), exact: true }).click();
  await expect.poll(() => page.getByRole('button', { name: w('player.retake') }).isVisible()).toBe(true);
  await visit('4-result');
}

for (const width of [375, 1280]) {
  for (const [language, words] of [
    ['de', de],
    ['ja', ja],
  ] as const) {
    it(`?lang=${language} shows no English built-in word on any screen (${width} px), and the plays carry their language`, async () => {
      const page = await harness.newPage({ width });
      const sent: Record<string, unknown>[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && /\/(plays|lead)$/.test(new URL(request.url()).pathname))
          sent.push(request.postDataJSON() as Record<string, unknown>);
      });
      await page.goto(`/play/${quiz.id}?lang=${language}`);
      expect(await htmlLanguage(page)).toBe(`${language} ltr`);
      await playIn(page, words, async (screen) => {
        await expectNoEnglish(page, words, screen);
        await harness.screenshot(page, `player-${language}-${width}-${screen}`);
      });
      // The result in the language: its kicker, the score in its number format, the certificate.
      await expect.poll(() => page.getByText(words['player.yourResult']).isVisible()).toBe(true);
      await expect
        .poll(() => page.getByTestId('result-summary').textContent())
        .toBe(new Intl.NumberFormat(language, { style: 'percent' }).format(1));
      await expect.poll(() => page.getByText(words['player.certificate']).isVisible()).toBe(true);
      expect(sent.length).toBeGreaterThanOrEqual(2);
      for (const body of sent) expect(body.language).toBe(language);
    });
  }

  it(`?lang=ar reads right to left and is axe-clean (${width} px)`, async () => {
    const page = await harness.newPage({ width });
    await page.goto(`/play/${quiz.id}?lang=ar`);
    expect(await htmlLanguage(page)).toBe('ar rtl');
    await playIn(page, ar, async (screen) => {
      await expectNoEnglish(page, ar, screen);
      await noSeriousViolations(page, screen);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await harness.screenshot(page, `player-ar-${width}-${screen}`);
    });
  });
}

it("gives a German browser German with no parameter, and the storefront's ?locale= beats it", async () => {
  const context = await harness.browser.newContext({ baseURL: harness.server.url, locale: 'de-DE' });
  try {
    const page = await context.newPage();
    await page.goto(`/play/${quiz.id}`);
    await expect.poll(() => page.getByRole('button', { name: de['player.start'], exact: true }).isVisible()).toBe(true);
    expect(await htmlLanguage(page)).toBe('de ltr');
    await page.goto(`/quizplayer2.html?quizid=${quiz.id}&locale=ar`);
    await expect.poll(() => page.getByRole('button', { name: ar['player.start'], exact: true }).isVisible()).toBe(true);
    expect(await htmlLanguage(page)).toBe('ar rtl');
    // The explicit choice beats the storefront's.
    await page.goto(`/quizplayer2.html?quizid=${quiz.id}&locale=ar&lang=de`);
    await expect.poll(() => page.getByRole('button', { name: de['player.start'], exact: true }).isVisible()).toBe(true);
    // The check of the German screens finds English where it is shown.
    await page.goto(`/play/${quiz.id}?lang=en`);
    await expect.poll(() => page.getByRole('button', { name: en['player.start'], exact: true }).isVisible()).toBe(true);
    expect(await englishLeft(page, de)).toEqual(expect.arrayContaining([en['player.start'], en['common.poweredBy']]));
  } finally {
    await context.close();
  }
});

it('writes <html lang dir> on the server from ?lang= and Accept-Language, before the page runs', async () => {
  const html = async (path: string, acceptLanguage = 'en-US') =>
    (await fetch(`${harness.server.url}${path}`, { headers: { 'accept-language': acceptLanguage } })).text();
  expect(await html(`/play/${quiz.id}?lang=de`)).toContain('<html lang="de" dir="ltr"');
  expect(await html(`/play/${quiz.id}`, 'ar-EG,ar;q=0.9,en;q=0.5')).toContain('<html lang="ar" dir="rtl"');
  expect(await html(`/quizplayer.html?quizid=${quiz.id}`, 'fa-IR')).toContain('<html lang="en" dir="ltr"');
  expect(await html('/poll/publish/show/00000000-0000-4000-8000-000000000000/x?locale=de')).toContain(
    '<html lang="de" dir="ltr"',
  );
  // The short link page says so in the visitor's language.
  const missing = await html('/play/nope1234', 'de-DE');
  expect(missing).toContain(de['page.shortLinkNotFound']);
  expect(missing).toContain('<html lang="de" dir="ltr">');
});

for (const [language, words] of [
  ['de', de],
  ['ar', ar],
] as const) {
  it(`votes in a poll and spins a wheel in ${language}, the server's answers too`, async () => {
    const poll = await createPoll(owner, { description: 'Kaffee oder Tee?', options: ['Kaffee', 'Tee'], collectEmail: true });
    const page = await harness.newPage({ width: 375 });
    const sent: Record<string, unknown>[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') sent.push(request.postDataJSON() as Record<string, unknown>);
    });
    await page.goto(`/poll/publish/show/${poll.id}/${poll.slug}?lang=${language}`);
    await page.getByRole('button', { name: 'Kaffee' }).click();
    await page.getByRole('button', { name: words['poll.vote'] }).click();
    await expect.poll(() => page.getByText(words['widget.emailRequired']).isVisible()).toBe(true);
    await expectNoEnglish(page, words, 'poll email');
    await page.getByLabel(words['widget.yourEmail']).fill('vera@example.com');
    await page.getByRole('button', { name: words['poll.vote'] }).click();
    // The server words its thanks in English; the page shows them in the visitor's language.
    await expect.poll(() => page.getByRole('heading', { name: words['poll.voted'] }).isVisible()).toBe(true);
    await expectNoEnglish(page, words, 'poll results');
    expect(await htmlLanguage(page)).toBe(language === 'ar' ? 'ar rtl' : 'de ltr');
    await noSeriousViolations(page, `poll ${language}`);
    await harness.screenshot(page, `widgets-poll-${language}-375`);
    expect(sent.map((body) => body.language)).toEqual([language]);

    const wheel = await createWheel(owner, { description: 'Dreh das Rad', collectEmail: true });
    await page.goto(`/wheelspin/publish/show/${wheel.id}/${wheel.slug}?lang=${language}`);
    await page.getByRole('button', { name: words['wheel.spin'] }).click();
    await expect.poll(() => page.getByText(words['wheel.emailRequired']).isVisible()).toBe(true);
    await expectNoEnglish(page, words, 'wheel');
    await noSeriousViolations(page, `wheel ${language}`);
    await harness.screenshot(page, `widgets-wheel-${language}-375`);
  });
}
