import type { TPostPurchaseSettingsResponse } from '@quizlead/shared/schemas/postPurchase.ts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, held, offline } from '../../test/fakeApi.ts';
import { renderScreen } from '../../test/renderScreen.tsx';
import { amountToMinor, minorToAmount, PostPurchaseSurveyPanel } from './PostPurchaseSurveyPanel.tsx';
import { postPurchaseTexts as texts } from './postPurchaseTexts.ts';

type View = TPostPurchaseSettingsResponse['data'];

const pollId = '6a1f7c52-9a4e-4a8e-9f2a-5c1d2e3f4a01';
const feedbackId = '6a1f7c52-9a4e-4a8e-9f2a-5c1d2e3f4a02';
const items: View['items'] = [
  { kind: 'poll', id: pollId, title: 'How did you hear about us?' },
  { kind: 'feedback', id: feedbackId, title: 'Checkout feeling' },
];
const view = (change: Partial<View> = {}): View => ({ survey: null, items, currency: 'EUR', ...change });
const saved = (change: Partial<NonNullable<View['survey']>> = {}): NonNullable<View['survey']> => ({
  itemKind: 'poll',
  itemId: pollId,
  itemTitle: 'How did you hear about us?',
  audience: 'returning',
  minOrderMinor: 1999,
  maxOrderMinor: null,
  oncePerCustomer: true,
  enabled: true,
  updatedAt: '2026-11-20T09:30:00.000Z',
  ...change,
});
const path = '/api/v1/shopify/post-purchase-survey';
const open = () => renderScreen(<PostPurchaseSurveyPanel />, { path: '/app/Settings' });

describe('the post-purchase survey panel', () => {
  it('shows a skeleton while loading, then the form', async () => {
    const answer = held({ body: { data: view() } });
    fakeApi({ [`GET ${path}`]: () => answer.promise });
    const { container } = open();
    expect(container.querySelector('.Polaris-SkeletonBodyText')).toBeTruthy();
    answer.release();
    expect(await screen.findByLabelText(texts.item)).toBeTruthy();
    expect(container.querySelector('.Polaris-SkeletonBodyText')).toBeNull();
  });

  it('asks for a poll or web response first when the account has none, with links to create one', async () => {
    fakeApi({ [`GET ${path}`]: () => ({ body: { data: view({ items: [] }) } }) });
    open();
    expect(await screen.findByText(texts.empty)).toBeTruthy();
    expect(screen.getByRole('link', { name: texts.createPoll }).getAttribute('href')).toContain('/poll/create');
    expect(screen.getByRole('link', { name: texts.createFeedback })).toBeTruthy();
    expect(screen.queryByLabelText(texts.item)).toBeNull();
  });

  it('says when it could not load, and loads again on Try again', async () => {
    let fail = true;
    fakeApi({ [`GET ${path}`]: () => (fail ? offline() : { body: { data: view() } }) });
    const { user } = open();
    expect(await screen.findByText(texts.loadFailed)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText(texts.item)).toBeTruthy();
  });

  it('shows the saved survey, amounts exact in the shop currency', async () => {
    fakeApi({ [`GET ${path}`]: () => ({ body: { data: view({ survey: saved() }) } }) });
    open();
    const select = (await screen.findByLabelText(texts.item)) as HTMLSelectElement;
    expect(select.value).toBe(`poll:${pollId}`);
    expect((screen.getByLabelText(texts.audiences.returning) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText(texts.minOrder) as HTMLInputElement).value).toBe('19.99');
    expect((screen.getByLabelText(texts.maxOrder) as HTMLInputElement).value).toBe('');
    expect(screen.getByText(texts.rangeHelp('EUR'))).toBeTruthy();
  });

  it('saves the picked item and rules in minor units, and says so', async () => {
    const calls = fakeApi({
      [`GET ${path}`]: () => ({ body: { data: view({ currency: 'JPY' }) } }),
      [`PUT ${path}`]: ({ body }) => ({
        body: { data: view({ currency: 'JPY', survey: saved({ ...(body as object), itemTitle: 'x' }) }) },
      }),
    });
    const { user, toast } = open();
    await user.selectOptions(await screen.findByLabelText(texts.item), `feedback:${feedbackId}`);
    await user.click(screen.getByLabelText(texts.audiences.new));
    await user.type(screen.getByLabelText(texts.minOrder), '1500');
    await user.type(screen.getByLabelText(texts.maxOrder), '20000');
    await user.click(screen.getByLabelText(texts.oncePerCustomer));
    await user.click(screen.getByRole('button', { name: texts.save }));
    await expect.poll(toast).toBe(texts.saved);
    expect(calls.requests.find((request) => request.method === 'PUT')?.body).toEqual({
      itemKind: 'feedback',
      itemId: feedbackId,
      audience: 'new',
      minOrderMinor: 1500,
      maxOrderMinor: 20000,
      oncePerCustomer: false,
      enabled: true,
    });
  });

  it('refuses an amount that is not one, and shows the field the server names', async () => {
    const calls = fakeApi({
      [`GET ${path}`]: () => ({ body: { data: view({ survey: saved() }) } }),
      [`PUT ${path}`]: () => ({
        status: 400,
        body: {
          error: { code: 'validation', message: 'The minimum order value must not be above the maximum', field: 'maxOrderMinor' },
        },
      }),
    });
    const { user } = open();
    const max = await screen.findByLabelText(texts.maxOrder);
    await user.type(max, 'ten');
    await user.click(screen.getByRole('button', { name: texts.save }));
    expect(await screen.findByText(texts.amountInvalid)).toBeTruthy();
    expect(calls.requests.some((request) => request.method === 'PUT')).toBe(false);
    await user.clear(max);
    await user.type(max, '5');
    await user.click(screen.getByRole('button', { name: texts.save }));
    expect(await screen.findByText('The minimum order value must not be above the maximum')).toBeTruthy();
  });
});

describe('amounts and minor units', () => {
  it('converts exactly both ways, by the currency’s digits', () => {
    expect(amountToMinor('19.99', 'EUR')).toBe(1999);
    expect(amountToMinor('0.29', 'USD')).toBe(29);
    expect(amountToMinor('1,500', 'JPY')).toBe(1500);
    expect(amountToMinor('', 'EUR')).toBeNull();
    expect(amountToMinor('-3', 'EUR')).toBeUndefined();
    expect(minorToAmount(1999, 'EUR')).toBe('19.99');
    expect(minorToAmount(5, 'EUR')).toBe('0.05');
    expect(minorToAmount(1500, 'JPY')).toBe('1500');
    expect(minorToAmount(1250, 'KWD')).toBe('1.250');
    expect(minorToAmount(null, 'EUR')).toBe('');
  });
});
