import { postPurchaseReportMessages as texts } from '@quizlead/shared/postPurchaseReport.ts';
import type { TPostPurchaseReport } from '@quizlead/shared/schemas/postPurchaseReport.ts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, offline } from '../../test/fakeApi.ts';
import { renderScreen } from '../../test/renderScreen.tsx';
import { PostPurchaseReportPage } from './PostPurchaseReportPage.tsx';

const eur = (orders: number, revenue: number, averageOrderValue: number) => ({
  currency: 'EUR',
  orders,
  revenue,
  averageOrderValue,
});
const customers = (fresh: number, returning: number, unknown: number) => ({ new: fresh, returning, unknown });

const report: TPostPurchaseReport = {
  range: { start: '2026-10-30', end: '2026-11-28' },
  currency: 'EUR',
  totals: {
    answers: 6,
    ordersAnswered: 5,
    pendingOrders: 1,
    revenue: [eur(5, 14001, 2800)],
    customers: customers(2, 2, 2),
    ordersInRange: 8,
    answeredOrdersInRange: 5,
    responseRate: 62.5,
  },
  answers: [
    {
      key: 'poll:p1:c-instagram',
      itemKind: 'poll',
      label: 'Instagram',
      answers: 3,
      share: 50,
      orders: 3,
      pendingOrders: 0,
      revenue: [eur(3, 12000, 4000)],
      customers: customers(1, 1, 1),
    },
    {
      key: 'poll:p1:c-friend',
      itemKind: 'poll',
      label: 'A friend',
      answers: 3,
      share: 50,
      orders: 2,
      pendingOrders: 1,
      revenue: [eur(2, 2001, 1001)],
      customers: customers(1, 1, 1),
    },
  ],
  days: [
    { day: '2026-11-27', answers: 2 },
    { day: '2026-11-28', answers: 4 },
  ],
  channels: [
    { channel: 'web', answers: 5, revenue: [eur(5, 14001, 2800)] },
    { channel: null, answers: 1, revenue: [] },
  ],
  channelOptions: ['pos', 'web'],
};

const empty: TPostPurchaseReport = {
  ...report,
  totals: { ...report.totals, answers: 0, ordersAnswered: 0, pendingOrders: 0, revenue: [], customers: customers(0, 0, 0) },
  answers: [],
  channels: [],
};

const path = '/app/PostPurchaseSurvey';
const rowOf = async (label: string) => (await screen.findAllByText(label))[0]!.closest('tr')!;

describe('the post-purchase survey report', () => {
  it('shows each answer’s answers, share, orders, revenue and average order value in the shop’s currency', async () => {
    const api = fakeApi({ 'GET /api/v1/reports/post-purchase': () => ({ body: { data: report } }) });
    renderScreen(<PostPurchaseReportPage />, { path });

    const instagram = await rowOf('Instagram');
    expect(Array.from(instagram.querySelectorAll('th, td')).map((cell) => cell.textContent)).toEqual([
      'Instagram',
      '3',
      '50%',
      '3',
      '€120.00',
      '€40.00',
      '1',
      '1',
    ]);
    expect(within(await rowOf('A friend')).getByText('2 + 1 not received yet')).toBeTruthy();
    expect(within(await rowOf('A friend')).getByText('€10.01')).toBeTruthy();
    expect(screen.getByText(texts.unknownChannel)).toBeTruthy();
    expect(screen.getByText('62.5%')).toBeTruthy();
    expect(screen.getByText(new RegExp(texts.pendingOrdersHelp.slice(0, 40)))).toBeTruthy();
    // The chart's numbers, for screen readers.
    expect(screen.getByRole('table', { name: texts.overTimeTitle })).toBeTruthy();
    const [first] = api.requests;
    expect(first!.path).toMatch(/^\/api\/v1\/reports\/post-purchase\?from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d$/);
  });

  it('asks again with the page and channel filters', async () => {
    const api = fakeApi({ 'GET /api/v1/reports/post-purchase': () => ({ body: { data: report } }) });
    renderScreen(<PostPurchaseReportPage />, { path });
    await rowOf('Instagram');
    const surface = screen.getByLabelText(texts.surface);
    surface.focus();
    fireEvent.change(surface, { target: { value: 'order_status' } });
    fireEvent.change(screen.getByLabelText(texts.channel), { target: { value: 'pos' } });
    await expect.poll(() => api.requests.at(-1)?.path).toMatch(/&surface=order_status&channel=pos$/);
  });

  it('tells a shop without answers where to place the block', async () => {
    fakeApi({ 'GET /api/v1/reports/post-purchase': () => ({ body: { data: empty } }) });
    renderScreen(<PostPurchaseReportPage />, { path });
    expect(await screen.findByText(texts.emptyHelp)).toBeTruthy();
    expect(screen.queryByText('Instagram')).toBeNull();
  });

  it('says the load failed and tries again', async () => {
    let calls = 0;
    fakeApi({
      'GET /api/v1/reports/post-purchase': () => (++calls === 1 ? offline() : { body: { data: report } }),
    });
    renderScreen(<PostPurchaseReportPage />, { path });
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await rowOf('Instagram')).toBeTruthy();
  });
});
