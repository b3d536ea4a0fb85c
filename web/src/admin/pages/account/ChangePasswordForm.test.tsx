import { messages } from '@quizlead/shared/validations.ts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, offline } from '../../test/fakeApi.ts';
import { renderScreen } from '../../test/renderScreen.tsx';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';

const open = () => renderScreen(<ChangePasswordForm />, { path: '/app/Account' });
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
/** The submit button by its text (a busy one reads 'Loading' before it). */
const submit = () => screen.getAllByRole('button').find((button) => button.textContent?.endsWith('Change password'))!;
/** The form's problems banner, found by its title. */
const banner = () =>
  screen.queryAllByRole('alert').find((alert) => within(alert).queryByText(messages.account.validationErrorTitle)) ?? null;

/** An answer the test lets through when it chooses, to see the form while it waits. */
function held(answer: { status?: number; body: unknown }) {
  let release = () => {};
  const promise = new Promise<never>((resolve) => {
    release = () => resolve(answer as never);
  });
  return { promise, release: () => release() };
}

async function fill(user: ReturnType<typeof open>['user'], current: string, next: string, confirm: string) {
  if (current) await user.type(field('Current password'), current);
  if (next) await user.type(field('New password'), next);
  if (confirm) await user.type(field('Confirm new password'), confirm);
}

describe('the change-password form', () => {
  it('asks for the current and the new password, one message each, before sending anything', async () => {
    const api = fakeApi({});
    const { user } = open();
    expect(field('Current password').type).toBe('password');
    expect(field('New password').autocomplete).toBe('new-password');
    await user.click(submit());
    const items = within(banner()!).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      messages.account.currentPasswordRequired,
      messages.account.newPasswordEmpty,
    ]);
    expect(api.requests).toHaveLength(0);
  });

  it('refuses a new password that is too short, and one the confirmation does not match', async () => {
    const api = fakeApi({});
    const { user } = open();
    await fill(user, 'old secret', 'short', 'short');
    await user.click(submit());
    expect(within(banner()!).getByText(messages.auth.passwordTooShort)).toBeTruthy();

    await user.clear(field('New password'));
    await user.type(field('New password'), 'a long new secret');
    await user.clear(field('Confirm new password'));
    await user.type(field('Confirm new password'), 'a long new secreT');
    await user.click(submit());
    expect(within(banner()!).getByText(messages.account.passwordsDiffer)).toBeTruthy();
    expect(within(banner()!).queryByText(messages.auth.passwordTooShort)).toBeNull();
    expect(api.requests).toHaveLength(0);
  });

  it('sends the three passwords, says the password is changed and empties the form', async () => {
    const api = fakeApi({
      'PUT /api/v1/account/password': () => ({ body: { data: { message: messages.account.passwordUpdated } } }),
    });
    const { user, toast } = open();
    await fill(user, 'old secret', 'a long new secret', 'a long new secret');
    await user.click(submit());
    await expect.poll(toast).toBe(messages.account.passwordUpdated);
    expect(api.requests).toEqual([
      {
        method: 'PUT',
        path: '/api/v1/account/password',
        body: { currentPassword: 'old secret', newPassword: 'a long new secret', confirmPassword: 'a long new secret' },
      },
    ]);
    expect(field('Current password').value).toBe('');
    expect(field('New password').value).toBe('');
    expect(field('Confirm new password').value).toBe('');
    expect(banner()).toBeNull();
  });

  it('shows the server’s refusal in the form and keeps what was typed', async () => {
    fakeApi({
      'PUT /api/v1/account/password': () => ({
        status: 400,
        body: { error: { code: 'validation', message: messages.account.currentPasswordWrong, field: 'currentPassword' } },
      }),
    });
    const { user, toast } = open();
    await fill(user, 'wrong secret', 'a long new secret', 'a long new secret');
    await user.click(submit());
    expect(await screen.findByText(messages.account.currentPasswordWrong)).toBeTruthy();
    expect(banner()).toBeTruthy();
    expect(field('Current password').value).toBe('wrong secret');
    expect(toast()).toBeNull();
  });

  it('says in a notice when the server could not be reached', async () => {
    fakeApi({ 'PUT /api/v1/account/password': () => offline() });
    const { user, toast } = open();
    await fill(user, 'old secret', 'a long new secret', 'a long new secret');
    await user.click(submit());
    await expect.poll(toast).toBe(`${messages.generic.serverErrorPrefix}Failed to fetch`);
    expect(banner()).toBeNull();
    expect(field('New password').value).toBe('a long new secret');
  });

  it('keeps the problems in view while they are put right, until the banner is dismissed or the form is sent again', async () => {
    fakeApi({ 'PUT /api/v1/account/password': () => ({ body: { data: { message: messages.account.passwordUpdated } } }) });
    const { user, toast } = open();
    await user.click(submit());
    expect(within(banner()!).getAllByRole('listitem')).toHaveLength(2);
    await user.type(field('Current password'), 'old secret');
    expect(within(banner()!).getByText(messages.account.currentPasswordRequired)).toBeTruthy();
    await user.click(within(banner()!).getByRole('button'));
    expect(banner()).toBeNull();

    await user.click(submit());
    expect(within(banner()!).getByText(messages.account.newPasswordEmpty)).toBeTruthy();
    expect(within(banner()!).queryByText(messages.account.currentPasswordRequired)).toBeNull();
    await user.type(field('New password'), 'a long new secret');
    await user.type(field('Confirm new password'), 'a long new secret');
    await user.click(submit());
    await expect.poll(toast).toBe(messages.account.passwordUpdated);
    expect(banner()).toBeNull();
  });

  it('shows a refusal naming no field in the banner too, and other refusals in a notice', async () => {
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: { error: { code: 'validation', message: messages.auth.passwordHasEmail } },
    };
    fakeApi({ 'PUT /api/v1/account/password': () => answer });
    const { user, toast } = open();
    await fill(user, 'old secret', 'a long new secret', 'a long new secret');
    await user.click(submit());
    await expect.poll(() => banner()?.textContent ?? null).toContain(messages.auth.passwordHasEmail);
    expect(toast()).toBeNull();

    answer = { status: 429, body: { error: { code: 'rate_limited', message: messages.auth.tooManyRequests } } };
    await user.click(submit());
    await expect.poll(toast).toBe(`${messages.generic.serverErrorPrefix}${messages.auth.tooManyRequests}`);
    expect(banner()).toBeNull();
  });

  it('shows the change under way on its button until the server answers', async () => {
    const answer = held({ body: { data: { message: messages.account.passwordUpdated } } });
    fakeApi({ 'PUT /api/v1/account/password': () => answer.promise });
    const { user, toast } = open();
    await fill(user, 'old secret', 'a long new secret', 'a long new secret');
    expect(submit().getAttribute('aria-disabled')).not.toBe('true');
    await user.click(submit());
    await expect.poll(() => submit().getAttribute('aria-busy')).toBe('true');
    expect(submit().getAttribute('aria-disabled')).toBe('true');

    answer.release();
    await expect.poll(toast).toBe(messages.account.passwordUpdated);
    expect(submit().getAttribute('aria-busy')).toBeNull();
    expect(submit().getAttribute('aria-disabled')).not.toBe('true');
  });
});
