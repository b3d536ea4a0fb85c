import { adminMessages } from '@quizlead/shared/admin.ts';
import { ZAdminPlan } from '@quizlead/shared/schemas/billing.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminPlan } from '../../../api/admin.ts';
import { fakeApi, offline } from '../../../test/fakeApi.ts';
import { errorUnder } from '../../../test/fieldError.ts';
import { renderScreen } from '../../../test/renderScreen.tsx';
import { useAdminAction } from '../components/useAdminAction.ts';
import { accountDetailTexts as texts } from '../texts.ts';
import { GrantPlanModal } from './GrantPlanModal.tsx';

const accountId = '8b9c0d1e-2f30-4a41-8b52-000000000001';
const plan = (id: number, name: string, change: Partial<AdminPlan> = {}): AdminPlan =>
  ZAdminPlan.parse({
    id,
    name,
    free: false,
    monthlyPriceCents: 1900,
    descriptionHtml: '',
    position: id,
    listed: true,
    currentForUnlisted: false,
    ...change,
  });
const plans = [plan(1, 'Free', { free: true, monthlyPriceCents: 0 }), plan(2, 'Pro'), plan(3, 'Legacy', { listed: false })];
const data = <T,>(value: T) => ({ body: { data: value } });
const grants = `POST /api/v1/admin/accounts/${accountId}/plan-grants`;

/** The dialog as the account's plan card opens it, with the admin area's action runner. */
function Granting({ onGranted }: { onGranted(change: unknown): void }) {
  const action = useAdminAction();
  return <GrantPlanModal open accountId={accountId} action={action} onClose={() => {}} onGranted={onGranted} />;
}
const open = (onGranted: (change: unknown) => void = () => {}) =>
  renderScreen(<Granting onGranted={onGranted} />, { path: '/app/Admin/accounts/x' });
const writes = <Request extends { method: string }>(requests: Request[]) =>
  requests.filter((request) => request.method !== 'GET');

async function form() {
  const dialog = within(await screen.findByRole('dialog'));
  expect(dialog.getByText(texts.grantTitle)).toBeTruthy();
  return {
    dialog,
    plan: () => dialog.getByLabelText(texts.grantPlanField) as HTMLSelectElement,
    end: () => dialog.getByLabelText(texts.grantEndField) as HTMLInputElement,
    grant: () => dialog.getByRole('button', { name: texts.grant }),
  };
}

describe('the grant plan dialog', () => {
  it('offers the paid plans only, the unlisted ones marked', async () => {
    fakeApi({ 'GET /api/v1/admin/plans': () => data(plans) });
    open();
    const { plan: planField } = await form();
    await expect.poll(() => planField().disabled).toBe(false);
    expect(
      within(planField())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([texts.choosePlan, 'Pro', 'Legacy (unlisted)']);
  });

  it('asks for a paid plan and a day in the future before sending anything, and forgets each complaint once that field changes', async () => {
    const api = fakeApi({ 'GET /api/v1/admin/plans': () => data(plans) });
    const { user } = open();
    const { plan: planField, end, grant } = await form();
    await expect.poll(() => planField().disabled).toBe(false);
    await user.click(grant());
    expect(errorUnder(planField())).toBe(adminMessages.grantPaidPlan);
    expect(errorUnder(end())).toBe(adminMessages.grantEndsInFuture);

    await user.selectOptions(planField(), 'Pro');
    expect(errorUnder(planField())).toBeNull();
    expect(errorUnder(end())).toBe(adminMessages.grantEndsInFuture);
    await user.type(end(), '2020-01-01');
    expect(errorUnder(end())).toBeNull();
    await user.click(grant());
    expect(errorUnder(end())).toBe(adminMessages.grantEndsInFuture);
    expect(errorUnder(planField())).toBeNull();
    expect(writes(api.requests)).toHaveLength(0);
  });

  it('grants the plan to the chosen day as chosen, says what the server did and hands back the change', async () => {
    const change = { account: { id: accountId }, message: adminMessages.planGranted };
    const api = fakeApi({ 'GET /api/v1/admin/plans': () => data(plans), [grants]: () => data(change) });
    const onGranted = vi.fn();
    const { user, toast } = open(onGranted);
    const { plan: planField, end, grant } = await form();
    await expect.poll(() => planField().disabled).toBe(false);
    await user.selectOptions(planField(), 'Legacy (unlisted)');
    await user.type(end(), '2099-12-31');
    await user.click(grant());

    await expect.poll(toast).toBe(adminMessages.planGranted);
    expect(writes(api.requests)).toEqual([
      { method: 'POST', path: `/api/v1/admin/accounts/${accountId}/plan-grants`, body: { planId: 3, endsAt: '2099-12-31' } },
    ]);
    expect(onGranted).toHaveBeenCalledWith(change);
  });

  it('shows the server’s refusal under the field it names, and any other failure in a notice, keeping what was chosen', async () => {
    let refusal: { status: number; body: unknown } = {
      status: 400,
      body: { error: { code: 'validation', message: adminMessages.grantEndsInFuture, field: 'endsAt' } },
    };
    fakeApi({ 'GET /api/v1/admin/plans': () => data(plans), [grants]: () => refusal });
    const onGranted = vi.fn();
    const { user, toast } = open(onGranted);
    const { plan: planField, end, grant } = await form();
    await expect.poll(() => planField().disabled).toBe(false);
    await user.selectOptions(planField(), 'Pro');
    await user.type(end(), '2099-12-31');
    await user.click(grant());
    await expect.poll(() => errorUnder(end())).toBe(adminMessages.grantEndsInFuture);
    expect(toast()).toBeNull();

    refusal = { status: 409, body: { error: { code: 'conflict', message: adminMessages.grantStandaloneOnly } } };
    await user.click(grant());
    await expect.poll(toast).toBe(`${messages.generic.serverErrorPrefix}${adminMessages.grantStandaloneOnly}`);
    expect(planField().value).toBe('2');
    expect(end().value).toBe('2099-12-31');
    expect(onGranted).not.toHaveBeenCalled();
  });

  it('says under the plan field when the plans could not load', async () => {
    fakeApi({ 'GET /api/v1/admin/plans': () => offline() });
    open();
    const { plan: planField } = await form();
    await expect.poll(() => errorUnder(planField())).toBe(`${messages.generic.serverErrorPrefix}Failed to fetch`);
    expect(planField().disabled).toBe(true);
  });
});
