import { adminMessages } from '@quizlead/shared/admin.ts';
import { billingMessages, formatDay, formatMoney } from '@quizlead/shared/billing.ts';
import { ZAdminDiscountCode, ZAdminPlan, type TAdminDiscountCode } from '@quizlead/shared/schemas/billing.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, offline } from '../../../test/fakeApi.ts';
import { errorUnder } from '../../../test/fieldError.ts';
import { renderScreen } from '../../../test/renderScreen.tsx';
import { areaTexts, codeTexts } from '../texts.ts';
import { DiscountCodesPage } from './DiscountCodesPage.tsx';

const plans = [
  { id: 1, name: 'Free', free: true, monthlyPriceCents: 0 },
  { id: 2, name: 'Pro', free: false, monthlyPriceCents: 1900 },
].map((plan, position) => ZAdminPlan.parse({ ...plan, descriptionHtml: '', position, listed: true, currentForUnlisted: false }));
const code = (n: number, change: Partial<TAdminDiscountCode> = {}): TAdminDiscountCode =>
  ZAdminDiscountCode.parse({
    id: `9c0d1e2f-3041-4b52-8c63-${String(n).padStart(12, '0')}`,
    code: `CODE${n}`,
    kind: 'percent',
    percent: 10,
    amountCents: null,
    planId: null,
    period: null,
    startsAt: null,
    endsAt: null,
    maxRedemptions: null,
    maxPerAccount: 1,
    redemptions: 0,
    retired: false,
    ...change,
  });
const data = <T,>(value: T) => ({ body: { data: value } });

const open = () => renderScreen(<DiscountCodesPage />, { path: '/app/Admin/discount-codes' });
const codeRows = () => screen.getAllByRole('row').slice(1);
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
const writes = <Request extends { method: string }>(requests: Request[]) =>
  requests.filter((request) => request.method !== 'GET');

/** Opens the new-code form from the page's primary action. */
async function openForm(user: ReturnType<typeof open>['user']) {
  await user.click(await screen.findByRole('button', { name: codeTexts.add }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText(codeTexts.createTitle)).toBeTruthy();
  return within(dialog);
}
const field = (form: ReturnType<typeof within>, label: string) => form.getByLabelText(label) as HTMLInputElement;

describe('the admin area’s discount codes', () => {
  it('says it is loading until the codes arrive, then a row per code with its terms', async () => {
    let reply: (value: ReturnType<typeof data>) => void = () => {};
    fakeApi({
      'GET /api/v1/admin/discount-codes': () => new Promise((resolve) => (reply = resolve)) as never,
      'GET /api/v1/admin/plans': () => data(plans),
    });
    open();
    expect(screen.getByText(areaTexts.loading).closest('[role="status"]')).toBeTruthy();
    reply(
      data([
        code(1, {
          code: 'SPRING',
          percent: 25,
          planId: 2,
          period: 'yearly',
          startsAt: '2026-03-01T00:00:00.000Z',
          endsAt: '2026-03-31T23:59:59.999Z',
          maxRedemptions: 100,
          redemptions: 4,
        }),
        code(2, { code: 'FIVE', kind: 'amount', percent: null, amountCents: 500, maxPerAccount: null, retired: true }),
      ]),
    );
    expect(await screen.findByText('SPRING')).toBeTruthy();
    const [spring, five] = codeRows();
    expect(cells(spring!).slice(0, 6)).toEqual([
      'SPRING',
      '25%',
      `Pro, ${codeTexts.periods.yearly.toLowerCase()}`,
      codeTexts.between(formatDay('2026-03-01T00:00:00.000Z'), formatDay('2026-03-31T23:59:59.999Z')),
      `${codeTexts.uses(4, 100)} (${codeTexts.perAccount(1)})`,
      expect.stringMatching(new RegExp(`${codeTexts.active}$`)),
    ]);
    expect(cells(five!).slice(0, 6)).toEqual([
      'FIVE',
      formatMoney(500),
      `${codeTexts.anyPlan}, ${codeTexts.anyPeriod}`,
      codeTexts.always,
      codeTexts.uses(0, null),
      expect.stringMatching(new RegExp(`${codeTexts.retired}$`)),
    ]);
    expect(screen.getByRole('button', { name: codeTexts.retireLabel('SPRING') })).toBeTruthy();
    expect(screen.getByRole('button', { name: codeTexts.restoreLabel('FIVE') })).toBeTruthy();
  });

  it('says when there is no code yet, with the way to add the first', async () => {
    fakeApi({ 'GET /api/v1/admin/discount-codes': () => data([]), 'GET /api/v1/admin/plans': () => data(plans) });
    open();
    expect(await screen.findByText(codeTexts.empty)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: codeTexts.add })).toHaveLength(2);
  });

  it('says when the codes could not load, and loads them again on Try again', async () => {
    let fail = true;
    fakeApi({
      'GET /api/v1/admin/discount-codes': () => (fail ? offline() : data([code(1)])),
      'GET /api/v1/admin/plans': () => data(plans),
    });
    const { user } = open();
    expect(await screen.findByText(`${messages.generic.serverErrorPrefix}Failed to fetch`)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('CODE1')).toBeTruthy();
    expect(screen.queryByText(`${messages.generic.serverErrorPrefix}Failed to fetch`)).toBeNull();
  });
});

describe('the new discount code form', () => {
  it('asks for a code and a percentage, and offers the paid plans only', async () => {
    const api = fakeApi({ 'GET /api/v1/admin/discount-codes': () => data([]), 'GET /api/v1/admin/plans': () => data(plans) });
    const { user } = open();
    const form = await openForm(user);
    const planOptions = within(field(form, codeTexts.fields.plan)).getAllByRole('option');
    expect(planOptions.map((option) => option.textContent)).toEqual([codeTexts.anyPlan, 'Pro']);
    expect(field(form, codeTexts.fields.maxPerAccount).value).toBe('1');

    await user.click(form.getByRole('button', { name: codeTexts.save }));
    expect(errorUnder(field(form, codeTexts.fields.code))).toBe(billingMessages.discountCodeRequired);
    await user.type(field(form, codeTexts.fields.code), 'spring');
    expect(errorUnder(field(form, codeTexts.fields.code))).toBeNull();
    await user.click(form.getByRole('button', { name: codeTexts.save }));
    expect(errorUnder(field(form, codeTexts.fields.percent))).toBe('A percent discount needs its percentage.');
    expect(writes(api.requests)).toHaveLength(0);
  });

  it('refuses a code with other characters, a percent out of range, a count that is no number and an end before the start', async () => {
    const api = fakeApi({ 'GET /api/v1/admin/discount-codes': () => data([]), 'GET /api/v1/admin/plans': () => data(plans) });
    const { user } = open();
    const form = await openForm(user);
    await user.type(field(form, codeTexts.fields.code), 'spring sale');
    await user.type(field(form, codeTexts.fields.percent), '150');
    await user.type(field(form, codeTexts.fields.maxRedemptions), 'ten');
    await user.click(form.getByRole('button', { name: codeTexts.save }));
    expect(errorUnder(field(form, codeTexts.fields.code))).toBe('Use letters, digits, - and _ only.');
    expect(errorUnder(field(form, codeTexts.fields.percent))).toBe(codeTexts.percentInvalid);
    expect(errorUnder(field(form, codeTexts.fields.maxRedemptions))).toBe(codeTexts.numberInvalid);

    await user.clear(field(form, codeTexts.fields.code));
    await user.type(field(form, codeTexts.fields.code), 'spring_sale');
    await user.clear(field(form, codeTexts.fields.percent));
    await user.type(field(form, codeTexts.fields.percent), '20');
    await user.clear(field(form, codeTexts.fields.maxRedemptions));
    await user.type(field(form, codeTexts.fields.startsAt), '2026-12-10');
    await user.type(field(form, codeTexts.fields.endsAt), '2026-12-01');
    await user.click(form.getByRole('button', { name: codeTexts.save }));
    expect(errorUnder(field(form, codeTexts.fields.endsAt))).toBe('The end must come after the start.');
    expect(errorUnder(field(form, codeTexts.fields.code))).toBeNull();
    expect(writes(api.requests)).toHaveLength(0);
  });

  it('asks an amount discount for an amount in dollars and cents', async () => {
    const api = fakeApi({ 'GET /api/v1/admin/discount-codes': () => data([]), 'GET /api/v1/admin/plans': () => data(plans) });
    const { user } = open();
    const form = await openForm(user);
    await user.type(field(form, codeTexts.fields.code), 'FIVE');
    await user.selectOptions(field(form, codeTexts.fields.kind), 'amount');
    expect(form.queryByLabelText(codeTexts.fields.percent)).toBeNull();
    await user.type(field(form, codeTexts.fields.amount), '4.999');
    await user.click(form.getByRole('button', { name: codeTexts.save }));
    expect(errorUnder(field(form, codeTexts.fields.amount))).toBe(codeTexts.amountInvalid);
    expect(writes(api.requests)).toHaveLength(0);
  });

  it('adds the code as typed in upper case, with whole days in UTC, says so and lists it', async () => {
    let codes: TAdminDiscountCode[] = [];
    const added = code(3, {
      code: 'SPRING25',
      percent: 25,
      planId: 2,
      period: 'yearly',
      startsAt: '2026-12-01T00:00:00.000Z',
      endsAt: '2026-12-31T23:59:59.999Z',
      maxRedemptions: 100,
      maxPerAccount: null,
    });
    const api = fakeApi({
      'GET /api/v1/admin/discount-codes': () => data(codes),
      'GET /api/v1/admin/plans': () => data(plans),
      'POST /api/v1/admin/discount-codes': () => {
        codes = [added];
        return { status: 201, body: { data: added } };
      },
    });
    const { user, toast } = open();
    const form = await openForm(user);
    await user.type(field(form, codeTexts.fields.code), ' spring25 ');
    await user.type(field(form, codeTexts.fields.percent), '25');
    await user.selectOptions(field(form, codeTexts.fields.plan), 'Pro');
    await user.selectOptions(field(form, codeTexts.fields.period), codeTexts.periods.yearly);
    await user.type(field(form, codeTexts.fields.startsAt), '2026-12-01');
    await user.type(field(form, codeTexts.fields.endsAt), '2026-12-31');
    await user.type(field(form, codeTexts.fields.maxRedemptions), '100');
    await user.clear(field(form, codeTexts.fields.maxPerAccount));
    await user.click(form.getByRole('button', { name: codeTexts.save }));

    await expect.poll(toast).toBe(codeTexts.created('SPRING25'));
    expect(writes(api.requests)).toEqual([
      {
        method: 'POST',
        path: '/api/v1/admin/discount-codes',
        body: {
          code: 'SPRING25',
          kind: 'percent',
          percent: 25,
          amountCents: null,
          planId: 2,
          period: 'yearly',
          startsAt: '2026-12-01T00:00:00.000Z',
          endsAt: '2026-12-31T23:59:59.999Z',
          maxRedemptions: 100,
          maxPerAccount: null,
        },
      },
    ]);
    expect(await screen.findByText('SPRING25')).toBeTruthy();
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the server’s refusal under the field it names, and any other failure in a notice, keeping the form open', async () => {
    let refusal: { status: number; body: unknown } = {
      status: 409,
      body: { error: { code: 'conflict', message: adminMessages.discountCodeTaken, field: 'code' } },
    };
    fakeApi({
      'GET /api/v1/admin/discount-codes': () => data([]),
      'GET /api/v1/admin/plans': () => data(plans),
      'POST /api/v1/admin/discount-codes': () => refusal,
    });
    const { user, toast } = open();
    const form = await openForm(user);
    await user.type(field(form, codeTexts.fields.code), 'SPRING');
    await user.type(field(form, codeTexts.fields.percent), '10');
    await user.click(form.getByRole('button', { name: codeTexts.save }));
    await expect.poll(() => errorUnder(field(form, codeTexts.fields.code))).toBe(adminMessages.discountCodeTaken);
    expect(toast()).toBeNull();

    refusal = { status: 500, body: { error: { code: 'internal', message: messages.generic.internal } } };
    await user.click(form.getByRole('button', { name: codeTexts.save }));
    await expect.poll(toast).toBe(`${messages.generic.serverErrorPrefix}${messages.generic.internal}`);
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(field(form, codeTexts.fields.code).value).toBe('SPRING');
  });

  it('retires a code after the question names it', async () => {
    let retired = false;
    const api = fakeApi({
      'GET /api/v1/admin/discount-codes': () => data([code(1, { retired })]),
      'GET /api/v1/admin/plans': () => data(plans),
      [`PATCH /api/v1/admin/discount-codes/${code(1).id}`]: () => {
        retired = true;
        return data(code(1, { retired }));
      },
    });
    const { user, toast } = open();
    await user.click(await screen.findByRole('button', { name: codeTexts.retireLabel('CODE1') }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(codeTexts.retireQuestion('CODE1'))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: codeTexts.retire }));
    await expect.poll(toast).toBe(codeTexts.retiredDone('CODE1'));
    expect(writes(api.requests)).toEqual([
      { method: 'PATCH', path: `/api/v1/admin/discount-codes/${code(1).id}`, body: { retired: true } },
    ]);
    expect(await screen.findByRole('button', { name: codeTexts.restoreLabel('CODE1') })).toBeTruthy();
  });
});
