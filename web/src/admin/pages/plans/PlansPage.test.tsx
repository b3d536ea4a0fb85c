import { billingMessages, billingPeriodLabels, billingPeriodNames, formatDay, formatMoney } from '@quizlead/shared/billing.ts';
import {
  ZCheckoutResponse,
  ZPlansResponse,
  ZQuoteResponse,
  type TCurrentPlan,
  type TPlan,
  type TQuote,
} from '@quizlead/shared/schemas/billing.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeApi, offline } from '../../test/fakeApi.ts';
import { renderScreen } from '../../test/renderScreen.tsx';
import { PlansPage } from './PlansPage.tsx';
import { checkoutTexts, planTexts } from './texts.ts';

const free: TPlan = {
  id: 1,
  name: 'Free',
  free: true,
  monthlyPriceCents: 0,
  yearlyPriceCents: 0,
  descriptionHtml: '<p>Up to 100 leads</p>',
  current: true,
};
const pro: TPlan = {
  id: 2,
  name: 'Pro',
  free: false,
  monthlyPriceCents: 1500,
  yearlyPriceCents: 15840,
  descriptionHtml: '<ul><li>Unlimited leads</li></ul>',
  current: false,
};
const onFree: TCurrentPlan = {
  planId: 1,
  planName: 'Free',
  mode: 'free',
  period: null,
  startsAt: null,
  endsAt: null,
  renewedUntil: null,
};
const onProYearly: TCurrentPlan = {
  planId: 2,
  planName: 'Pro',
  mode: 'paid',
  period: 'yearly',
  startsAt: '2026-01-10T00:00:00.000Z',
  endsAt: '2027-01-10T00:00:00.000Z',
  renewedUntil: '2028-01-10T00:00:00.000Z',
};

/** GET /api/v1/billing/plans, as the server's schema has it. */
const plans = (list: TPlan[] = [free, pro], current: TCurrentPlan = onFree) => ({
  body: ZPlansResponse.parse({
    data: { plans: list, current, currency: 'USD', taxRatePercent: 10, yearlyDiscountPercent: 12 },
  }),
});

const quote: TQuote = {
  planId: 2,
  planName: 'Pro',
  period: 'monthly',
  currency: 'USD',
  taxRatePercent: 10,
  priceCents: 1500,
  discountCents: 0,
  discountCode: null,
  creditCents: 0,
  taxCents: 150,
  totalCents: 1650,
  paypalFlag: true,
  renewal: false,
  startsAt: '2026-11-27T00:00:00.000Z',
  endsAt: '2026-12-27T00:00:00.000Z',
};

const open = () => renderScreen(<PlansPage />, { path: '/app/Plans' });
const card = (plan: TPlan) => screen.getByRole('heading', { name: plan.name }).closest('li') as HTMLElement;
/** A period's tab (Polaris also renders a hidden copy of each, to measure them). */
/** A period's tab, once Polaris has measured and shown the tabs (a moment after the plans render). */
const tab = async (name: string) => within(await screen.findByRole('tablist')).findByRole('tab', { name });
/**
 * Selects a period's tab. A plain click: the simulated DOM lays nothing out, so Polaris measures every tab 0 wide
 * and, on the focus a user-event click gives first, moves the tab it is not on under "More views" before the click.
 */
const select = async (name: string) => fireEvent.click(await tab(name));
const choose = (plan: TPlan) => screen.getByRole('button', { name: planTexts.choose(plan.name) });
const posts = (api: ReturnType<typeof fakeApi>) => api.requests.filter((request) => request.method === 'POST');

describe('the plans screen', () => {
  // A window wide enough for both tabs: Polaris' Tabs measure their row (its offsetWidth) and fold what does
  // not fit into a "More" menu, and the test DOM lays nothing out (every width is 0).
  const offsetWidth = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetWidth');
  beforeAll(() => Object.defineProperty(HTMLElement.prototype, 'offsetWidth', { configurable: true, get: () => 1000 }));
  afterAll(() => Object.defineProperty(HTMLElement.prototype, 'offsetWidth', offsetWidth!));

  it('says it is loading until the plans arrive, then shows the account’s plan and a card per plan', async () => {
    let answer: (value: ReturnType<typeof plans>) => void = () => {};
    const api = fakeApi({ 'GET /api/v1/billing/plans': () => new Promise((resolve) => (answer = resolve)) as never });
    open();
    expect(screen.getByText(planTexts.loading).closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByRole('list', { name: planTexts.plansList })).toBeNull();
    answer(plans());

    const list = await screen.findByRole('list', { name: planTexts.plansList });
    expect(screen.queryByText(planTexts.loading)).toBeNull();
    expect(screen.getByText(planTexts.onFreePlan('Free'))).toBeTruthy();
    expect(within(list).getAllByRole('button', { name: /^Choose / })).toHaveLength(2);
    expect((await tab(billingPeriodLabels.monthly)).getAttribute('aria-selected')).toBe('true');

    expect(within(card(free)).getByText(planTexts.currentBadge)).toBeTruthy();
    expect(within(card(free)).getByText(formatMoney(0, 'USD'))).toBeTruthy();
    expect(within(card(free)).getByText('Up to 100 leads')).toBeTruthy();
    expect(within(card(free)).queryByText(planTexts.billedMonthly)).toBeNull();
    expect(within(card(pro)).queryByText(planTexts.currentBadge)).toBeNull();
    expect(within(card(pro)).getByText(formatMoney(1500, 'USD'))).toBeTruthy();
    expect(within(card(pro)).getByText(planTexts.billedMonthly)).toBeTruthy();
    expect(within(card(pro)).getByText('Unlimited leads')).toBeTruthy();
    expect(api.requests.map((request) => request.path)).toEqual(['/api/v1/billing/plans']);
  });

  it('shows the 12-month prices on their tab, and opens on the period the account pays for', async () => {
    fakeApi({
      'GET /api/v1/billing/plans': () =>
        plans(
          [
            { ...free, current: false },
            { ...pro, current: true },
          ],
          onProYearly,
        ),
    });
    open();
    expect(await screen.findByText(planTexts.onPaidPlan('Pro', formatDay(onProYearly.endsAt!)))).toBeTruthy();
    expect(screen.getByText(planTexts.renewedUntil(formatDay(onProYearly.renewedUntil!)))).toBeTruthy();
    expect((await tab(billingPeriodLabels.yearly)).getAttribute('aria-selected')).toBe('true');
    expect(within(card(pro)).getByText(formatMoney(1320, 'USD'))).toBeTruthy();
    expect(within(card(pro)).getByText(planTexts.billedYearly(formatMoney(15840, 'USD')))).toBeTruthy();

    await select(billingPeriodLabels.monthly);
    expect(within(card(pro)).getByText(formatMoney(1500, 'USD'))).toBeTruthy();
    expect(within(card(pro)).getByText(planTexts.billedMonthly)).toBeTruthy();
  });

  it('says when the plans could not load, and loads them again on Try again', async () => {
    let fail = true;
    const api = fakeApi({ 'GET /api/v1/billing/plans': () => (fail ? offline() : plans()) });
    const { user } = open();
    expect(await screen.findByText(billingMessages.plansLoadFailed)).toBeTruthy();
    expect(screen.getByText(/Failed to fetch/)).toBeTruthy();
    expect(screen.queryByText(planTexts.loading)).toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: planTexts.plansList })).toBeTruthy();
    expect(screen.queryByText(billingMessages.plansLoadFailed)).toBeNull();
    expect(api.requests).toHaveLength(2);
  });

  it('calls a server with no plans to list a failure to load, and asks again on Try again', async () => {
    let listed: TPlan[] = [];
    const api = fakeApi({ 'GET /api/v1/billing/plans': () => plans(listed) });
    const { user } = open();
    expect(await screen.findByText(billingMessages.plansLoadFailed)).toBeTruthy();
    listed = [free, pro];
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: planTexts.plansList })).toBeTruthy();
    expect(api.requests).toHaveLength(2);
  });

  it('says under the free plan’s button that it is free for ever, asking the server nothing', async () => {
    const api = fakeApi({ 'GET /api/v1/billing/plans': () => plans() });
    const { user } = open();
    await screen.findByRole('list', { name: planTexts.plansList });
    await user.click(choose(free));
    expect(within(card(free)).getByText(billingMessages.freePlan)).toBeTruthy();
    expect(within(card(pro)).queryByText(billingMessages.freePlan)).toBeNull();
    expect(posts(api)).toHaveLength(0);
  });

  it('shows the server’s refusal of a plan under that plan’s button, and a failed call as a failure', async () => {
    let answer: () => { status?: number; body: unknown } | Promise<never> = () => ({
      status: 400,
      body: { error: { code: 'validation', message: billingMessages.planAlreadyActive } },
    });
    const api = fakeApi({ 'GET /api/v1/billing/plans': () => plans(), 'POST /api/v1/billing/quote': () => answer() });
    const { user } = open();
    await screen.findByRole('list', { name: planTexts.plansList });
    await select(billingPeriodLabels.yearly);
    await user.click(choose(pro));
    expect(await within(card(pro)).findByText(billingMessages.planAlreadyActive)).toBeTruthy();
    expect(posts(api)[0]).toMatchObject({ path: '/api/v1/billing/quote', body: { planId: 2, period: 'yearly' } });

    answer = () => ({ status: 500, body: { error: { code: 'internal', message: 'Something went wrong.' } } });
    await user.click(choose(pro));
    expect(await within(card(pro)).findByText(messages.generic.serverErrorPrefix + 'Something went wrong.')).toBeTruthy();
    expect(within(card(pro)).queryByText(billingMessages.planAlreadyActive)).toBeNull();
    expect(screen.queryByRole('heading', { name: checkoutTexts.title })).toBeNull();
  });

  it('opens the checkout of the plan chosen with the server’s quote, and goes back to the plans', async () => {
    const api = fakeApi({
      'GET /api/v1/billing/plans': () => plans(),
      'POST /api/v1/billing/quote': () => ({ body: ZQuoteResponse.parse({ data: quote }) }),
    });
    const { user } = open();
    await screen.findByRole('list', { name: planTexts.plansList });
    await user.click(choose(pro));
    const checkout = await screen.findByRole('region', { name: checkoutTexts.title });
    expect(screen.queryByRole('list', { name: planTexts.plansList })).toBeNull();
    expect(within(checkout).getByText('Pro')).toBeTruthy();
    expect(
      within(checkout).getByText(
        `${billingPeriodNames.monthly}: ${checkoutTexts.dates(formatDay(quote.startsAt), formatDay(quote.endsAt))}`,
      ),
    ).toBeTruthy();
    expect(within(checkout).getByText(formatMoney(1650, 'USD'))).toBeTruthy();
    expect(within(checkout).getByRole('button', { name: checkoutTexts.payWithPayPal })).toBeTruthy();
    expect(posts(api)[0]?.body).toEqual({ planId: 2, period: 'monthly' });

    await user.click(within(checkout).getByRole('button', { name: checkoutTexts.back }));
    expect(await screen.findByRole('list', { name: planTexts.plansList })).toBeTruthy();
    expect(posts(api)).toHaveLength(1);
  });

  it('starts a plan with nothing due at once, says so and reads the plans and the session again', async () => {
    let started = false;
    const api = fakeApi({
      'GET /api/v1/billing/plans': () =>
        started
          ? plans(
              [
                { ...free, current: false },
                { ...pro, current: true },
              ],
              { ...onProYearly, period: 'monthly' },
            )
          : plans(),
      'POST /api/v1/billing/quote': () => ({
        body: ZQuoteResponse.parse({
          data: { ...quote, discountCents: 1500, discountCode: 'FREEMONTH', taxCents: 0, totalCents: 0, paypalFlag: false },
        }),
      }),
      'POST /api/v1/billing/checkouts': () => {
        started = true;
        return {
          body: ZCheckoutResponse.parse({
            data: {
              payment: {
                id: '3f2a1b0c-9d8e-4f7a-b6c5-d4e3f2a1b0c9',
                status: 'completed',
                planId: 2,
                planName: 'Pro',
                period: 'monthly',
                totalCents: 0,
                currency: 'USD',
                message: billingMessages.paymentSucceeded,
                invoiceId: null,
                createdAt: '2026-11-27T10:00:00.000Z',
              },
              approveUrl: null,
            },
          }),
        };
      },
    });
    const { user } = open();
    await screen.findByRole('list', { name: planTexts.plansList });
    await user.click(choose(pro));
    const checkout = await screen.findByRole('region', { name: checkoutTexts.title });
    expect(within(checkout).getByText(checkoutTexts.nothingDue)).toBeTruthy();
    await user.click(within(checkout).getByRole('button', { name: checkoutTexts.startPlan }));

    expect(await screen.findByText(billingMessages.paymentSucceeded)).toBeTruthy();
    expect(await screen.findByText(planTexts.onPaidPlan('Pro', formatDay(onProYearly.endsAt!)))).toBeTruthy();
    expect(within(card(pro)).getByText(planTexts.currentBadge)).toBeTruthy();
    expect(posts(api).at(-1)).toMatchObject({
      path: '/api/v1/billing/checkouts',
      body: { planId: 2, period: 'monthly', discountCode: 'FREEMONTH' },
    });
    const reads = api.requests.filter((request) => request.method === 'GET').map((request) => request.path);
    expect(reads).toEqual(['/api/v1/billing/plans', '/api/v1/billing/plans', '/api/v1/session']);
  });
});
