import { formatDay, formatMoney } from '@quizlead/shared/billing.ts';
import { ZAffiliate, commissionStatusLabels, referralMessages, type TAffiliate } from '@quizlead/shared/schemas/referrals.ts';
import { shareMessages } from '@quizlead/shared/sharing.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, offline } from '../../test/fakeApi.ts';
import { renderScreen } from '../../test/renderScreen.tsx';
import { AffiliatePanel } from './AffiliatePanel.tsx';

const affiliate = (change: Partial<TAffiliate> = {}): TAffiliate =>
  ZAffiliate.parse({
    code: 'OLIVE123',
    url: 'https://quizlead.example/Signup?ref=OLIVE123',
    ratePercent: 20,
    referrals: 3,
    paidReferrals: 1,
    currency: 'USD',
    totals: [{ currency: 'USD', earnedCents: 1000, reversedCents: 250 }],
    commissions: [
      {
        paymentId: 'pay-2',
        createdAt: '2026-11-20T10:00:00.000Z',
        referred: 'Bean Roasters',
        baseCents: 1250,
        ratePercent: 20,
        amountCents: 250,
        currency: 'USD',
        status: 'reversed',
      },
      {
        paymentId: 'pay-1',
        createdAt: '2026-10-02T10:00:00.000Z',
        referred: 'Tea House',
        baseCents: 5000,
        ratePercent: 20,
        amountCents: 1000,
        currency: 'USD',
        status: 'earned',
      },
    ],
    ...change,
  });
const data = (value: TAffiliate) => ({ body: { data: value } });
const open = () => renderScreen(<AffiliatePanel />, { path: '/app/Settings' });

/** A figure's value, by the label above it. */
const figure = (label: string) => screen.getByText(label, { selector: 'p' }).nextElementSibling?.textContent;

describe('the affiliate panel', () => {
  it('shows a skeleton until the figures arrive, then the code, the link, the totals and each commission', async () => {
    let reply: (value: ReturnType<typeof data>) => void = () => {};
    fakeApi({ 'GET /api/v1/affiliate': () => new Promise((resolve) => (reply = resolve)) as never });
    const { container } = open();
    expect(container.querySelector('.Polaris-SkeletonBodyText')).toBeTruthy();
    expect(screen.queryByLabelText('Affiliate url')).toBeNull();

    reply(data(affiliate()));
    const link = (await screen.findByLabelText('Affiliate url')) as HTMLInputElement;
    expect(link.value).toBe('https://quizlead.example/Signup?ref=OLIVE123');
    expect(link.readOnly).toBe(true);
    expect(screen.getByText('OLIVE123')).toBeTruthy();
    expect(screen.getByText(/You earn 20% of what the accounts you referred pay/)).toBeTruthy();
    expect(figure('Referrals')).toBe('3');
    expect(figure('Paid referrals')).toBe('1');
    expect(figure('Commission earned')).toBe(formatMoney(1000, 'USD'));
    expect(figure('Reversed')).toBe(formatMoney(250, 'USD'));

    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(rows[0]!)).toEqual([
      formatDay('2026-11-20T10:00:00.000Z'),
      'Bean Roasters',
      formatMoney(1250),
      '20%',
      formatMoney(250),
      // The badge's tone is read out before its label.
      expect.stringMatching(new RegExp(`${commissionStatusLabels.reversed}$`)),
    ]);
    expect(cells(rows[1]!)).toEqual([
      formatDay('2026-10-02T10:00:00.000Z'),
      'Tea House',
      formatMoney(5000),
      '20%',
      formatMoney(1000),
      expect.stringMatching(new RegExp(`${commissionStatusLabels.earned}$`)),
    ]);
    expect(container.querySelector('.Polaris-SkeletonBodyText')).toBeNull();
  });

  it('says when the figures could not load, and loads them again on Try again', async () => {
    let fail = true;
    fakeApi({ 'GET /api/v1/affiliate': () => (fail ? offline() : data(affiliate())) });
    const { user } = open();
    expect(await screen.findByText(referralMessages.affiliateLoadFailed)).toBeTruthy();
    expect(screen.getByText(`${messages.generic.serverErrorPrefix}Failed to fetch`)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Affiliate url')).toBeTruthy();
    expect(screen.queryByText(referralMessages.affiliateLoadFailed)).toBeNull();
  });

  it('shows zero in the billing currency and says no commission is earned yet', async () => {
    fakeApi({
      'GET /api/v1/affiliate': () =>
        data(affiliate({ referrals: 0, paidReferrals: 0, currency: 'EUR', totals: [], commissions: [] })),
    });
    open();
    expect(await screen.findByText(referralMessages.commissionsEmpty)).toBeTruthy();
    expect(figure('Commission earned')).toBe(formatMoney(0, 'EUR'));
    expect(figure('Reversed')).toBe(formatMoney(0, 'EUR'));
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('copies the affiliate link and says it is copied', async () => {
    fakeApi({ 'GET /api/v1/affiliate': () => data(affiliate()) });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: `${shareMessages.copy} Affiliate url` }));
    expect(await navigator.clipboard.readText()).toBe('https://quizlead.example/Signup?ref=OLIVE123');
    expect(screen.getByRole('button', { name: `${shareMessages.copyDone}: Affiliate url copied` }).textContent).toBe(
      shareMessages.copyDone,
    );
  });
});
