import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { quizMessages } from '@quizlead/shared/quizzes.ts';
import { createGradedQuiz } from '../../server/src/test/quizFactory.ts';
import { skipDashboardIntro } from './dashboardIntro.ts';
import { startBrowserHarness, type BrowserHarness } from './harness.ts';
import {
  cpuSlowdown,
  inpLimit,
  longTaskLimit,
  measureClick,
  median,
  recordInteractions,
  type Interaction,
} from './interactionTiming.ts';
import { rows, signedInPage, toast, type Owner } from './ownerScreens.ts';

/**
 * The five common actions of issue 38 stay under Built for Shopify's INP threshold (200 ms) on a
 * mid-range phone's CPU (the page's main thread slowed 4× while the interaction runs): open a quiz,
 * switch a builder tab, add a question, open the Create menu, toggle a publish switch.
 *
 * Each action runs five times and its median is judged. The file is the `timing` project's (vitest.config.ts):
 * it runs once every other test file is done, alone, so other files' servers and browsers are not in its
 * figures. Even alone, an interaction now and then waits on the scheduler (or on code run for the first
 * time) for a frame or two: such hiccups move the slowest runs, not the median of five, while a real
 * regression (a slow render, a handler doing too much) is in every run and so in the median. Every figure is
 * printed, with the main thread's frames over 50 ms, for docs/performance.md.
 */

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness();
});
afterAll(() => harness?.close());

const runs = 5;
const figures: string[] = [];

/** Judges the median of the runs and prints each run's figure and long frames. */
function judge(action: string, measured: Interaction[]) {
  const latencies = measured.map((run) => Math.round(run.latency));
  const runLines = measured.map((run) => {
    const parts = run.parts
      ? ` (${run.event}: input delay ${run.parts.inputDelay}, handlers ${run.parts.processing}, to paint ${run.parts.presentation})`
      : ` ${run.event}`;
    const frames = run.longFrames.map((frame) => `${frame.duration} ms [${frame.scripts.join('; ')}]`).join(' | ');
    const later = run.laterLongFrames.length ? `; later frames over ${longTaskLimit} ms: ${run.laterLongFrames.join(', ')}` : '';
    return `  ${Math.round(run.latency)} ms${parts}; frames over ${longTaskLimit} ms in it: ${frames || 'none'}${later}`;
  });
  const line = `${action}: median ${median(latencies)} ms\n${runLines.join('\n')}`;
  figures.push(line);
  // Soft: the other actions are still measured and printed when one is over.
  expect.soft(median(latencies), line).toBeLessThanOrEqual(inpLimit);
}

async function ownerPage(owner?: Owner) {
  const signedIn = await signedInPage(harness, 1280, owner);
  await skipDashboardIntro(signedIn.page);
  await recordInteractions(signedIn.page);
  return signedIn;
}

const visible = (page: Page, locator: ReturnType<Page['getByRole']>) => expect.poll(() => locator.first().isVisible()).toBe(true);
const quizTitle = (page: Page) => page.getByRole('textbox', { name: 'Quiz title' });
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

it('opens a quiz, switches a builder tab and adds a question within 200 ms each', async () => {
  const { owner, page } = await ownerPage();
  const quiz = await createGradedQuiz(owner.client, { title: 'Speedy quiz', questions: 6 });

  const opened: Interaction[] = [];
  for (let run = 0; run < runs; run++) {
    await page.goto('/app/Quizzes');
    await expect.poll(() => rows(page).count()).toBe(1);
    opened.push(
      await measureClick(page, page.getByRole('link', { name: 'Edit Speedy quiz' }), async () => {
        await expect.poll(() => quizTitle(page).inputValue()).toBe('Speedy quiz');
      }),
    );
  }
  expect(new URL(page.url()).pathname).toBe(`/app/Quiz/Edit/${quiz.id}`);
  judge('open a quiz (quizzes list → builder)', opened);

  // Settings → Design: the questions and the theme replace the settings, the preview follows.
  const switched: Interaction[] = [];
  for (let run = 0; run < runs; run++) {
    await tab(page, 'Settings').click();
    await expect.poll(() => tab(page, 'Settings').getAttribute('aria-selected')).toBe('true');
    switched.push(
      await measureClick(page, tab(page, 'Design'), async () => {
        await expect.poll(() => tab(page, 'Design').getAttribute('aria-selected')).toBe('true');
        await visible(page, page.getByRole('heading', { name: 'Questions (6)' }));
      }),
    );
  }
  judge('switch a builder tab (Settings → Design)', switched);

  // Add A Question opens the question form in place of the list, and the preview shows the blank question.
  const added: Interaction[] = [];
  for (let run = 0; run < runs; run++) {
    added.push(
      await measureClick(page, page.getByRole('button', { name: 'Add A Question' }), async () => {
        await visible(page, page.getByRole('textbox', { name: 'Question', exact: true }));
      }),
    );
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await visible(page, page.getByRole('button', { name: 'Add A Question' }));
  }
  judge('add a question (Add A Question → the question form)', added);
});

it('opens the Create menu and toggles a publish switch within 200 ms each', async () => {
  const { owner, page } = await ownerPage();
  await createGradedQuiz(owner.client, { title: 'Switch me', questions: 2 });

  // The primary Create Quiz action opens the menu of quiz types to create (the Templates screen's first step).
  const created: Interaction[] = [];
  for (let run = 0; run < runs; run++) {
    await page.goto('/app/');
    await visible(page, page.getByRole('heading', { name: 'Dashboard' }));
    await visible(page, page.getByText('Quizzes', { exact: true }));
    created.push(
      await measureClick(page, page.getByRole('link', { name: 'Create Quiz' }).first(), async () => {
        await visible(page, page.getByRole('link', { name: 'Choose Graded Quiz' }));
      }),
    );
  }
  judge('open the Create menu (dashboard → quiz types)', created);

  await page.goto('/app/Quizzes');
  await expect.poll(() => rows(page).count()).toBe(1);
  const published = page.getByRole('switch', { name: 'Published: Switch me' });
  const toggled: Interaction[] = [];
  for (let run = 0; run < runs; run++) {
    const next = run % 2 === 0 ? 'published' : 'draft';
    toggled.push(
      await measureClick(page, published, async () => {
        await expect.poll(() => published.getAttribute('aria-checked')).toBe(String(next === 'published'));
        await visible(page, toast(page, quizMessages.statusUpdated(next)));
      }),
    );
  }
  expect((await owner.client.get('/api/v1/quizzes')).body.data.items[0].status).toBe('published');
  judge('toggle a publish switch (quizzes list)', toggled);
});

afterAll(() => {
  if (figures.length) console.log(`Interactions at ${cpuSlowdown}× CPU slowdown:\n${figures.join('\n')}`);
});
