import { socialSignInStartPath } from '@quizlead/shared/socialSignIn.ts';
import { limits, messages } from '@quizlead/shared/validations.ts';
import { fakeApi, held, offline } from '@quizlead/web/admin/test/fakeApi.ts';
import { errorUnder } from '@quizlead/web/admin/test/fieldError.ts';
import { renderScreen } from '@quizlead/web/admin/test/renderScreen.tsx';
import { sessionUser } from '@quizlead/web/admin/test/signedIn.tsx';
import { adminUrl } from '@quizlead/web/admin/urls.ts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Signup } from './Signup.tsx';

const tokenSent = () => ({ body: { data: { message: messages.auth.tokenSent } } });
const passwordAllowed = () => ({ body: { data: { allowed: true } } });
const passwordCheckPath = '/api/v1/signup/password-check';
const created = () => ({ status: 201, body: { data: { user: sessionUser('owner'), csrfToken: 'csrf-token' } } });
const refusal = (status: number, code: string, message: string, field?: string) => () => ({
  status,
  body: { error: { code, message, ...(field ? { field } : {}) } },
});
type Answer = () => { status?: number; body: unknown } | Promise<never>;

const open = (path = '/Signup') => renderScreen(<Signup />, { path, route: '/Signup' });
type User = ReturnType<typeof open>['user'];

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
/** A button by its text (a busy one reads 'Loading' before it). */
const button = (text: string) => screen.getAllByRole('button').find((found) => found.textContent?.endsWith(text))!;
/** Polaris marks a disabled or loading button with aria-disabled (and a loading one aria-busy). */
const disabled = (found: HTMLElement) => found.getAttribute('aria-disabled') === 'true';
const busy = (found: HTMLElement) => found.getAttribute('aria-busy') === 'true';
/** The step the wizard says it is on, as assistive technology hears it. */
const step = () => screen.getByRole('progressbar').getAttribute('aria-valuetext');
/** The failure banner, or null. */
const failure = () => screen.queryAllByRole('alert').find((alert) => alert.matches('.Polaris-Banner')) ?? null;
/** The notice that the token was mailed, or null. */
const notice = () => screen.queryAllByRole('status').find((status) => status.matches('.Polaris-Banner')) ?? null;
/** The POSTs that mail a token or make the account (the password check before them has tests of its own). */
const posts = <Request extends { method: string; path: string }>(requests: Request[]) =>
  requests.filter((request) => request.method === 'POST' && request.path !== passwordCheckPath);

/** The API of the wizard: the server takes step 1's password unless a test says otherwise. */
const signupApi = (handlers: Parameters<typeof fakeApi>[0]) =>
  fakeApi({ [`POST ${passwordCheckPath}`]: passwordAllowed, ...handlers });

async function account(user: User, fullName = 'Wendy Wizard', email = 'wendy@example.com', password = 'wizard password 1') {
  if (fullName) await user.type(field('Full name'), fullName);
  if (email) await user.type(field('Email'), email);
  if (password) await user.type(field('Password'), password);
}

/** Through step 1 (the token mailed) to step 2. */
async function toPersonal(user: User, ...values: Parameters<typeof account> extends [User, ...infer Rest] ? Rest : never) {
  await account(user, ...values);
  await user.click(button('Continue'));
  await expect.poll(step).toBe('Step 2 of 3: Personal Details');
}

/** Through step 2 by Skip for Now to step 3. */
async function toVerification(user: User) {
  await toPersonal(user);
  await user.click(button('Skip for Now'));
  await expect.poll(step).toBe('Step 3 of 3: Verification');
}

describe('the sign-up wizard', () => {
  it('starts on Account Details, step 1 of 3, with one submit button', () => {
    signupApi({});
    const { container } = open();
    expect(step()).toBe('Step 1 of 3: Account Details');
    expect(screen.getByRole('heading', { name: 'Step 1 of 3: Account Details' })).toBeTruthy();
    expect(container.querySelectorAll('form button[type="submit"]')).toHaveLength(1);
    expect(field('Full name').maxLength).toBe(limits.fullName);
    expect(field('Email').maxLength).toBe(limits.email);
    expect(field('Password').maxLength).toBe(limits.passwordMax);
    expect(document.activeElement).toBe(field('Full name'));
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/index.html');
  });

  it('asks for a full name, an email and a password, each under its field, before sending anything', async () => {
    const api = signupApi({});
    const { user } = open();
    await user.click(button('Continue'));
    expect(errorUnder(field('Full name'))).toBe(messages.auth.fullNameEmpty);
    expect(errorUnder(field('Email'))).toBe(messages.auth.emailRequired);
    expect(errorUnder(field('Password'))).toBe(messages.auth.passwordRequired);
    await user.type(field('Email'), 'not-an-email');
    expect(errorUnder(field('Email'))).toBeNull();
    expect(errorUnder(field('Full name'))).toBe(messages.auth.fullNameEmpty);
    await user.type(field('Full name'), '   ');
    await user.type(field('Password'), 'short');
    await user.click(button('Continue'));
    expect(errorUnder(field('Full name'))).toBe(messages.auth.fullNameEmpty);
    expect(errorUnder(field('Email'))).toBe(messages.auth.invalidEmail);
    expect(errorUnder(field('Password'))).toBe(messages.auth.passwordTooShort);
    expect(step()).toBe('Step 1 of 3: Account Details');
    expect(posts(api.requests)).toHaveLength(0);
  });

  it('refuses a password of only spaces or one character repeated', async () => {
    const api = signupApi({});
    const { user } = open();
    await account(user, 'Wendy Wizard', 'wendy@example.com', ' '.repeat(limits.passwordMin));
    await user.click(button('Continue'));
    expect(errorUnder(field('Password'))).toBe(messages.auth.passwordBlank);
    await user.clear(field('Password'));
    await user.type(field('Password'), 'z'.repeat(limits.passwordMin));
    await user.click(button('Continue'));
    expect(errorUnder(field('Password'))).toBe(messages.auth.passwordRepeated);
    expect(posts(api.requests)).toHaveLength(0);
  });

  it('mails a token for the name and email as typed when step 1 is left, and says so on step 3', async () => {
    const api = signupApi({ 'POST /api/v1/signup/token': tokenSent });
    const { user } = open();
    // The name goes as typed; an email field drops the spaces around an address itself.
    await toPersonal(user, ' Wendy Wizard ', ' Wendy@Example.com');
    expect(posts(api.requests)).toEqual([
      { method: 'POST', path: '/api/v1/signup/token', body: { fullName: ' Wendy Wizard ', email: 'Wendy@Example.com' } },
    ]);
    await user.click(button('Skip for Now'));
    await expect.poll(step).toBe('Step 3 of 3: Verification');
    expect(notice()?.textContent).toBe(`${messages.auth.tokenSent} It is valid for ${limits.signupTokenMinutes} minutes.`);
    expect(screen.getByText(`The ${limits.signupTokenLength}-digit code we emailed to Wendy@Example.com.`)).toBeTruthy();
    expect(field('Verification token').maxLength).toBe(limits.signupTokenLength);
  });

  it('mails no new token when the name and email come back unchanged, but does when one changed', async () => {
    const api = signupApi({ 'POST /api/v1/signup/token': tokenSent });
    const { user } = open();
    await toPersonal(user);
    await user.click(button('Back'));
    expect(step()).toBe('Step 1 of 3: Account Details');
    expect(field('Full name').value).toBe('Wendy Wizard');
    // Spaces around them and the email's case make no other address.
    await user.type(field('Full name'), ' ');
    await user.clear(field('Email'));
    await user.type(field('Email'), 'WENDY@example.com ');
    await user.click(button('Continue'));
    await expect.poll(step).toBe('Step 2 of 3: Personal Details');
    expect(posts(api.requests)).toHaveLength(1);

    await user.click(button('Back'));
    await user.clear(field('Email'));
    await user.type(field('Email'), 'wendy@example.org');
    await user.click(button('Continue'));
    await expect.poll(step).toBe('Step 2 of 3: Personal Details');
    expect(posts(api.requests).map((request) => request.body)).toEqual([
      { fullName: 'Wendy Wizard', email: 'wendy@example.com' },
      { fullName: 'Wendy Wizard ', email: 'wendy@example.org' },
    ]);
  });

  it('says on step 1 why the token could not be mailed: a refusal, a server error, no answer', async () => {
    let answer: Answer = refusal(429, 'rate_limited', messages.auth.tooManyRequests);
    signupApi({ 'POST /api/v1/signup/token': () => answer() });
    const { user } = open();
    await account(user);
    await user.click(button('Continue'));
    await expect.poll(() => failure()?.textContent).toBe(messages.auth.tooManyRequests);
    expect(step()).toBe('Step 1 of 3: Account Details');

    answer = refusal(500, 'internal', messages.generic.internal);
    await user.click(button('Continue'));
    await expect.poll(() => failure()?.textContent).toBe(messages.generic.internal);

    answer = offline;
    await user.click(button('Continue'));
    await expect.poll(() => failure()?.textContent).toBe(`${messages.generic.serverErrorPrefix}Failed to fetch`);

    // A refusal naming a field is said in the banner too.
    answer = refusal(400, 'validation', messages.auth.invalidEmail, 'email');
    await user.click(button('Continue'));
    await expect.poll(() => failure()?.textContent).toBe(messages.auth.invalidEmail);
    expect(errorUnder(field('Email'))).toBeNull();

    await user.click(within(failure()!).getByRole('button', { name: /dismiss/i }));
    expect(failure()).toBeNull();
  });

  it('is busy on Continue while the token is mailed, and drops the last failure', async () => {
    let answer = held(refusal(500, 'internal', messages.generic.internal)());
    signupApi({ 'POST /api/v1/signup/token': () => answer.promise });
    const { user } = open();
    await account(user);
    await user.click(button('Continue'));
    await expect.poll(() => busy(button('Continue'))).toBe(true);
    answer.release();
    await expect.poll(failure).not.toBeNull();
    expect(busy(button('Continue'))).toBe(false);

    answer = held(tokenSent());
    await user.click(button('Continue'));
    await expect.poll(() => busy(button('Continue'))).toBe(true);
    expect(failure()).toBeNull();
    answer.release();
    await expect.poll(step).toBe('Step 2 of 3: Personal Details');
  });

  it('asks for a company name and a valid URL on step 2, unless skipped', async () => {
    const api = signupApi({ 'POST /api/v1/signup/token': tokenSent });
    const { user } = open();
    await toPersonal(user);
    expect(field('Company name').maxLength).toBe(limits.companyName);
    expect(field('Company URL').maxLength).toBe(limits.companyUrl);
    await user.click(button('Create Account'));
    expect(errorUnder(field('Company name'))).toBe(messages.auth.companyNameEmpty);
    expect(errorUnder(field('Company URL'))).toBeNull();

    await user.type(field('Company name'), '  ');
    expect(errorUnder(field('Company name'))).toBeNull();
    await user.type(field('Company URL'), 'not a url');
    await user.click(button('Create Account'));
    expect(errorUnder(field('Company name'))).toBe(messages.auth.companyNameEmpty);
    expect(errorUnder(field('Company URL'))).toBe(messages.account.companyUrlInvalid);
    expect(step()).toBe('Step 2 of 3: Personal Details');

    await user.click(button('Skip for Now'));
    await expect.poll(step).toBe('Step 3 of 3: Verification');
    expect(posts(api.requests)).toHaveLength(1);
  });

  it('forgets the step’s messages and the banner when going back and forth', async () => {
    signupApi({
      'POST /api/v1/signup/token': tokenSent,
      'POST /api/v1/signup': refusal(500, 'internal', messages.generic.internal),
    });
    const { user } = open();
    await toPersonal(user);
    await user.click(button('Create Account'));
    expect(errorUnder(field('Company name'))).toBe(messages.auth.companyNameEmpty);
    await user.click(button('Back'));
    await user.click(button('Continue'));
    await expect.poll(step).toBe('Step 2 of 3: Personal Details');
    expect(errorUnder(field('Company name'))).toBeNull();

    await user.click(button('Skip for Now'));
    await user.click(button('Create Account'));
    expect(errorUnder(field('Verification token'))).toBe(messages.auth.tokenRequired);
    await user.click(button('Back'));
    await user.click(button('Skip for Now'));
    expect(errorUnder(field('Verification token'))).toBeNull();

    await user.type(field('Verification token'), '123456');
    await user.click(button('Create Account'));
    await expect.poll(failure).not.toBeNull();
    await user.click(button('Back'));
    expect(failure()).toBeNull();
  });

  it('creates the account with the trimmed details, the company URL made whole, and opens the dashboard', async () => {
    const api = signupApi({ 'POST /api/v1/signup/token': tokenSent, 'POST /api/v1/signup': created });
    const { user, location } = open();
    await toPersonal(user, ' Wendy Wizard ', ' wendy@example.com ', ' wizard password 1 ');
    await user.type(field('Company name'), ' Wizard Works ');
    await user.type(field('Company URL'), 'wizard.example');
    await user.click(button('Create Account'));
    await expect.poll(step).toBe('Step 3 of 3: Verification');
    await user.click(button('Create Account'));
    expect(errorUnder(field('Verification token'))).toBe(messages.auth.tokenRequired);
    await user.type(field('Verification token'), '123456');
    expect(errorUnder(field('Verification token'))).toBeNull();
    await user.click(button('Create Account'));
    await expect.poll(location).toBe(adminUrl('Dashboard'));
    expect(posts(api.requests)[1]).toEqual({
      method: 'POST',
      path: '/api/v1/signup',
      body: {
        fullName: 'Wendy Wizard',
        email: 'wendy@example.com',
        password: ' wizard password 1 ',
        companyName: 'Wizard Works',
        companyUrl: 'https://wizard.example',
        token: '123456',
      },
    });
  });

  it('Skip for Now sends no company, even one typed before, and the referral code goes with the account', async () => {
    const api = signupApi({ 'POST /api/v1/signup/token': tokenSent, 'POST /api/v1/signup': created });
    const { user, location } = open('/Signup?ref=FRIEND42');
    await toPersonal(user);
    await user.type(field('Company name'), 'Wizard Works');
    await user.click(button('Skip for Now'));
    await user.type(field('Verification token'), '123456');
    await user.click(button('Create Account'));
    await expect.poll(location).toBe(adminUrl('Dashboard'));
    expect(posts(api.requests)[1]?.body).toEqual({
      fullName: 'Wendy Wizard',
      email: 'wendy@example.com',
      password: 'wizard password 1',
      companyName: '',
      companyUrl: '',
      token: '123456',
      ref: 'FRIEND42',
    });
  });

  it('offers the social providers on step 1, carrying the referral code', async () => {
    signupApi({ 'GET /api/v1/auth/providers': () => ({ body: { data: { providers: ['google'] } } }) });
    open('/Signup?ref=FRIEND42');
    const google = await screen.findByRole('link', { name: 'Continue with Google' });
    expect(google.getAttribute('href')).toBe(`${window.location.origin}${socialSignInStartPath('google', 'signup', 'FRIEND42')}`);
  });

  it('says a wrong token in the banner on step 3, in place of the notice', async () => {
    signupApi({
      'POST /api/v1/signup/token': tokenSent,
      'POST /api/v1/signup': refusal(400, 'validation', messages.auth.tokenInvalid, 'token'),
    });
    const { user, location } = open();
    await toVerification(user);
    expect(notice()).not.toBeNull();
    await user.type(field('Verification token'), '000000');
    await user.click(button('Create Account'));
    await expect.poll(() => failure()?.textContent).toBe(messages.auth.tokenInvalid);
    expect(errorUnder(field('Verification token'))).toBeNull();
    expect(notice()).toBeNull();
    expect(step()).toBe('Step 3 of 3: Verification');
    expect(location()).toBe('/Signup');
  });

  it('says a network failure, a server error or an address already taken in the banner on step 3', async () => {
    let answer: Answer = offline;
    signupApi({ 'POST /api/v1/signup/token': tokenSent, 'POST /api/v1/signup': () => answer() });
    const { user } = open();
    await toVerification(user);
    await user.type(field('Verification token'), '123456');
    await user.click(button('Create Account'));
    await expect.poll(() => failure()?.textContent).toBe(`${messages.generic.serverErrorPrefix}Failed to fetch`);

    answer = refusal(500, 'internal', messages.generic.internal);
    await user.click(button('Create Account'));
    await expect.poll(() => failure()?.textContent).toBe(messages.generic.internal);

    answer = refusal(409, 'conflict', 'An account with this email already exists. Please sign in.', 'email');
    await user.click(button('Create Account'));
    await expect.poll(() => failure()?.textContent).toBe('An account with this email already exists. Please sign in.');
    expect(step()).toBe('Step 3 of 3: Verification');
  });

  it('refuses a common password on step 1, where it is typed, before any token is mailed', async () => {
    const api = signupApi({
      [`POST ${passwordCheckPath}`]: ({ body }) =>
        (body as { password: string }).password === 'password123'
          ? refusal(400, 'validation', messages.auth.passwordCommon, 'password')()
          : passwordAllowed(),
      'POST /api/v1/signup/token': tokenSent,
    });
    const { user } = open();
    await account(user, 'Cam Common', 'cam@example.com', 'password123');
    await user.click(button('Continue'));
    await expect.poll(() => errorUnder(field('Password'))).toBe(messages.auth.passwordCommon);
    expect(step()).toBe('Step 1 of 3: Account Details');
    expect(failure()).toBeNull();
    expect(api.requests.filter((request) => request.method === 'POST')).toEqual([
      { method: 'POST', path: passwordCheckPath, body: { email: 'cam@example.com', password: 'password123' } },
    ]);

    await user.clear(field('Password'));
    await user.type(field('Password'), 'a far better passphrase');
    expect(errorUnder(field('Password'))).toBeNull();
    await user.click(button('Continue'));
    await expect.poll(step).toBe('Step 2 of 3: Personal Details');
    expect(posts(api.requests).map((request) => request.path)).toEqual(['/api/v1/signup/token']);
  });

  it('says on step 1 when the password check gets no answer, and mails nothing', async () => {
    const api = signupApi({ [`POST ${passwordCheckPath}`]: offline, 'POST /api/v1/signup/token': tokenSent });
    const { user } = open();
    await account(user);
    await user.click(button('Continue'));
    await expect.poll(() => failure()?.textContent).toBe(`${messages.generic.serverErrorPrefix}Failed to fetch`);
    expect(step()).toBe('Step 1 of 3: Account Details');
    expect(posts(api.requests)).toHaveLength(0);
  });

  it('takes a password the server refuses back to step 1, under the field, with the cursor there', async () => {
    signupApi({
      'POST /api/v1/signup/token': tokenSent,
      'POST /api/v1/signup': refusal(400, 'validation', messages.auth.passwordCommon, 'password'),
    });
    const { user } = open();
    await toPersonal(user, 'Cam Common', 'cam@example.com', 'password123');
    await user.click(button('Skip for Now'));
    await user.type(field('Verification token'), '123456');
    await user.click(button('Create Account'));
    await expect.poll(step).toBe('Step 1 of 3: Account Details');
    expect(errorUnder(field('Password'))).toBe(messages.auth.passwordCommon);
    expect(field('Password').value).toBe('password123');
    expect(document.activeElement).toBe(field('Password'));
    expect(failure()).toBeNull();
  });

  it('Send Again mails a new token and says so; the two buttons wait for each other', async () => {
    let resend = held(tokenSent());
    let answers = 0;
    const api = signupApi({
      'POST /api/v1/signup/token': () => (answers++ === 0 ? tokenSent() : resend.promise),
      'POST /api/v1/signup': refusal(500, 'internal', messages.generic.internal),
    });
    const { user } = open();
    await toVerification(user);
    await user.click(button('Send Again'));
    await expect.poll(() => busy(button('Send Again'))).toBe(true);
    expect(disabled(button('Create Account'))).toBe(true);
    resend.release();
    await expect.poll(() => busy(button('Send Again'))).toBe(false);
    expect(disabled(button('Create Account'))).toBe(false);
    expect(posts(api.requests).map((request) => request.path)).toEqual(['/api/v1/signup/token', '/api/v1/signup/token']);
    expect(notice()).not.toBeNull();

    // A failed Send Again is said in the banner; the next one drops it.
    resend = held(refusal(429, 'rate_limited', messages.auth.tooManyRequests)());
    await user.click(button('Send Again'));
    resend.release();
    await expect.poll(() => failure()?.textContent).toBe(messages.auth.tooManyRequests);
    expect(notice()).toBeNull();
    resend = held(tokenSent());
    await user.click(button('Send Again'));
    expect(failure()).toBeNull();
    resend.release();
    await expect.poll(notice).not.toBeNull();
  });

  it('is busy on Create Account while the account is made, with Send Again disabled', async () => {
    const answer = held(created());
    signupApi({ 'POST /api/v1/signup/token': tokenSent, 'POST /api/v1/signup': () => answer.promise });
    const { user, location } = open();
    await toVerification(user);
    await user.type(field('Verification token'), '123456');
    await user.click(button('Create Account'));
    await expect.poll(() => busy(button('Create Account'))).toBe(true);
    expect(disabled(button('Send Again'))).toBe(true);
    answer.release();
    await expect.poll(location).toBe(adminUrl('Dashboard'));
  });
});
