import { limits, messages } from '@quizlead/shared/validations.ts';
import { fakeApi, held, offline } from '@quizlead/web/admin/test/fakeApi.ts';
import { errorUnder } from '@quizlead/web/admin/test/fieldError.ts';
import { renderScreen } from '@quizlead/web/admin/test/renderScreen.tsx';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ForgotPassword } from './ForgotPassword.tsx';

const sent = () => ({ body: { data: { message: messages.auth.forgotNotice } } });

const open = () => renderScreen(<ForgotPassword />, { path: '/ForgetPassword' });
const email = () => screen.getByLabelText('Email') as HTMLInputElement;
/** The send button by its text (a busy one reads 'Loading' before it). */
const send = () => screen.getAllByRole('button').find((button) => button.textContent?.endsWith('EMAIL MY PASSWORD'))!;
/** Polaris marks a disabled or loading button with aria-disabled (and a loading one aria-busy). */
const disabled = (button: HTMLElement) => button.getAttribute('aria-disabled') === 'true';
/** The notice that replaces the form once the request is made. */
const notice = () => screen.queryByText(messages.auth.forgotNotice);

describe('the forgot-password page', () => {
  it('keeps the button disabled until the email is typed in, and enabled once it was', async () => {
    fakeApi({});
    const { user } = open();
    expect(email().maxLength).toBe(limits.email);
    expect(document.activeElement).toBe(email());
    expect(disabled(send())).toBe(true);
    await user.type(email(), 'o');
    expect(disabled(send())).toBe(false);
    await user.clear(email());
    expect(disabled(send())).toBe(false);
  });

  it('asks for an email, and a real one, under the field before sending anything', async () => {
    const api = fakeApi({});
    const { user } = open();
    await user.type(email(), 'x');
    await user.clear(email());
    await user.click(send());
    expect(errorUnder(email())).toBe(messages.auth.emailRequired);
    await user.type(email(), 'not-an-email');
    expect(errorUnder(email())).toBeNull();
    await user.click(send());
    expect(errorUnder(email())).toBe(messages.auth.invalidEmail);
    expect(api.requests).toHaveLength(0);
    expect(notice()).toBeNull();
  });

  it('sends the email and says the same notice in place of the form', async () => {
    const api = fakeApi({ 'POST /api/v1/password/forgot': sent });
    const { user } = open();
    await user.type(email(), '  Olive@Example.com ');
    await user.click(send());
    await expect.poll(notice).not.toBeNull();
    expect(notice()!.closest('[role="status"]')).not.toBeNull();
    expect(api.requests).toEqual([{ method: 'POST', path: '/api/v1/password/forgot', body: { email: 'Olive@Example.com' } }]);
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/index.html');
  });

  it('says the same notice whatever the server answers: a refusal, one naming the field, an error, no answer', async () => {
    const answers = [
      () => ({ status: 429, body: { error: { code: 'rate_limited', message: messages.auth.tooManyRequests } } }),
      () => ({ status: 400, body: { error: { code: 'validation', message: messages.request.nulCharacter, field: 'email' } } }),
      () => ({ status: 500, body: { error: { code: 'internal', message: messages.generic.internal } } }),
      offline,
    ];
    for (const answer of answers) {
      fakeApi({ 'POST /api/v1/password/forgot': answer });
      const { user, unmount } = open();
      await user.type(email(), 'olive@example.com');
      await user.click(send());
      await expect.poll(notice).not.toBeNull();
      expect(screen.queryByText(messages.auth.tooManyRequests)).toBeNull();
      expect(screen.queryByText(messages.generic.internal)).toBeNull();
      expect(screen.queryByText(messages.request.nulCharacter)).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
      unmount();
    }
  });

  it('is busy while the request is on its way', async () => {
    const answer = held(sent());
    const api = fakeApi({ 'POST /api/v1/password/forgot': () => answer.promise });
    const { user } = open();
    await user.type(email(), 'olive@example.com');
    await user.click(send());
    await expect.poll(() => send().getAttribute('aria-busy')).toBe('true');
    expect(disabled(send())).toBe(true);
    await user.type(email(), '{Enter}');
    answer.release();
    await expect.poll(notice).not.toBeNull();
    expect(api.requests).toHaveLength(1);
  });
});
