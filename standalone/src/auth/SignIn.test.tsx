import { socialSignInMessages, socialSignInStartPath } from '@quizlead/shared/socialSignIn.ts';
import { limits, messages } from '@quizlead/shared/validations.ts';
import { fakeApi, held, offline } from '@quizlead/web/admin/test/fakeApi.ts';
import { errorUnder } from '@quizlead/web/admin/test/fieldError.ts';
import { renderScreen } from '@quizlead/web/admin/test/renderScreen.tsx';
import { sessionUser } from '@quizlead/web/admin/test/signedIn.tsx';
import { adminUrl } from '@quizlead/web/admin/urls.ts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SignIn } from './SignIn.tsx';

const session = { body: { data: { user: sessionUser('owner'), csrfToken: 'csrf-token' } } };
const signedOut = () => ({ status: 401, body: { error: { code: 'unauthorized', message: messages.generic.unauthorized } } });
const refusal = (status: number, code: string, message: string, field?: string) => () => ({
  status,
  body: { error: { code, message, ...(field ? { field } : {}) } },
});

/** The sign-in page at /index.html (or `path`) once the session check said no one is signed in. */
async function open(options: { path?: string; state?: unknown } = {}) {
  const view = renderScreen(<SignIn />, { path: options.path ?? '/index.html', route: '/index.html', state: options.state });
  await screen.findByLabelText('Email');
  return view;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
/** The Sign in button by its text (a busy one reads 'Loading' before it). */
const signIn = () => screen.getAllByRole('button').find((button) => button.textContent?.endsWith('Sign in'))!;
/** Polaris marks a disabled or loading button with aria-disabled (and a loading one aria-busy). */
const disabled = (button: HTMLElement) => button.getAttribute('aria-disabled') === 'true';
/** The page's info banners (the test harness's address is an <output>, a status too). */
const notices = () => screen.queryAllByRole('status').filter((status) => status.matches('.Polaris-Banner'));
/** The Login Error banner, or null. */
const loginError = () =>
  screen.queryAllByRole('alert').find((alert) => within(alert).queryByText(messages.auth.loginErrorTitle)) ?? null;
const posts = <Request extends { method: string }>(requests: Request[]) =>
  requests.filter((request) => request.method === 'POST');

async function fill(user: Awaited<ReturnType<typeof open>>['user'], email: string, password: string) {
  if (email) await user.type(field('Email'), email);
  if (password) await user.type(field('Password'), password);
}

describe('the sign-in page', () => {
  it('asks who is signed in first, with a spinner, and goes straight to the dashboard when someone is', async () => {
    const answer = held(session);
    const api = fakeApi({ 'GET /api/v1/session': () => answer.promise });
    const { location } = renderScreen(<SignIn />, { path: '/index.html' });
    expect(screen.getByText('Checking your session')).toBeTruthy();
    expect(screen.queryByLabelText('Email')).toBeNull();
    answer.release();
    await expect.poll(location).toBe(adminUrl('Dashboard'));
    expect(api.requests).toEqual([{ method: 'GET', path: '/api/v1/session', body: undefined }]);
  });

  it('shows the form when no one is signed in', async () => {
    fakeApi({ 'GET /api/v1/session': signedOut });
    const { location } = await open();
    expect(screen.queryByText('Checking your session')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(location()).toBe('/index.html');
  });

  it('shows the form when the session check gets no answer', async () => {
    fakeApi({ 'GET /api/v1/session': () => offline() });
    const { location } = await open();
    expect(field('Password')).toBeTruthy();
    expect(location()).toBe('/index.html');
  });

  it('keeps Sign in disabled until both fields were typed in and the email is not blank', async () => {
    fakeApi({ 'GET /api/v1/session': signedOut });
    const { user } = await open();
    expect(disabled(signIn())).toBe(true);
    await user.type(field('Email'), 'olive@example.com');
    expect(disabled(signIn())).toBe(true);
    await user.type(field('Password'), 'p');
    expect(disabled(signIn())).toBe(false);
    // A password typed and taken away still counts as typed in: the form then says it is required.
    await user.clear(field('Password'));
    expect(disabled(signIn())).toBe(false);
    await user.clear(field('Email'));
    await user.type(field('Email'), '   ');
    expect(disabled(signIn())).toBe(true);
  });

  it('limits the fields to the shared lengths and links to the other signed-out pages', async () => {
    fakeApi({ 'GET /api/v1/session': signedOut });
    await open();
    expect(field('Email').maxLength).toBe(limits.email);
    expect(field('Email').type).toBe('email');
    expect(field('Password').maxLength).toBe(limits.passwordMax);
    expect(field('Password').autocomplete).toBe('current-password');
    expect(screen.getByRole('link', { name: 'Forgot Password' }).getAttribute('href')).toBe('/ForgetPassword');
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/Signup');
  });

  it('refuses an email that is no address, under the field, before sending anything', async () => {
    const api = fakeApi({ 'GET /api/v1/session': signedOut });
    const { user } = await open();
    await fill(user, 'not-an-email', 'secret password');
    await user.click(signIn());
    expect(errorUnder(field('Email'))).toBe(messages.auth.invalidEmail);
    expect(errorUnder(field('Password'))).toBeNull();
    expect(posts(api.requests)).toHaveLength(0);
  });

  it('asks for the password, and forgets a field’s complaint once that field is typed in', async () => {
    const api = fakeApi({ 'GET /api/v1/session': signedOut });
    const { user } = await open();
    await fill(user, 'olive@', 'x');
    await user.clear(field('Password'));
    await user.click(signIn());
    expect(errorUnder(field('Password'))).toBe(messages.auth.passwordRequired);
    expect(errorUnder(field('Email'))).toBe(messages.auth.invalidEmail);
    await user.type(field('Email'), 'example.com');
    expect(errorUnder(field('Email'))).toBeNull();
    expect(errorUnder(field('Password'))).toBe(messages.auth.passwordRequired);
    expect(posts(api.requests)).toHaveLength(0);
  });

  it('sends the email and the password, spaces kept in the password, and goes to the dashboard', async () => {
    const api = fakeApi({ 'GET /api/v1/session': signedOut, 'POST /api/v1/session': () => session });
    const { user, location } = await open();
    await fill(user, '  Olive@Example.com ', ' secret password ');
    await user.click(signIn());
    await expect.poll(location).toBe(adminUrl('Dashboard'));
    expect(posts(api.requests)).toEqual([
      { method: 'POST', path: '/api/v1/session', body: { email: 'Olive@Example.com', password: ' secret password ' } },
    ]);
  });

  it('signs in with Enter in the password field', async () => {
    const api = fakeApi({ 'GET /api/v1/session': signedOut, 'POST /api/v1/session': () => session });
    const { user, location } = await open();
    await fill(user, 'olive@example.com', 'secret password{Enter}');
    await expect.poll(location).toBe(adminUrl('Dashboard'));
    expect(posts(api.requests)).toHaveLength(1);
  });

  it('says a wrong password in the Login Error banner and keeps what was typed', async () => {
    fakeApi({
      'GET /api/v1/session': signedOut,
      'POST /api/v1/session': refusal(401, 'unauthorized', messages.auth.loginFailed),
    });
    const { user, location } = await open();
    await fill(user, 'olive@example.com', 'not the password');
    await user.click(signIn());
    await expect.poll(loginError).not.toBeNull();
    expect(within(loginError()!).getByText(messages.auth.loginFailed)).toBeTruthy();
    expect(errorUnder(field('Email'))).toBeNull();
    expect(errorUnder(field('Password'))).toBeNull();
    expect(field('Email').value).toBe('olive@example.com');
    expect(field('Password').value).toBe('not the password');
    expect(location()).toBe('/index.html');
    expect(disabled(signIn())).toBe(false);
  });

  it('says a disabled account, too many attempts and a refusal naming a field in the same banner', async () => {
    let answer = refusal(403, 'forbidden', messages.auth.disabled);
    fakeApi({ 'GET /api/v1/session': signedOut, 'POST /api/v1/session': () => answer() });
    const { user } = await open();
    await fill(user, 'olive@example.com', 'secret password');
    await user.click(signIn());
    await expect.poll(() => loginError()?.textContent).toContain(messages.auth.disabled);

    answer = refusal(429, 'rate_limited', messages.auth.tooManyRequests);
    await user.click(signIn());
    await expect.poll(() => loginError()?.textContent).toContain(messages.auth.tooManyRequests);
    expect(loginError()?.textContent).not.toContain(messages.auth.disabled);

    answer = refusal(400, 'validation', messages.request.nulCharacter, 'email');
    await user.click(signIn());
    await expect.poll(() => loginError()?.textContent).toContain(messages.request.nulCharacter);
    expect(errorUnder(field('Email'))).toBeNull();
  });

  it('says a network failure and a server error in the banner', async () => {
    let answer: () => ReturnType<ReturnType<typeof refusal>> | Promise<never> = offline;
    fakeApi({ 'GET /api/v1/session': signedOut, 'POST /api/v1/session': () => answer() });
    const { user } = await open();
    await fill(user, 'olive@example.com', 'secret password');
    await user.click(signIn());
    await expect.poll(() => loginError()?.textContent).toContain(`${messages.generic.serverErrorPrefix}Failed to fetch`);

    answer = refusal(500, 'internal', messages.generic.internal);
    await user.click(signIn());
    await expect.poll(() => loginError()?.textContent).toContain(messages.generic.internal);
  });

  it('is busy while signing in, drops the last failure when trying again, and the banner can be dismissed', async () => {
    let answer = held(refusal(401, 'unauthorized', messages.auth.loginFailed)());
    fakeApi({ 'GET /api/v1/session': signedOut, 'POST /api/v1/session': () => answer.promise });
    const { user } = await open();
    await fill(user, 'olive@example.com', 'not the password');
    await user.click(signIn());
    await expect.poll(() => signIn().getAttribute('aria-busy')).toBe('true');
    expect(disabled(signIn())).toBe(true);
    answer.release();
    await expect.poll(loginError).not.toBeNull();
    expect(signIn().getAttribute('aria-busy')).toBeNull();

    answer = held(refusal(401, 'unauthorized', messages.auth.loginFailed)());
    await user.click(signIn());
    await expect.poll(() => signIn().getAttribute('aria-busy')).toBe('true');
    expect(loginError()).toBeNull();
    answer.release();
    await expect.poll(loginError).not.toBeNull();

    await user.click(within(loginError()!).getByRole('button', { name: /dismiss/i }));
    expect(loginError()).toBeNull();
  });

  it('says the visitor was signed out when that brought them here', async () => {
    fakeApi({ 'GET /api/v1/session': signedOut });
    await open({ state: { notice: 'signedOut' } });
    expect(notices().map((notice) => notice.textContent)).toEqual([messages.auth.signedOut]);
  });

  it('says the session expired when that brought the visitor here', async () => {
    fakeApi({ 'GET /api/v1/session': signedOut });
    await open({ state: { notice: 'sessionExpired' } });
    expect(notices().map((notice) => notice.textContent)).toEqual([messages.auth.sessionExpired]);
  });

  it('shows no notice without one, or with an unknown one', async () => {
    fakeApi({ 'GET /api/v1/session': signedOut });
    await open({ state: { notice: 'somethingElse' } });
    expect(screen.queryByText(messages.auth.signedOut)).toBeNull();
    expect(screen.queryByText(messages.auth.sessionExpired)).toBeNull();
    expect(notices()).toHaveLength(0);
  });

  it('says a failed social sign-in, drops the flag from the address and keeps the rest of it and the notice', async () => {
    fakeApi({ 'GET /api/v1/session': signedOut });
    const { user, search } = await open({ path: '/index.html?social=failed&from=google', state: { notice: 'signedOut' } });
    const failed = screen.getByRole('alert');
    expect(within(failed).getByText(socialSignInMessages.failedTitle)).toBeTruthy();
    expect(within(failed).getByText(socialSignInMessages.failed)).toBeTruthy();
    await expect.poll(search).toBe('?from=google');
    expect(screen.getByText(messages.auth.signedOut)).toBeTruthy();

    await user.click(within(failed).getByRole('button', { name: /dismiss/i }));
    expect(screen.queryByText(socialSignInMessages.failed)).toBeNull();
  });

  it('shows no social sign-in failure for another value of the flag, and still drops it', async () => {
    fakeApi({ 'GET /api/v1/session': signedOut });
    const { search } = await open({ path: '/index.html?social=other' });
    await expect.poll(search).toBe('');
    expect(screen.queryByText(socialSignInMessages.failed)).toBeNull();
  });

  it('offers the social providers the server has, each a link to its start', async () => {
    fakeApi({
      'GET /api/v1/session': signedOut,
      'GET /api/v1/auth/providers': () => ({ body: { data: { providers: ['google', 'facebook'] } } }),
    });
    await open();
    const google = await screen.findByRole('link', { name: 'Continue with Google' });
    expect(google.getAttribute('href')).toBe(`${window.location.origin}${socialSignInStartPath('google', 'signin')}`);
    expect(screen.getByRole('link', { name: 'Continue with Facebook' })).toBeTruthy();
  });
});
