import { billingLimits, formatMoney } from '@quizlead/shared/billing.ts';
import { ZAdminPlan } from '@quizlead/shared/schemas/billing.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminPlan } from '../../../api/admin.ts';
import { fakeApi } from '../../../test/fakeApi.ts';
import { errorUnder } from '../../../test/fieldError.ts';
import { renderScreen } from '../../../test/renderScreen.tsx';
import { planAdminTexts as texts } from '../texts.ts';
import { PlansAdminPage } from './PlansAdminPage.tsx';

const plan = (id: number, change: Partial<AdminPlan> = {}): AdminPlan =>
  ZAdminPlan.parse({
    id,
    name: `Plan ${id}`,
    free: false,
    monthlyPriceCents: 1900,
    descriptionHtml: '',
    position: id,
    listed: true,
    currentForUnlisted: false,
    ...change,
  });
const free = plan(1, { name: 'Free', free: true, monthlyPriceCents: 0, position: 0 });
const pro = plan(2, { name: 'Pro', monthlyPriceCents: 1900, position: 1 });
const data = <T,>(value: T) => ({ body: { data: value } });

const open = () => renderScreen(<PlansAdminPage />, { path: '/app/Admin/plans' });
const writes = <Request extends { method: string }>(requests: Request[]) =>
  requests.filter((request) => request.method !== 'GET');
const field = (form: ReturnType<typeof within>, label: string) => form.getByLabelText(label) as HTMLInputElement;

/** Opens the new-plan form from the page's primary action. */
async function openForm(user: ReturnType<typeof open>['user']) {
  await user.click((await screen.findAllByRole('button', { name: texts.add }))[0]!);
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText(texts.createTitle)).toBeTruthy();
  return within(dialog);
}

describe('the plan form', () => {
  it('asks for a name, a price and a position in its own words before sending anything, and forgets each complaint once that field changes', async () => {
    const api = fakeApi({ 'GET /api/v1/admin/plans': () => data([free, pro]) });
    const { user } = open();
    const form = await openForm(user);
    expect(field(form, texts.fields.position).value).toBe('0');
    expect((form.getByLabelText(texts.fields.listed) as HTMLInputElement).checked).toBe(true);

    await user.type(field(form, texts.fields.monthlyPrice), 'nineteen');
    await user.clear(field(form, texts.fields.position));
    await user.type(field(form, texts.fields.position), 'first');
    await user.click(form.getByRole('button', { name: texts.save }));
    expect(errorUnder(field(form, texts.fields.name))).toBe('Plan name cannot be empty.');
    expect(errorUnder(field(form, texts.fields.monthlyPrice))).toBe(texts.priceInvalid);
    expect(errorUnder(field(form, texts.fields.position))).toBe(texts.positionInvalid);

    await user.type(field(form, texts.fields.name), 'Team');
    expect(errorUnder(field(form, texts.fields.name))).toBeNull();
    expect(errorUnder(field(form, texts.fields.monthlyPrice))).toBe(texts.priceInvalid);
    await user.clear(field(form, texts.fields.monthlyPrice));
    await user.type(field(form, texts.fields.monthlyPrice), '10000.01');
    expect(errorUnder(field(form, texts.fields.monthlyPrice))).toBeNull();
    await user.clear(field(form, texts.fields.position));
    await user.type(field(form, texts.fields.position), '3');
    await user.click(form.getByRole('button', { name: texts.save }));
    expect(errorUnder(field(form, texts.fields.monthlyPrice))).toBe(
      texts.priceTooHigh(formatMoney(billingLimits.maxMonthlyPriceCents)),
    );
    expect(errorUnder(field(form, texts.fields.position))).toBeNull();
    expect(errorUnder(field(form, texts.fields.name))).toBeNull();
    expect(writes(api.requests)).toHaveLength(0);
  });

  it('adds the plan with its price in cents, says so and closes', async () => {
    let plans = [free, pro];
    const added = plan(3, { name: 'Team', monthlyPriceCents: 4950, position: 3, listed: false, currentForUnlisted: true });
    const api = fakeApi({
      'GET /api/v1/admin/plans': () => data(plans),
      'POST /api/v1/admin/plans': () => {
        plans = [free, pro, added];
        return { status: 201, body: { data: added } };
      },
    });
    const { user, toast } = open();
    const form = await openForm(user);
    await user.type(field(form, texts.fields.name), ' Team ');
    await user.type(field(form, texts.fields.monthlyPrice), '$49.5');
    await user.clear(field(form, texts.fields.position));
    await user.type(field(form, texts.fields.position), ' 3 ');
    await user.click(form.getByLabelText(texts.fields.listed));
    await user.click(form.getByLabelText(texts.fields.currentForUnlisted));
    await user.click(form.getByRole('button', { name: texts.save }));

    await expect.poll(toast).toBe(texts.created);
    expect(writes(api.requests)).toEqual([
      {
        method: 'POST',
        path: '/api/v1/admin/plans',
        body: {
          name: 'Team',
          monthlyPriceCents: 4950,
          descriptionHtml: '',
          position: 3,
          listed: false,
          currentForUnlisted: true,
        },
      },
    ]);
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    expect((await screen.findAllByText('Team')).length).toBeGreaterThan(0);
  });

  it('changes a plan from what it holds, the free plan’s price locked', async () => {
    const api = fakeApi({
      'GET /api/v1/admin/plans': () => data([free, pro]),
      'PUT /api/v1/admin/plans/1': () => data({ ...free, name: 'Starter' }),
    });
    const { user, toast } = open();
    await user.click(await screen.findByRole('button', { name: texts.editLabel('Free') }));
    const form = within(await screen.findByRole('dialog'));
    expect(form.getByText(texts.editTitle('Free'))).toBeTruthy();
    expect(field(form, texts.fields.name).value).toBe('Free');
    expect(field(form, texts.fields.monthlyPrice).value).toBe('0');
    expect(field(form, texts.fields.monthlyPrice).disabled).toBe(true);
    await user.clear(field(form, texts.fields.name));
    await user.type(field(form, texts.fields.name), 'Starter');
    await user.click(form.getByRole('button', { name: texts.save }));

    await expect.poll(toast).toBe(texts.saved);
    expect(writes(api.requests)).toEqual([
      {
        method: 'PUT',
        path: '/api/v1/admin/plans/1',
        body: {
          name: 'Starter',
          monthlyPriceCents: 0,
          descriptionHtml: '',
          position: 0,
          listed: true,
          currentForUnlisted: false,
        },
      },
    ]);
  });

  it('shows the server’s refusal under the field it names, and any other failure in a notice, keeping the form open', async () => {
    let refusal: { status: number; body: unknown } = {
      status: 400,
      body: { error: { code: 'validation', message: 'The free plan stays free.', field: 'monthlyPriceCents' } },
    };
    fakeApi({ 'GET /api/v1/admin/plans': () => data([free, pro]), 'POST /api/v1/admin/plans': () => refusal });
    const { user, toast } = open();
    const form = await openForm(user);
    await user.type(field(form, texts.fields.name), 'Team');
    await user.type(field(form, texts.fields.monthlyPrice), '49');
    await user.click(form.getByRole('button', { name: texts.save }));
    await expect.poll(() => errorUnder(field(form, texts.fields.monthlyPrice))).toBe('The free plan stays free.');
    expect(toast()).toBeNull();

    // A refusal naming a field the dialog does not show is said in a notice, not put under a hidden field.
    refusal = { status: 400, body: { error: { code: 'validation', message: 'Unknown setting.', field: 'currency' } } };
    await user.click(form.getByRole('button', { name: texts.save }));
    await expect.poll(toast).toBe(`${messages.generic.serverErrorPrefix}Unknown setting.`);

    refusal = { status: 500, body: { error: { code: 'internal', message: messages.generic.internal } } };
    await user.click(form.getByRole('button', { name: texts.save }));
    await expect.poll(toast).toBe(`${messages.generic.serverErrorPrefix}${messages.generic.internal}`);
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(field(form, texts.fields.name).value).toBe('Team');
  });
});
