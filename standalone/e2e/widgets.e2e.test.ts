/**
 * The public poll, feedback widget and wheel spinner in the browser, as visitors meet them: voting
 * (with the confirm step, the email checks and the bars, compared with the API's own percentages), the
 * owner's demo poll, every feeling type with its validation texts and their three-second clearing,
 * retries that count once, and the wheel landing on the server's draw (compared with the spin the
 * owner API stored). axe-core on every screen; screenshots at 1280 and 375 px.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { feedbackMessages, feelingTypes, pollMessages, wheelMessages, wheelPalette } from '@quizlead/shared/engagement.ts';
import { createOwner } from '../../server/src/test/factories.ts';
import type { TestClient } from '../../server/src/test/getTestServer.ts';
import en from '@quizlead/shared/i18n/catalogue/en.ts';
import { createFeedback, createPoll, createWheel, submission } from '../../server/src/test/widgetFactory.ts';
import { startBrowserHarness, type BrowserHarness } from './harness.ts';

let harness: BrowserHarness;
let owner: TestClient;
beforeAll(async () => {
  harness = await startBrowserHarness();
  owner = (await createOwner(harness.server)).client;
});
afterAll(() => harness?.close());

async function noSeriousViolations(page: Page, screen: string) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.passes.length).toBeGreaterThan(5);
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${screen}: ${violation.id} (${violation.impact}) ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(serious).toEqual([]);
}

/** Nothing is wider than the screen. */
async function fitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

const visible = (page: Page, text: string) => page.getByText(text, { exact: true }).isVisible();

/** A vote sent straight to the public API, as another visitor's browser would (each with an email of their own). */
async function voteByApi(pollId: string, option: number, email = `someone-${submission()}@example.com`) {
  const response = await harness.server
    .client()
    .post(`/api/v1/public/polls/${pollId}/votes`, { submissionId: submission(), option, email });
  expect(response.status).toBe(201);
}

const shownPercentages = (page: Page) =>
  page.getByTestId('poll-percentage').evaluateAll((items) => items.map((item) => item.textContent));

// ---------------------------------------------------------------------------------------------
// Polls

for (const width of [1280, 375]) {
  it(`votes in a poll through its page and shows the API's percentages (${width} px)`, async () => {
    const poll = await createPoll(owner, {
      description: 'Which coffee do you order most?',
      options: ['Espresso', 'Flat white', 'Cappuccino with oat milk and cinnamon'],
      collectEmail: true,
    });
    await voteByApi(poll.id, 1);
    await voteByApi(poll.id, 1);
    await voteByApi(poll.id, 2);

    const page = await harness.newPage({ width, height: width === 375 ? 740 : 800 });
    // A slow answer shows the loading text first.
    await page.route(`**/api/v1/public/polls/${poll.id}`, async (route) => {
      await new Promise((done) => setTimeout(done, 400));
      await route.continue();
    });
    await page.goto(`/poll/publish/show/${poll.id}/${poll.slug}`);
    await expect.poll(() => visible(page, pollMessages.loading)).toBe(true);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: poll.description }).isVisible()).toBe(true);
    await noSeriousViolations(page, 'poll options');
    await harness.screenshot(page, `widgets-poll-${width}-1-options`);

    await page.getByRole('button', { name: 'Espresso' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Your choice' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Vote' }).click();
    await expect.poll(() => visible(page, pollMessages.emailRequired)).toBe(true);
    await page.getByLabel('Your email').fill('not-an-email@');
    await page.getByRole('button', { name: 'Vote' }).click();
    await expect.poll(() => visible(page, pollMessages.emailInvalid)).toBe(true);
    await noSeriousViolations(page, 'poll confirm');
    await harness.screenshot(page, `widgets-poll-${width}-2-confirm`);
    // Change goes back to the options; the choice can be made again.
    await page.getByRole('button', { name: 'Change' }).click();
    await page.getByRole('button', { name: 'Espresso' }).click();
    await page.getByLabel('Your email').fill(`voter-${width}@example.com`);
    await page.getByRole('button', { name: 'Vote' }).click();

    await expect.poll(() => page.getByRole('heading', { name: pollMessages.voted }).isVisible()).toBe(true);
    const api = await harness.server.client().get(`/api/v1/public/polls/${poll.id}`);
    expect(api.body.data.results.total).toBe(4);
    const expected = api.body.data.results.options.map((option: { percentage: number }) => `${option.percentage}%`);
    expect(expected).toEqual(['25%', '50%', '25%']);
    expect(await shownPercentages(page)).toEqual(expected);
    expect(await page.getByTestId('poll-result').first().textContent()).toContain('Your vote');
    // Each bar is as wide as its percentage.
    const barWidths = await page
      .locator('.qw-bar__fill')
      .evaluateAll((bars) => bars.map((bar) => Math.round((100 * bar.clientWidth) / bar.parentElement!.clientWidth)));
    expect(barWidths).toEqual([25, 50, 25]);
    await page.waitForTimeout(800);
    await noSeriousViolations(page, 'poll results');
    await fitsWidth(page, width);
    await harness.screenshot(page, `widgets-poll-${width}-3-results`);

    const votes = await owner.get(`/api/v1/polls/${poll.id}/votes`);
    expect(votes.body.data.items.find((vote: any) => vote.email === `voter-${width}@example.com`)).toMatchObject({
      option: 0,
      vote: 'Espresso',
    });

    // The same email again (another browser, another case): one vote per email, so the page says so
    // and shows the results as they are; nothing new counts.
    const again = await harness.newPage({ width, height: width === 375 ? 740 : 800 });
    await again.goto(`/poll/publish/show/${poll.id}/${poll.slug}`);
    await again.getByRole('button', { name: 'Flat white' }).click();
    await again.getByLabel('Your email').fill(` VOTER-${width}@Example.com`);
    await again.getByRole('button', { name: 'Vote' }).click();
    await expect.poll(() => again.getByRole('heading', { name: pollMessages.alreadyVoted }).isVisible()).toBe(true);
    // The heading takes the focus in an effect after it is painted: on a loaded machine, a moment after it shows.
    await expect.poll(() => again.evaluate(() => document.activeElement?.textContent)).toBe(pollMessages.alreadyVoted);
    expect(await shownPercentages(again)).toEqual(expected);
    expect(await again.getByText('Your vote').count()).toBe(0);
    await noSeriousViolations(again, 'poll already voted');
    await harness.screenshot(again, `widgets-poll-${width}-4-already-voted`);
    expect((await owner.get(`/api/v1/polls/${poll.id}/votes`)).body.data.total).toBe(4);
  });
}

it('counts a retried vote once (the submission id is kept until it succeeds)', async () => {
  const poll = await createPoll(owner, { description: 'Tea or coffee?', options: ['Tea', 'Coffee'], collectEmail: false });
  const page = await harness.newPage();
  let failures = 0;
  // The first vote reaches the server, but its answer is lost on the way back.
  await page.route(`**/api/v1/public/polls/${poll.id}/votes`, async (route) => {
    if (failures++ === 0) {
      await route.fetch();
      return route.abort('connectionreset');
    }
    await route.continue();
  });
  await page.goto(`/poll/publish/show/${poll.id}/${poll.slug}`);
  await page.getByRole('button', { name: 'Coffee' }).click();
  // No email asked for: the confirm step has just the choice.
  expect(await page.getByLabel('Your email').count()).toBe(0);
  await page.getByRole('button', { name: 'Vote' }).click();
  await expect.poll(() => page.getByRole('alert').textContent()).toContain('Server error');
  await page.getByRole('button', { name: 'Vote' }).click();
  await expect.poll(() => page.getByRole('heading', { name: pollMessages.voted }).isVisible()).toBe(true);
  expect(await shownPercentages(page)).toEqual(['0%', '100%']);
  expect((await owner.get(`/api/v1/polls/${poll.id}/votes`)).body.data.total).toBe(1);
});

it('asks for the email on the demo poll, and says when a poll is unpublished or closed', async () => {
  const poll = await createPoll(owner, {
    description: 'Best pastry?',
    options: ['Croissant', 'Pain au chocolat'],
    collectEmail: false,
  });
  const page = await harness.newPage({ width: 375 });
  await page.goto(`/poll/demo/preview/${poll.id}/${poll.slug}`);
  await page.getByRole('button', { name: 'Croissant' }).click();
  await page.getByRole('button', { name: 'Vote' }).click();
  await expect.poll(() => visible(page, pollMessages.emailRequired)).toBe(true);
  await page.getByLabel('Your email').fill('owner.demo@');
  await page.getByRole('button', { name: 'Vote' }).click();
  await expect.poll(() => visible(page, pollMessages.emailInvalid)).toBe(true);
  await page.getByLabel('Your email').fill('owner.demo@example.com');
  await page.getByRole('button', { name: 'Vote' }).click();
  await expect.poll(() => page.getByRole('heading', { name: pollMessages.voted }).isVisible()).toBe(true);
  expect(await shownPercentages(page)).toEqual(['100%', '0%']);
  expect((await owner.get(`/api/v1/polls/${poll.id}/votes`)).body.data.items[0]).toMatchObject({
    email: 'owner.demo@example.com',
    vote: 'Croissant',
  });

  const hidden = await createPoll(owner, { description: 'Hidden', options: ['A', 'B'], status: 'unpublished' });
  await page.goto(`/poll/publish/show/${hidden.id}/${hidden.slug}`);
  await expect.poll(() => page.getByRole('heading', { level: 1, name: pollMessages.unpublished }).isVisible()).toBe(true);
  await noSeriousViolations(page, 'poll unpublished');
  await harness.screenshot(page, 'widgets-poll-375-4-unpublished');

  const closed = await createPoll(owner, {
    description: 'Last year’s favourite?',
    options: ['Mocha', 'Macchiato'],
    expiresAt: new Date(Date.now() + 60_000).toISOString(),
  });
  await voteByApi(closed.id, 1);
  const update = await owner.put(`/api/v1/polls/${closed.id}`, {
    description: closed.description,
    options: closed.options,
    expiresAt: new Date(Date.now() - 1000).toISOString(),
  });
  expect(update.status).toBe(200);
  await page.goto(`/poll/publish/show/${closed.id}/${closed.slug}`);
  await expect.poll(() => page.getByRole('heading', { name: pollMessages.closed }).isVisible()).toBe(true);
  expect(await shownPercentages(page)).toEqual(['0%', '100%']);
  expect(await page.getByRole('button', { name: 'Mocha' }).count()).toBe(0);
});

// ---------------------------------------------------------------------------------------------
// Feedback

/** What the owner API stored for a web response. */
const responsesOf = async (feedbackId: string) => (await owner.get(`/api/v1/feedbacks/${feedbackId}/responses`)).body.data;

/** The error shown on the click at `clickedAt` is still there two seconds later and gone a little after three. */
async function showsForThreeSeconds(page: Page, text: string, clickedAt: number) {
  await expect.poll(() => visible(page, text)).toBe(true);
  await page.waitForTimeout(Math.max(0, clickedAt + 2000 - Date.now()));
  expect(await visible(page, text)).toBe(true);
  await expect.poll(() => visible(page, text), { timeout: 3000, interval: 100 }).toBe(false);
  expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(3000);
  expect(Date.now() - clickedAt).toBeLessThan(4000);
}

/** A choice's name as the page writes it (the value sent is the stored English one: 'Thumbs Up'). */
const thumbNames: Record<string, string> = { 'Thumbs Up': en['feedback.thumbsUp'], 'Thumbs Down': en['feedback.thumbsDown'] };
const choiceName = (type: string, value: string, index: number) =>
  type === 'star' ? `${index + 1} ${index === 0 ? 'star' : 'stars'}` : (thumbNames[value] ?? value);

for (const [index, type] of feelingTypes.entries()) {
  const collectEmail = type === 'emotion' || type === 'scale';
  const customColor = type === 'star' ? '#0f766e' : type === 'scale' ? '#ffeb3b' : null;
  it(`sends ${type} feedback with the validation texts${collectEmail ? ' and the email' : ''}`, async () => {
    const feedback = await createFeedback(owner, {
      title: 'Your Experience is Important for Us!',
      question: 'Do you find the information on this page useful?',
      feelingType: type,
      collectEmail,
      customColor,
    });
    const width = index % 2 === 0 ? 1280 : 375;
    const page = await harness.newPage({ width, height: width === 375 ? 740 : 800 });
    await page.goto(`/feedback/preview/${feedback.id}`);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: feedback.title }).isVisible()).toBe(true);
    const values: string[] = (await harness.server.client().get(`/api/v1/public/feedbacks/${feedback.id}`)).body.data.values;
    expect(await page.getByRole('radio').count()).toBe(values.length);
    // The form at the other width too.
    const other = width === 1280 ? 375 : 1280;
    await page.setViewportSize({ width: other, height: 800 });
    await noSeriousViolations(page, `${type} form at ${other} px`);
    await fitsWidth(page, other);
    await harness.screenshot(page, `widgets-feedback-${type}-${other}-1-form`);
    await page.setViewportSize({ width, height: 800 });
    await noSeriousViolations(page, `${type} form`);
    await harness.screenshot(page, `widgets-feedback-${type}-${width}-1-form`);

    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => visible(page, feedbackMessages.valueRequired)).toBe(true);
    if (collectEmail) expect(await visible(page, feedbackMessages.emailRequired)).toBe(true);
    await noSeriousViolations(page, `${type} errors`);
    await harness.screenshot(page, `widgets-feedback-${type}-${width}-2-errors`);
    // The errors' three seconds, timed from a click of their own (the checks above take their time on a loaded machine).
    await expect.poll(() => visible(page, feedbackMessages.valueRequired), { timeout: 5000 }).toBe(false);
    let clickedAt = Date.now();
    await page.getByRole('button', { name: 'Send' }).click();
    await showsForThreeSeconds(page, feedbackMessages.valueRequired, clickedAt);
    expect(await visible(page, feedbackMessages.emailRequired)).toBe(false);

    const pick = values.length - 2;
    await page.getByRole('radio', { name: choiceName(type, values[pick]!, pick), exact: true }).check();
    if (collectEmail) {
      clickedAt = Date.now();
      await page.getByRole('button', { name: 'Send' }).click();
      await showsForThreeSeconds(page, feedbackMessages.emailRequired, clickedAt);
      await page.getByLabel('Your email').fill('visitor@example');
      await page.getByRole('button', { name: 'Send' }).click();
      await expect.poll(() => visible(page, feedbackMessages.emailInvalid)).toBe(true);
      await page.getByLabel('Your email').fill(`visitor-${type}@example.com`);
    }
    await harness.screenshot(page, `widgets-feedback-${type}-${width}-3-picked`);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => visible(page, feedbackMessages.thanks)).toBe(true);
    expect(await page.getByRole('button', { name: 'Send' }).count()).toBe(0);
    expect(await page.getByRole('radio').count()).toBe(0);
    await noSeriousViolations(page, `${type} thanks`);
    await fitsWidth(page, width);
    await harness.screenshot(page, `widgets-feedback-${type}-${width}-4-thanks`);

    const stored = await responsesOf(feedback.id);
    expect(stored.total).toBe(1);
    expect(stored.items[0]).toMatchObject({
      feelingType: type,
      value: values[pick],
      email: collectEmail ? `visitor-${type}@example.com` : null,
    });
  });
}

it('stores a retried feedback once', async () => {
  const feedback = await createFeedback(owner, { feelingType: 'thumb' });
  const page = await harness.newPage();
  let calls = 0;
  await page.route(`**/api/v1/public/feedbacks/${feedback.id}/responses`, async (route) => {
    if (calls++ === 0) {
      await route.fetch();
      return route.abort('connectionreset');
    }
    await route.continue();
  });
  await page.goto(`/feedback/preview/${feedback.id}`);
  await page.getByRole('radio', { name: 'Thumbs Up' }).check();
  await page.getByRole('button', { name: 'Send' }).click();
  await expect.poll(() => page.getByRole('alert').textContent()).toContain('Server error');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect.poll(() => visible(page, feedbackMessages.thanks)).toBe(true);
  expect(calls).toBe(2);
  expect((await responsesOf(feedback.id)).total).toBe(1);
});

it('works with the keyboard alone (Tab, arrows, Space, Enter)', async () => {
  const feedback = await createFeedback(owner, { feelingType: 'scale', collectEmail: true });
  const page = await harness.newPage();
  await page.goto(`/feedback/preview/${feedback.id}`);
  await expect.poll(() => page.getByRole('radio').count()).toBe(5);
  const focused = () =>
    page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value || document.activeElement?.textContent);
  await page.keyboard.press('Tab');
  expect(await focused()).toBe('1');
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  expect(await page.getByRole('radio', { name: '3', exact: true }).isChecked()).toBe(true);
  await page.keyboard.press('Tab');
  await page.keyboard.type('keys@example.com');
  await page.keyboard.press('Enter');
  await expect.poll(() => focused()).toBe(feedbackMessages.thanks);
  expect((await responsesOf(feedback.id)).items[0]).toMatchObject({ value: '3', email: 'keys@example.com' });

  const poll = await createPoll(owner, { description: 'Keys or mouse?', options: ['Keys', 'Mouse'], collectEmail: true });
  await page.goto(`/poll/publish/show/${poll.id}/${poll.slug}`);
  await expect.poll(() => page.getByRole('button', { name: 'Mouse' }).isVisible()).toBe(true);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  expect(await focused()).toBe('Mouse');
  await page.keyboard.press('Enter');
  await expect.poll(() => focused()).toBe('Your choice');
  await page.keyboard.press('Tab');
  await page.keyboard.type('keys@example.com');
  await page.keyboard.press('Enter');
  await expect.poll(() => focused()).toBe(pollMessages.voted);
  expect(await shownPercentages(page)).toEqual(['0%', '100%']);
});

// ---------------------------------------------------------------------------------------------
// Wheels

/** The option under the pointer, from the disc's turn as the browser draws it. */
const optionUnderPointer = (page: Page, count: number) =>
  page.getByTestId('wheel-disc').evaluate((disc, options) => {
    const matrix = new DOMMatrixReadOnly(getComputedStyle(disc).transform);
    const turned = (Math.atan2(matrix.b, matrix.a) * 180) / Math.PI;
    const angle = (((-turned % 360) + 360) % 360) / (360 / options);
    return Math.floor(angle) % options;
  }, count);

const spinsOf = async (wheelId: string) => (await owner.get(`/api/v1/wheels/${wheelId}/spins`)).body.data;

for (const width of [1280, 375]) {
  it(`spins a wheel to the server's result and reveals it after five seconds (${width} px)`, async () => {
    const options = ['10% off', 'Free shipping', 'Free coffee', 'Try again', '20% off your next order', 'Tote bag', 'Mug'];
    const wheel = await createWheel(owner, {
      description: 'Spin the wheel and win a prize!',
      options: options.map((text, index) => ({ text, prizeCode: index === 3 ? '' : `CODE${index}` })),
      collectEmail: true,
    });
    const page = await harness.newPage({ width, height: width === 375 ? 740 : 800 });
    await page.goto(`/wheelspin/publish/show/${wheel.id}/${wheel.slug}`);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: wheel.description }).isVisible()).toBe(true);
    // A 300 × 300 wheel with the palette's colours in turn.
    const disc = await page.getByTestId('wheel-disc').boundingBox();
    expect([Math.round(disc!.width), Math.round(disc!.height)]).toEqual([300, 300]);
    const fills = await page
      .locator('[data-testid=wheel-disc] path')
      .evaluateAll((paths) => paths.map((path) => path.getAttribute('fill')));
    expect(fills).toEqual(options.map((_, index) => wheelPalette[index]));
    await noSeriousViolations(page, 'wheel');
    await harness.screenshot(page, `widgets-wheel-${width}-1-start`);

    await page.getByRole('button', { name: 'Spin' }).click();
    await expect.poll(() => visible(page, wheelMessages.emailRequired)).toBe(true);
    await page.getByLabel('Your email').fill('player@');
    await page.getByRole('button', { name: 'Spin' }).click();
    await expect.poll(() => visible(page, wheelMessages.emailInvalid)).toBe(true);
    await noSeriousViolations(page, 'wheel email error');
    await harness.screenshot(page, `widgets-wheel-${width}-2-email-error`);
    const email = `player-${width}@example.com`;
    await page.getByLabel('Your email').fill(email);
    await page.getByRole('button', { name: 'Spin' }).click();
    const spunAt = Date.now();

    // The email box goes once the spin is saved; the result waits for the reveal delay.
    await expect.poll(() => page.getByLabel('Your email').count()).toBe(0);
    await page.waitForTimeout(2000);
    await harness.screenshot(page, `widgets-wheel-${width}-3-spinning`);
    expect(await page.getByTestId('wheel-result').count()).toBe(0);
    await expect.poll(() => page.getByTestId('wheel-result').count(), { timeout: 8000 }).toBe(1);
    expect(Date.now() - spunAt).toBeGreaterThanOrEqual(4500);

    const spins = await spinsOf(wheel.id);
    expect(spins.total).toBe(1);
    const [spin] = spins.items;
    expect(spin).toMatchObject({ email, result: options[spin.optionIndex] });
    expect(await page.getByTestId('wheel-result').textContent()).toBe(spin.result);
    expect(await optionUnderPointer(page, options.length)).toBe(spin.optionIndex);
    if (spin.prizeCode) expect(await page.locator('.qw-code').textContent()).toBe(spin.prizeCode);
    else expect(await page.locator('.qw-code').count()).toBe(0);
    await noSeriousViolations(page, 'wheel result');
    await fitsWidth(page, width);
    await harness.screenshot(page, `widgets-wheel-${width}-4-result`);

    // The same email again: the earlier result, said to be so, with no new spin stored.
    const again = await harness.newPage({ width });
    await again.goto(`/wheelspin/publish/show/${wheel.id}/${wheel.slug}`);
    await again.getByLabel('Your email').fill(email.toUpperCase());
    await again.getByRole('button', { name: 'Spin' }).click();
    await expect.poll(() => visible(again, wheelMessages.alreadySpun)).toBe(true);
    expect(await again.getByTestId('wheel-result').textContent()).toBe(spin.result);
    expect(await optionUnderPointer(again, options.length)).toBe(spin.optionIndex);
    await harness.screenshot(again, `widgets-wheel-${width}-5-repeated`);
    expect((await spinsOf(wheel.id)).total).toBe(1);
  });
}

it('spins with an image play button and no email, and says when a wheel is unavailable', async () => {
  // The play-button image: a picture of a button, uploaded like the builder does.
  const painter = await harness.newPage({ width: 400, height: 240 });
  await painter.setContent(
    '<div id="b" style="width:384px;height:215px;display:grid;place-items:center;background:#ff6f91;color:#fff;font:800 64px sans-serif;border-radius:24px">SPIN!</div>',
  );
  const png = await painter.locator('#b').screenshot();
  const uploaded = await owner.request('POST', '/api/v1/files?purpose=image', new Uint8Array(png), {
    'content-type': 'image/png',
  });
  expect(uploaded.status).toBe(201);
  const wheel = await createWheel(owner, {
    description: 'Lucky dip',
    options: ['Red', 'Blue', 'Green'].map((text) => ({ text })),
    collectEmail: false,
    playButtonType: 'image',
    playButtonText: 'Spin now',
    playButtonImage: uploaded.body.data.url,
  });
  const page = await harness.newPage({ width: 375 });
  await page.goto(`/wheelspin/publish/show/${wheel.id}/${wheel.slug}`);
  const button = page.getByRole('button', { name: 'Spin now' });
  await expect.poll(() => button.locator('img').evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  expect(await page.getByLabel('Your email').count()).toBe(0);
  await harness.screenshot(page, 'widgets-wheel-image-375-1-start');
  await button.click();
  await expect.poll(() => page.getByTestId('wheel-result').count(), { timeout: 8000 }).toBe(1);
  const [spin] = (await spinsOf(wheel.id)).items;
  expect(spin.email).toBeNull();
  expect(await page.getByTestId('wheel-result').textContent()).toBe(spin.result);
  expect(await optionUnderPointer(page, 3)).toBe(spin.optionIndex);
  await harness.screenshot(page, 'widgets-wheel-image-375-2-result');

  const hidden = await createWheel(owner, { status: 'unpublished' });
  await page.goto(`/wheelspin/publish/show/${hidden.id}/${hidden.slug}`);
  await expect.poll(() => page.getByRole('heading', { level: 1, name: wheelMessages.unavailable }).isVisible()).toBe(true);
  await noSeriousViolations(page, 'wheel unavailable');
});
