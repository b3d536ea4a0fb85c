import { limits, messages } from '@quizlead/shared/validations.ts';
import { fakeApi, held, offline } from '@quizlead/web/admin/test/fakeApi.ts';
import { errorUnder } from '@quizlead/web/admin/test/fieldError.ts';
import { renderScreen } from '@quizlead/web/admin/test/renderScreen.tsx';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResetPassword } from './ResetPassword.tsx';

const token = 'reset-token-from-the-mail';
const done = () => ({ body: { data: { message: messages.auth.resetDone } } });
const refusal = (status: number, code: string, message: string, field?: string) => () => ({
  status,
  body: { error: { code, message, ...(field ? { field } : {}) } },
});

const open = (path = `/ResetPassword?token=${token}`) => renderScreen(<ResetPassword />, { path, route: '/ResetPassword' });
const password = () => screen.getByLabelText('New password') as HTMLInputElement;
const confirm = () => screen.getByLabelText('Confirm new password') as HTMLInputElement;
/** The submit button by its text (a busy one reads 'Loading' before it). */
const reset = () => screen.getAllByRole('button').find((button) => button.textContent?.endsWith('Reset password'))!;
/** The banner saying the link cannot be used, with its action; or null. */
const invalid = () => screen.queryAllByRole('alert').find((alert) => within(alert).queryByText('Request a new link')) ?? null;
/** The failure banner above the fields (a critical one), or null. */
const failure = () =>
  screen.queryAllByRole('alert').find((alert) => alert.matches('.Polaris-Banner') && alert !== invalid()) ?? null;

async function fill(user: ReturnType<typeof open>['user'], first: string, second: string) {
  if (first) await user.type(password(), first);
  if (second) await user.type(confirm(), second);
}

describe('the reset-password page', () => {
  it('says a link without a token cannot be used, and offers a new one', () => {
    const api = fakeApi({});
    open('/ResetPassword');
    expect(within(invalid()!).getByText(messages.auth.resetInvalid)).toBeTruthy();
    expect(within(invalid()!).getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/ForgetPassword');
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(api.requests).toHaveLength(0);
  });

  it('asks for a new password under its field before sending anything', async () => {
    const api = fakeApi({});
    const { user } = open();
    expect(password().maxLength).toBe(limits.passwordMax);
    expect(password().autocomplete).toBe('new-password');
    expect(document.activeElement).toBe(password());
    await user.click(reset());
    expect(errorUnder(password())).toBe(messages.auth.passwordRequired);
    expect(errorUnder(confirm())).toBeNull();
    expect(api.requests).toHaveLength(0);
  });

  it('refuses a short password, one of only spaces and one character repeated', async () => {
    const api = fakeApi({});
    const { user } = open();
    const cases: [string, string][] = [
      ['short', messages.auth.passwordTooShort],
      [' '.repeat(limits.passwordMin), messages.auth.passwordBlank],
      ['a'.repeat(limits.passwordMin), messages.auth.passwordRepeated],
    ];
    for (const [typed, message] of cases) {
      await user.clear(password());
      await user.type(password(), typed);
      await user.clear(confirm());
      await user.type(confirm(), typed);
      await user.click(reset());
      expect(errorUnder(password())).toBe(message);
    }
    expect(api.requests).toHaveLength(0);
  });

  it('says a confirmation that differs under it, once the password itself is right', async () => {
    const api = fakeApi({});
    const { user } = open();
    // A wrong password is said alone, even when the confirmation differs too.
    await fill(user, 'short', 'other');
    await user.click(reset());
    expect(errorUnder(password())).toBe(messages.auth.passwordTooShort);
    expect(errorUnder(confirm())).toBeNull();

    await user.type(password(), ' and longer');
    expect(errorUnder(password())).toBeNull();
    await user.click(reset());
    expect(errorUnder(confirm())).toBe(messages.account.passwordsDiffer);
    expect(errorUnder(password())).toBeNull();
    await user.type(confirm(), 'x');
    expect(errorUnder(confirm())).toBeNull();
    expect(api.requests).toHaveLength(0);
  });

  it('sends the token and the new password, then says it is done with a way to sign in', async () => {
    const api = fakeApi({ 'POST /api/v1/password/reset': done });
    const { user } = open();
    await fill(user, ' my fresh password ', ' my fresh password ');
    await user.click(reset());
    const banner = await screen.findByText(messages.auth.resetDone);
    expect(
      within(banner.closest('[role="status"]')! as HTMLElement)
        .getByRole('link', { name: 'Sign in' })
        .getAttribute('href'),
    ).toBe('/index.html');
    expect(api.requests).toEqual([
      { method: 'POST', path: '/api/v1/password/reset', body: { token, password: ' my fresh password ' } },
    ]);
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('says a spent or unknown link as the server words it, with a way to request a new one', async () => {
    fakeApi({ 'POST /api/v1/password/reset': refusal(400, 'validation', messages.auth.resetInvalid, 'token') });
    const { user } = open();
    await fill(user, 'my fresh password', 'my fresh password');
    await user.click(reset());
    await expect.poll(invalid).not.toBeNull();
    expect(within(invalid()!).getByText(messages.auth.resetInvalid)).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('says any other refusal with status 400 and no field the same way', async () => {
    fakeApi({ 'POST /api/v1/password/reset': refusal(400, 'validation', 'Invalid token') });
    const { user } = open();
    await fill(user, 'my fresh password', 'my fresh password');
    await user.click(reset());
    await expect.poll(() => invalid()?.textContent).toContain('Invalid token');
  });

  it('shows the server’s refusal of the password under it, keeping the form', async () => {
    fakeApi({ 'POST /api/v1/password/reset': refusal(400, 'validation', messages.auth.passwordCommon, 'password') });
    const { user } = open();
    await fill(user, 'password123', 'password123');
    await user.click(reset());
    await expect.poll(() => errorUnder(password())).toBe(messages.auth.passwordCommon);
    expect(invalid()).toBeNull();
    expect(failure()).toBeNull();
    expect(password().value).toBe('password123');
  });

  it('says a network failure, a server error or too many attempts above the fields, and keeps them', async () => {
    let answer: () => ReturnType<ReturnType<typeof refusal>> | Promise<never> = offline;
    fakeApi({ 'POST /api/v1/password/reset': () => answer() });
    const { user } = open();
    await fill(user, 'my fresh password', 'my fresh password');
    await user.click(reset());
    await expect.poll(() => failure()?.textContent).toBe(`${messages.generic.serverErrorPrefix}Failed to fetch`);

    answer = refusal(500, 'internal', messages.generic.internal);
    await user.click(reset());
    await expect.poll(() => failure()?.textContent).toBe(messages.generic.internal);

    answer = refusal(429, 'rate_limited', messages.auth.tooManyRequests);
    await user.click(reset());
    await expect.poll(() => failure()?.textContent).toBe(messages.auth.tooManyRequests);
    expect(invalid()).toBeNull();
    expect(password().value).toBe('my fresh password');

    await user.click(within(failure()!).getByRole('button', { name: /dismiss/i }));
    expect(failure()).toBeNull();
  });

  it('is busy while saving, and drops the last failure when trying again', async () => {
    let answer = held(refusal(500, 'internal', messages.generic.internal)());
    fakeApi({ 'POST /api/v1/password/reset': () => answer.promise });
    const { user } = open();
    await fill(user, 'my fresh password', 'my fresh password');
    await user.click(reset());
    await expect.poll(() => reset().getAttribute('aria-busy')).toBe('true');
    answer.release();
    await expect.poll(failure).not.toBeNull();
    expect(reset().getAttribute('aria-busy')).toBeNull();

    answer = held(done());
    await user.click(reset());
    await expect.poll(() => reset().getAttribute('aria-busy')).toBe('true');
    expect(failure()).toBeNull();
    answer.release();
    await expect.poll(() => screen.queryByText(messages.auth.resetDone)).not.toBeNull();
  });
});
