/**
 * The survey blocks rendered as Shopify renders them (each target's default export into document.body) with a
 * stand-in `shopify` global and a stand-in app behind fetch: the question shows, the answer goes to the app with
 * the session token, a slow or failing app leaves the page as it was, and an answered order is not asked again.
 */
import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_URL } from './config.ts';
import renderOrderStatus from './OrderStatusSurvey.tsx';
import renderThankYou from './ThankYouSurvey.tsx';
import { answeredKey } from './surveyApi.ts';
import { appStandIn, CONFIRMATION_ID, ORDER_ID, shopifyStandIn, TOKEN } from './test/shopifyStandIn.ts';

const choiceSurvey = {
  id: 'poll_42',
  kind: 'poll',
  question: 'Comment nous avez-vous connus ?',
  layout: 'choice',
  choices: [
    { id: 'c_tiktok', label: 'TikTok' },
    { id: 'c_friend', label: 'Un ami' },
    { id: 'c_other', label: 'Autre chose' },
  ],
  otherChoiceId: 'c_other',
  submitLabel: 'Répondre',
  thanks: 'Merci !',
};

const ratingSurvey = {
  id: 'feedback_7',
  kind: 'feedback',
  question: 'How likely are you to recommend us?',
  layout: 'rating',
  ratingMax: 10,
  submitLabel: 'Send',
  thanks: 'Thank you!',
};

let shopify: ReturnType<typeof shopifyStandIn>;
const body = () => document.body;
const question = () => body().querySelector('s-heading')?.textContent ?? null;
const choiceList = () => body().querySelector('s-choice-list') as (HTMLElement & { values?: string[] }) | null;
const submitButton = () => body().querySelector('s-button') as HTMLElement;
const statusText = () => body().querySelector('s-stack[accessibilityRole="status"]')?.textContent ?? '';

/** Lets the extension's awaits (storage, token, fetch) and Preact's render run. */
const settle = async () => {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
};

/** The buyer picks a choice, as Shopify's choice list reports it: its `values`, then a change event. */
async function choose(value: string) {
  const list = choiceList()!;
  list.values = [value];
  list.dispatchEvent(new Event('change'));
  await settle();
}

async function type(text: string) {
  const field = body().querySelector('s-text-field') as HTMLElement & { value?: string };
  field.value = text;
  field.dispatchEvent(new Event('input'));
  await settle();
}

beforeEach(() => {
  shopify = shopifyStandIn();
  vi.stubGlobal('shopify', shopify);
});

afterEach(() => {
  render(null, document.body);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the Thank you block', () => {
  it('asks the app for this order’s survey with the session token, and shows the question and its choices', async () => {
    const app = appStandIn({ GET: [{ status: 200, body: { survey: choiceSurvey } }] });
    vi.stubGlobal('fetch', app.fetch);
    renderThankYou();

    await vi.waitFor(() => expect(question()).toBe(choiceSurvey.question));
    expect([...body().querySelectorAll('s-choice')].map((choice) => [choice.getAttribute('value'), choice.textContent])).toEqual([
      ['c_tiktok', 'TikTok'],
      ['c_friend', 'Un ami'],
      ['c_other', 'Autre chose'],
    ]);
    expect(submitButton().textContent).toBe('Répondre');
    expect(body().querySelector('s-text-field')).toBeNull();

    expect(app.requests).toHaveLength(1);
    const [request] = app.requests;
    expect(request!.method).toBe('GET');
    expect(`${request!.url.origin}${request!.url.pathname}`).toBe(`${APP_URL}/extensions/post-purchase/survey`);
    expect(Object.fromEntries(request!.url.searchParams)).toEqual({
      orderId: CONFIRMATION_ID,
      surface: 'thank_you',
      locale: 'fr-CA',
    });
    expect(request!.headers.get('Authorization')).toBe(`Bearer ${TOKEN}`);
    expect(shopify.storage.read).toHaveBeenCalledWith(`answered:${CONFIRMATION_ID}`);
  });

  it('sends the chosen answer with the session token, shows the button busy meanwhile, then thanks and remembers', async () => {
    let answer!: (response: Response) => void;
    const app = appStandIn({ GET: [{ status: 200, body: { survey: choiceSurvey } }] });
    app.fetch.mockImplementation(async (input, init = {}) => {
      if (init.method !== 'POST') return new Response(JSON.stringify({ survey: choiceSurvey }), { status: 200 });
      app.requests.push({
        url: new URL(String(input)),
        method: 'POST',
        headers: new Headers(init.headers),
        body: JSON.parse(String(init.body)),
        signal: init.signal ?? undefined,
      });
      return new Promise<Response>((resolve) => (answer = resolve));
    });
    vi.stubGlobal('fetch', app.fetch);
    renderThankYou();
    await vi.waitFor(() => expect(choiceList()).not.toBeNull());

    await choose('c_friend');
    submitButton().click();
    await vi.waitFor(() => expect(app.requests).toHaveLength(1));
    const [post] = app.requests;
    expect(`${post!.url.origin}${post!.url.pathname}`).toBe(`${APP_URL}/extensions/post-purchase/answers`);
    expect(post!.headers.get('Authorization')).toBe(`Bearer ${TOKEN}`);
    expect(post!.headers.get('Content-Type')).toBe('application/json');
    expect(post!.body).toEqual({ orderId: CONFIRMATION_ID, surface: 'thank_you', surveyId: 'poll_42', choiceId: 'c_friend' });
    await vi.waitFor(() => expect(submitButton().hasAttribute('loading')).toBe(true));

    answer(new Response(JSON.stringify({ ok: true }), { status: 201 }));
    await vi.waitFor(() => expect(statusText()).toBe('Merci !'));
    expect(choiceList()).toBeNull();
    expect(shopify.storage.write).toHaveBeenCalledWith(answeredKey(CONFIRMATION_ID), true);
  });

  it('asks for a choice before sending anything', async () => {
    const app = appStandIn({ GET: [{ status: 200, body: { survey: choiceSurvey } }] });
    vi.stubGlobal('fetch', app.fetch);
    renderThankYou();
    await vi.waitFor(() => expect(choiceList()).not.toBeNull());

    submitButton().click();
    await vi.waitFor(() => expect(choiceList()!.getAttribute('error')).toBe('Choose an answer'));
    expect(app.requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('opens a text field for “Other”, needs a few words in it, and sends them', async () => {
    const app = appStandIn({
      GET: [{ status: 200, body: { survey: choiceSurvey } }],
      POST: [{ status: 201, body: { ok: true } }],
    });
    vi.stubGlobal('fetch', app.fetch);
    renderThankYou();
    await vi.waitFor(() => expect(choiceList()).not.toBeNull());

    await choose('c_other');
    await vi.waitFor(() => expect(body().querySelector('s-text-field')?.getAttribute('label')).toBe('Other'));
    expect(body().querySelector('s-text-field')!.getAttribute('maxLength')).toBe('500');
    submitButton().click();
    await vi.waitFor(() => expect(body().querySelector('s-text-field')!.getAttribute('error')).toBe('Tell us a few words'));
    expect(app.requests.some((request) => request.method === 'POST')).toBe(false);

    await type('  A podcast about tea  ');
    submitButton().click();
    await vi.waitFor(() => expect(statusText()).toBe('Merci !'));
    expect(app.requests.find((request) => request.method === 'POST')!.body).toEqual({
      orderId: CONFIRMATION_ID,
      surface: 'thank_you',
      surveyId: 'poll_42',
      choiceId: 'c_other',
      otherText: 'A podcast about tea',
    });
  });

  it('offers “Other” in the buyer’s language when the app names an other choice it did not list', async () => {
    const survey = { ...choiceSurvey, choices: choiceSurvey.choices.slice(0, 2), otherChoiceId: 'c_else' };
    vi.stubGlobal('fetch', appStandIn({ GET: [{ status: 200, body: { survey } }] }).fetch);
    renderThankYou();
    await vi.waitFor(() => expect(body().querySelectorAll('s-choice')).toHaveLength(3));
    expect(body().querySelectorAll('s-choice')[2]!.textContent).toBe('Other');
  });

  it('says politely when the answer could not be sent, and sends it again on the next try', async () => {
    const app = appStandIn({
      GET: [{ status: 200, body: { survey: choiceSurvey } }],
      POST: [{ status: 503 }, 'network-error', { status: 201, body: { ok: true } }],
    });
    vi.stubGlobal('fetch', app.fetch);
    renderThankYou();
    await vi.waitFor(() => expect(choiceList()).not.toBeNull());
    await choose('c_tiktok');

    submitButton().click();
    await vi.waitFor(() => expect(statusText()).toBe('Your answer couldn’t be sent. Please try again.'));
    expect(body().querySelector('s-stack[accessibilityRole="status"] s-text')!.getAttribute('tone')).toBe('critical');
    expect(submitButton().hasAttribute('loading')).toBe(false);
    expect(shopify.storage.write).not.toHaveBeenCalled();

    submitButton().click();
    await vi.waitFor(() => expect(app.requests.filter((request) => request.method === 'POST')).toHaveLength(2));
    await vi.waitFor(() => expect(statusText()).toBe('Your answer couldn’t be sent. Please try again.'));

    submitButton().click();
    await vi.waitFor(() => expect(statusText()).toBe('Merci !'));
    expect(app.requests.filter((request) => request.method === 'POST')).toHaveLength(3);
  });

  it('takes the app’s “already answered” (200, duplicate) as done', async () => {
    const app = appStandIn({
      GET: [{ status: 200, body: { survey: { ...choiceSurvey, thanks: '' } } }],
      POST: [{ status: 200, body: { ok: true, duplicate: true } }],
    });
    vi.stubGlobal('fetch', app.fetch);
    renderThankYou();
    await vi.waitFor(() => expect(choiceList()).not.toBeNull());
    await choose('c_tiktok');
    submitButton().click();
    // No thanks text from the app: the extension's own, from its locale file.
    await vi.waitFor(() => expect(statusText()).toBe('Thanks for your answer'));
    expect(shopify.stored.get(answeredKey(CONFIRMATION_ID))).toBe(true);
  });

  it('shows nothing and never throws when the app does not answer within 4 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const errors = vi.spyOn(console, 'error');
    const app = appStandIn({ GET: ['never'] });
    vi.stubGlobal('fetch', app.fetch);
    renderThankYou();

    await vi.advanceTimersByTimeAsync(3_999);
    expect(app.requests).toHaveLength(1);
    expect(app.requests[0]!.signal!.aborted).toBe(false);
    expect(body().innerHTML).toBe('');

    await vi.advanceTimersByTimeAsync(1);
    expect(app.requests[0]!.signal!.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    await settle();
    expect(body().innerHTML).toBe('');
    expect(errors).not.toHaveBeenCalled();
  });

  it('shows nothing when the session token never comes either', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    shopify.sessionToken.get.mockImplementation(() => new Promise<string>(() => undefined));
    const app = appStandIn({ GET: [{ status: 200, body: { survey: choiceSurvey } }] });
    vi.stubGlobal('fetch', app.fetch);
    renderThankYou();
    await vi.advanceTimersByTimeAsync(5_000);
    await settle();
    expect(app.requests).toEqual([]);
    expect(body().innerHTML).toBe('');
  });

  it.each([
    ['survey: null', { status: 200, body: { survey: null } }],
    ['401', { status: 401, body: { error: 'Invalid session token' } }],
    ['500', { status: 500, body: { error: 'Internal error' } }],
    ['a survey of another shape', { status: 200, body: { survey: { ...choiceSurvey, choices: [] } } }],
    ['not JSON', { status: 200 }],
  ] as const)('shows nothing for %s', async (_, reply) => {
    const app = appStandIn({ GET: [reply] });
    vi.stubGlobal('fetch', app.fetch);
    renderThankYou();
    await vi.waitFor(() => expect(app.requests).toHaveLength(1));
    await settle();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(body().innerHTML).toBe('');
  });

  it('shows nothing when the network fails', async () => {
    const app = appStandIn({ GET: ['network-error'] });
    vi.stubGlobal('fetch', app.fetch);
    renderThankYou();
    await vi.waitFor(() => expect(app.requests).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(body().innerHTML).toBe('');
  });

  it('lays out a rating as 1 to 10 in a row, each read out of 10, and sends the rating', async () => {
    const app = appStandIn({
      GET: [{ status: 200, body: { survey: ratingSurvey } }],
      POST: [{ status: 201, body: { ok: true } }],
    });
    vi.stubGlobal('fetch', app.fetch);
    renderThankYou();
    await vi.waitFor(() => expect(question()).toBe(ratingSurvey.question));

    expect(choiceList()!.getAttribute('variant')).toBe('inline');
    const choices = [...body().querySelectorAll('s-choice')];
    expect(choices.map((choice) => choice.textContent)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(choices[6]!.getAttribute('accessibilityLabel')).toBe('7 out of 10');

    await choose('7');
    submitButton().click();
    await vi.waitFor(() => expect(statusText()).toBe('Thank you!'));
    expect(app.requests.find((request) => request.method === 'POST')!.body).toEqual({
      orderId: CONFIRMATION_ID,
      surface: 'thank_you',
      surveyId: 'feedback_7',
      rating: 7,
    });
  });

  it('lays out a 5-point rating when the app asks for one', async () => {
    const app = appStandIn({ GET: [{ status: 200, body: { survey: { ...ratingSurvey, ratingMax: 5 } } }] });
    vi.stubGlobal('fetch', app.fetch);
    renderThankYou();
    await vi.waitFor(() => expect(body().querySelectorAll('s-choice')).toHaveLength(5));
    expect(body().querySelectorAll('s-choice')[4]!.getAttribute('accessibilityLabel')).toBe('5 out of 5');
  });
});

describe('the Order status block', () => {
  it('does not ask again, nor call the app, for an order answered on this device', async () => {
    shopify = shopifyStandIn({ stored: { [answeredKey(ORDER_ID)]: true } });
    vi.stubGlobal('shopify', shopify);
    const app = appStandIn({ GET: [{ status: 200, body: { survey: choiceSurvey } }] });
    vi.stubGlobal('fetch', app.fetch);
    renderOrderStatus();

    await vi.waitFor(() => expect(shopify.storage.read).toHaveBeenCalledWith(answeredKey(ORDER_ID)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(app.fetch).not.toHaveBeenCalled();
    expect(shopify.sessionToken.get).not.toHaveBeenCalled();
    expect(body().innerHTML).toBe('');
  });

  it('asks for the order shown, as order_status, once Shopify gives the order', async () => {
    shopify.order.set(undefined);
    const app = appStandIn({
      GET: [{ status: 200, body: { survey: ratingSurvey } }],
      POST: [{ status: 201, body: { ok: true } }],
    });
    vi.stubGlobal('fetch', app.fetch);
    renderOrderStatus();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(app.fetch).not.toHaveBeenCalled();

    shopify.order.set({ id: ORDER_ID, name: '#1001' });
    await vi.waitFor(() => expect(question()).toBe(ratingSurvey.question));
    expect(Object.fromEntries(app.requests[0]!.url.searchParams)).toMatchObject({ orderId: ORDER_ID, surface: 'order_status' });

    await choose('4');
    submitButton().click();
    await vi.waitFor(() => expect(statusText()).toBe('Thank you!'));
    expect(app.requests[1]!.body).toMatchObject({ orderId: ORDER_ID, surface: 'order_status', rating: 4 });
    expect(shopify.stored.get(answeredKey(ORDER_ID))).toBe(true);
  });

  it('still asks when the device storage cannot be read', async () => {
    shopify.storage.read.mockRejectedValue(new Error('storage unavailable'));
    vi.stubGlobal('fetch', appStandIn({ GET: [{ status: 200, body: { survey: choiceSurvey } }] }).fetch);
    renderOrderStatus();
    await vi.waitFor(() => expect(question()).toBe(choiceSurvey.question));
  });
});
