import { teamMessages, type TJoinPreview } from '@quizlead/shared/schemas/team.ts';
import { limits, messages } from '@quizlead/shared/validations.ts';
import { fakeApi, held, offline } from '@quizlead/web/admin/test/fakeApi.ts';
import { errorUnder } from '@quizlead/web/admin/test/fieldError.ts';
import { renderScreen } from '@quizlead/web/admin/test/renderScreen.tsx';
import { sessionUser } from '@quizlead/web/admin/test/signedIn.tsx';
import { adminUrl } from '@quizlead/web/admin/urls.ts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { JoinTeam } from './JoinTeam.tsx';

const token = 'invitation token/with+signs';
const previewPath = `/api/v1/team/invitations/preview?token=${encodeURIComponent(token)}`;
const invitation = (change: Partial<TJoinPreview> = {}): TJoinPreview => ({
  companyName: 'Acme',
  email: 'tess@example.com',
  inviterName: 'Olive Owner',
  role: 'member',
  ...change,
});
const preview = (change: Partial<TJoinPreview> = {}) => ({
  [`GET ${previewPath}`]: () => ({ body: { data: invitation(change) } }),
});
const joined = () => ({ body: { data: { user: sessionUser('member'), csrfToken: 'csrf-token' } } });
const refusal = (status: number, code: string, message: string, field?: string) => () => ({
  status,
  body: { error: { code, message, ...(field ? { field } : {}) } },
});

const open = (path = `/Join?token=${encodeURIComponent(token)}`) => renderScreen(<JoinTeam />, { path, route: '/Join' });
/** The page once the invitation has been read. */
async function ready(path?: string) {
  const view = open(path);
  await screen.findByLabelText('Full name');
  return view;
}

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
/** The join button by its text (a busy one reads 'Loading' before it). */
const join = () => screen.getAllByRole('button').find((button) => button.textContent?.endsWith('Join the team'))!;
/** The banner saying the invitation cannot be used (with its Sign in action), or null. */
const invalid = () =>
  screen.queryAllByRole('alert').find((alert) => within(alert).queryByRole('link', { name: 'Sign in' })) ?? null;
/** The failure banner above the fields, or null. */
const failure = () =>
  screen.queryAllByRole('alert').find((alert) => alert.matches('.Polaris-Banner') && alert !== invalid()) ?? null;
const posts = <Request extends { method: string }>(requests: Request[]) =>
  requests.filter((request) => request.method === 'POST');

async function fill(user: ReturnType<typeof open>['user'], fullName: string, password: string) {
  if (fullName) await user.type(field('Full name'), fullName);
  if (password) await user.type(field('Password'), password);
}

describe('the join-team page', () => {
  it('says a link without a token is invalid, without asking the server', () => {
    const api = fakeApi({});
    open('/Join');
    expect(within(invalid()!).getByText(teamMessages.invitationInvalid)).toBeTruthy();
    expect(within(invalid()!).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/index.html');
    expect(api.requests).toHaveLength(0);
  });

  it('checks the invitation first, then names the account, who invited and as what', async () => {
    const answer = held({ body: { data: invitation() } });
    const api = fakeApi({ [`GET ${previewPath}`]: () => answer.promise });
    open();
    expect(screen.getByText('Checking your invitation…')).toBeTruthy();
    expect(screen.queryByLabelText('Full name')).toBeNull();
    answer.release();
    expect(await screen.findByRole('heading', { name: 'Join Acme' })).toBeTruthy();
    expect(screen.getByText('Olive Owner invited you as a member.')).toBeTruthy();
    expect(field('Email').value).toBe('tess@example.com');
    expect(field('Email').readOnly).toBe(true);
    expect(api.requests).toEqual([{ method: 'GET', path: previewPath, body: undefined }]);
  });

  it('words an invitation without a company or an inviter name, and one as an owner', async () => {
    fakeApi(preview({ companyName: '', inviterName: '', role: 'owner' }));
    await ready();
    expect(screen.getByRole('heading', { name: 'Join their account' })).toBeTruthy();
    expect(screen.getByText('An owner invited you as an owner.')).toBeTruthy();
  });

  it('says an unknown or malformed invitation is invalid', async () => {
    for (const status of [404, 400]) {
      fakeApi({
        [`GET ${previewPath}`]: refusal(status, status === 404 ? 'not_found' : 'validation', messages.generic.notFound),
      });
      const { unmount } = open();
      await expect.poll(() => invalid()?.textContent).toContain(teamMessages.invitationInvalid);
      expect(screen.queryByLabelText('Full name')).toBeNull();
      unmount();
    }
  });

  it('says why the invitation could not be read otherwise: a server error, no answer', async () => {
    fakeApi({ [`GET ${previewPath}`]: refusal(500, 'internal', messages.generic.internal) });
    const first = open();
    await expect.poll(() => invalid()?.textContent).toContain(messages.generic.internal);
    first.unmount();

    fakeApi({ [`GET ${previewPath}`]: offline });
    open();
    await expect.poll(() => invalid()?.textContent).toContain(`${messages.generic.serverErrorPrefix}Failed to fetch`);
  });

  it('asks for a full name and a password, each under its field, before sending anything', async () => {
    const api = fakeApi(preview());
    const { user } = await ready();
    expect(field('Full name').maxLength).toBe(limits.fullName);
    expect(field('Password').maxLength).toBe(limits.passwordMax);
    expect(document.activeElement).toBe(field('Full name'));
    await user.click(join());
    expect(errorUnder(field('Full name'))).toBe(messages.auth.fullNameEmpty);
    expect(errorUnder(field('Password'))).toBe(messages.auth.passwordRequired);

    await user.type(field('Full name'), '   ');
    expect(errorUnder(field('Full name'))).toBeNull();
    expect(errorUnder(field('Password'))).toBe(messages.auth.passwordRequired);
    await user.type(field('Password'), 'short');
    await user.click(join());
    expect(errorUnder(field('Full name'))).toBe(messages.auth.fullNameEmpty);
    expect(errorUnder(field('Password'))).toBe(messages.auth.passwordTooShort);
    expect(posts(api.requests)).toHaveLength(0);
  });

  it('sends the token, the trimmed name and the password, and opens the dashboard', async () => {
    const api = fakeApi({ ...preview(), 'POST /api/v1/team/join': joined });
    const { user, location } = await ready();
    await fill(user, '  Tess Mate ', 'a long enough secret');
    await user.click(join());
    await expect.poll(location).toBe(adminUrl('Dashboard'));
    expect(posts(api.requests)).toEqual([
      {
        method: 'POST',
        path: '/api/v1/team/join',
        body: { token, fullName: 'Tess Mate', password: 'a long enough secret' },
      },
    ]);
  });

  it('shows the server’s refusal of the password or the name under that field', async () => {
    let answer = refusal(400, 'validation', messages.auth.passwordCommon, 'password');
    fakeApi({ ...preview(), 'POST /api/v1/team/join': () => answer() });
    const { user, location } = await ready();
    await fill(user, 'Tess Mate', 'password123');
    await user.click(join());
    await expect.poll(() => errorUnder(field('Password'))).toBe(messages.auth.passwordCommon);
    expect(errorUnder(field('Full name'))).toBeNull();
    expect(failure()).toBeNull();

    answer = refusal(422, 'unprocessable', 'Full Name cannot contain a link', 'fullName');
    await user.click(join());
    await expect.poll(() => errorUnder(field('Full name'))).toBe('Full Name cannot contain a link');
    expect(failure()).toBeNull();
    expect(location()).toBe('/Join');
  });

  it('says a spent invitation, or one for an address that has an account, in place of the form', async () => {
    for (const answer of [
      refusal(400, 'validation', teamMessages.invitationInvalid, 'token'),
      refusal(409, 'conflict', teamMessages.hasOwnAccount, 'token'),
    ]) {
      fakeApi({ ...preview(), 'POST /api/v1/team/join': answer });
      const { user, unmount } = await ready();
      await fill(user, 'Tess Mate', 'a long enough secret');
      await user.click(join());
      await expect.poll(() => invalid()?.textContent).toContain(answer().body.error.message);
      expect(screen.queryByLabelText('Full name')).toBeNull();
      unmount();
    }
  });

  it('says other failures above the fields: no answer, a server error, a refusal naming no field', async () => {
    let answer: () => ReturnType<ReturnType<typeof refusal>> | Promise<never> = offline;
    fakeApi({ ...preview(), 'POST /api/v1/team/join': () => answer() });
    const { user } = await ready();
    await fill(user, 'Tess Mate', 'a long enough secret');
    await user.click(join());
    await expect.poll(() => failure()?.textContent).toBe(`${messages.generic.serverErrorPrefix}Failed to fetch`);

    answer = refusal(500, 'internal', messages.generic.internal);
    await user.click(join());
    await expect.poll(() => failure()?.textContent).toBe(messages.generic.internal);

    answer = refusal(400, 'validation', messages.request.nulCharacter);
    await user.click(join());
    await expect.poll(() => failure()?.textContent).toBe(messages.request.nulCharacter);
    expect(field('Full name').value).toBe('Tess Mate');

    await user.click(within(failure()!).getByRole('button', { name: /dismiss/i }));
    expect(failure()).toBeNull();
  });

  it('is busy while joining, and drops the last failure when trying again', async () => {
    let answer = held(refusal(500, 'internal', messages.generic.internal)());
    fakeApi({ ...preview(), 'POST /api/v1/team/join': () => answer.promise });
    const { user, location } = await ready();
    await fill(user, 'Tess Mate', 'a long enough secret');
    await user.click(join());
    await expect.poll(() => join().getAttribute('aria-busy')).toBe('true');
    answer.release();
    await expect.poll(failure).not.toBeNull();
    expect(join().getAttribute('aria-busy')).toBeNull();

    answer = held(joined());
    await user.click(join());
    await expect.poll(() => join().getAttribute('aria-busy')).toBe('true');
    expect(failure()).toBeNull();
    answer.release();
    await expect.poll(location).toBe(adminUrl('Dashboard'));
  });
});
