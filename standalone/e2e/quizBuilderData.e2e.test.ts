/**
 * Every answer a named piece of data (issue 33), as the owner sets it up in the builder: a question's "Send as"
 * key and an option's value and tag, saved, listed in the Data tab with the webhook they go to, and then in
 * the body that webhook receives when a visitor plays the quiz and leaves a lead.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { quizMessages } from '@quizlead/shared/quizzes.ts';
import { destinationReceives } from '@quizlead/shared/schemas/answerProperties.ts';
import { WebhookReceiver } from '../../server/src/test/fakes/webhookReceiver.ts';
import { getTestServer } from '../../server/src/test/getTestServer.ts';
import { createGradedQuiz } from '../../server/src/test/quizFactory.ts';
import { startBrowserHarness, type BrowserHarness } from './harness.ts';
import { fitsWidth, screenshot, signedInPage, toast } from './ownerScreens.ts';
import { playThrough } from './playerQuizzes.ts';

let receiver: WebhookReceiver;
let harness: BrowserHarness;

beforeAll(async () => {
  receiver = await WebhookReceiver.start('');
  harness = await startBrowserHarness(() => getTestServer({ WEBHOOKS_ALLOW_PRIVATE: 'true' }));
});
afterAll(async () => {
  await harness?.close();
  await receiver?.close();
});

const visible = (page: Page, locator: ReturnType<Page['locator']>) =>
  expect.poll(() => locator.first().isVisible(), { timeout: 10_000 }).toBe(true);
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

async function openQuestionData(page: Page) {
  await tab(page, 'Design').click();
  await page.getByRole('button', { name: 'Edit question 1' }).click();
  const toggle = page.getByRole('button', { name: 'Data: Send as, values and tags' });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await visible(page, page.getByRole('textbox', { name: 'Send as' }));
}

it('sends a question under the owner’s key and adds an option’s tag, as the Data tab lists them', async () => {
  const { page, owner } = await signedInPage(harness);
  const quiz = await createGradedQuiz(owner.client, {
    title: 'Skin quiz',
    questions: 1,
    publish: true,
    questionTitle: () => '<p>What is your skin type?</p>',
  });
  const added = await owner.client.post('/api/v1/settings/webhooks', { url: receiver.url('/leads') });
  expect(added.status).toBe(201);
  receiver.verifyWith = added.body.data.secret;

  // The question's Data: the default key is shown; the owner sends it as skin_type, answer 1 as `oily` with a tag.
  await page.goto(`/app/Quiz/Edit/${quiz.id}`);
  await visible(page, page.getByRole('textbox', { name: 'Quiz title' }));
  await openQuestionData(page);
  const sendAs = page.getByRole('textbox', { name: 'Send as' });
  expect(await sendAs.getAttribute('placeholder')).toBe('what_is_your_skin_type');
  await sendAs.fill('Skin type');
  await visible(page, page.getByText('Use 1–40 lowercase letters, digits or underscores, e.g. skin_type'));
  await sendAs.fill('skin_type');
  await page.getByRole('textbox', { name: 'Answer 1 value' }).fill('oily');
  await page.getByRole('textbox', { name: 'Answer 1 tags' }).fill('skin-oily');
  await page.getByRole('checkbox', { name: /Use in segments/ }).check({ force: true });
  await visible(page, page.getByText('skin_type: "oily"', { exact: true }));
  await screenshot(harness, page, 'builder-question-data-1280');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await visible(page, toast(page, quizMessages.questionSaved));

  // The Data tab lists the property, its value and tag, and the webhook it goes to.
  await tab(page, 'Data').click();
  const property = page.getByRole('listitem', { name: 'skin_type' });
  await visible(page, property);
  expect(await property.innerText()).toMatch(/What is your skin type\?[\s\S]*4 → "oily"[\s\S]*skin-oily/);
  await expect.poll(() => property.innerText()).toContain('Segment');
  const destinations = page.getByRole('list', { name: 'Destinations' });
  await visible(page, destinations.getByText(`Webhook ${receiver.url('/leads')}`));
  await visible(page, destinations.getByText(destinationReceives.webhook));
  await screenshot(harness, page, 'builder-data-tab-1280');

  await page.setViewportSize({ width: 375, height: 800 });
  await fitsWidth(page, 375);
  await screenshot(harness, page, 'builder-data-tab-375');
  await openQuestionData(page);
  await fitsWidth(page, 375);
  await screenshot(harness, page, 'builder-question-data-375');

  // A visitor picks that answer and leaves a lead: the webhook gets it under the key, with the tag.
  const visitor = await harness.newPage({ width: 1280 });
  await visitor.goto(`/play/${quiz.id}`);
  await playThrough(visitor, quiz, [[0, ['a1']]]);
  await expect.poll(() => visitor.getByLabel('Enter your name').isVisible()).toBe(true);
  await visitor.getByLabel('Enter your name').fill('Sam Skin');
  await visitor.getByLabel('Enter your Email').fill('sam.skin@example.com');
  await visitor.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBeGreaterThan(0);
  const lead = receiver.received.find((received) => (received.payload as { type?: string })?.type === 'lead.captured');
  expect(lead).toMatchObject({
    verified: true,
    payload: {
      data: {
        email: 'sam.skin@example.com',
        answers: { skin_type: 'oily' },
        questions: [{ key: 'skin_type', text: 'What is your skin type?', type: 'choice', optionIds: ['a1'] }],
      },
    },
  });
  expect((lead!.payload as { data: { tags: string[] } }).data.tags).toContain('skin-oily');
  await visitor.close();
});
