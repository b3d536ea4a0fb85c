import { ZProfile, type TProfile } from '@quizlead/shared/schemas/account.ts';
import { ZTeam } from '@quizlead/shared/schemas/team.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { notificationEmailTexts as shopNotificationEmailMessages } from './account/notificationEmailTexts.ts';
import { setShell } from '../shell.ts';
import { fakeApi, offline } from '../test/fakeApi.ts';
import { renderScreen } from '../test/renderScreen.tsx';
import { SessionName, SignedIn, sessionUser } from '../test/signedIn.tsx';
import { Account } from './Account.tsx';

const profile = (change: Partial<TProfile> = {}): TProfile =>
  ZProfile.parse({
    fullName: 'Olive Owner',
    email: 'olive@example.com',
    companyName: 'Olive Oils',
    companyUrl: '',
    companyLogoUrl: null,
    usertype: 'email',
    ...change,
  });
const team = ZTeam.parse({
  members: [
    {
      userId: '0b7c2d4e-5f60-4a71-8b92-a3b4c5d6e7f8',
      name: 'Olive Owner',
      email: 'olive@example.com',
      role: 'owner',
      you: true,
      joinedAt: '2026-01-05T09:00:00.000Z',
    },
  ],
  invitations: [],
});

const open = () =>
  renderScreen(
    <SignedIn user={sessionUser('owner')}>
      <Account />
      <SessionName />
    </SignedIn>,
    { path: '/app/Account' },
  );
const heading = (name: string) => screen.queryByRole('heading', { name, level: 2 });

describe('the account page', () => {
  it('shows a skeleton until the profile arrives, then the password, personal details and team panels', async () => {
    let reply: (value: { body: { data: TProfile } }) => void = () => {};
    fakeApi({
      'GET /api/v1/account/profile': () => new Promise((resolve) => (reply = resolve)) as never,
      'GET /api/v1/team': () => ({ body: { data: team } }),
    });
    open();
    expect(screen.getByRole('status', { name: 'Page loading' })).toBeTruthy();
    expect(heading('Personal Details')).toBeNull();

    reply({ body: { data: profile() } });
    expect(await screen.findByRole('heading', { name: 'Personal Details', level: 2 })).toBeTruthy();
    expect(heading('Account Details')).toBeTruthy();
    expect(heading('Team')).toBeTruthy();
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('Olive Owner');
    expect(await screen.findByRole('list', { name: 'Team' })).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Page loading' })).toBeNull();
  });

  it('says when the profile could not load, and loads it again on Try again', async () => {
    let fail = true;
    fakeApi({
      'GET /api/v1/account/profile': () => (fail ? offline() : { body: { data: profile() } }),
      'GET /api/v1/team': () => ({ body: { data: team } }),
    });
    const { user } = open();
    expect(await screen.findByText(`${messages.generic.serverErrorPrefix}Failed to fetch`)).toBeTruthy();
    expect(heading('Personal Details')).toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Personal Details', level: 2 })).toBeTruthy();
    expect(screen.queryByText(`${messages.generic.serverErrorPrefix}Failed to fetch`)).toBeNull();
  });

  it('has no password to change for a social sign-in', async () => {
    fakeApi({
      'GET /api/v1/account/profile': () => ({ body: { data: profile({ usertype: 'social' }) } }),
      'GET /api/v1/team': () => ({ body: { data: team } }),
    });
    open();
    expect(await screen.findByRole('heading', { name: 'Personal Details', level: 2 })).toBeTruthy();
    expect(heading('Account Details')).toBeNull();
    expect(screen.queryByLabelText('Current password')).toBeNull();
  });

  it('renames the signed-in user once the new name is saved', async () => {
    const api = fakeApi({
      'GET /api/v1/account/profile': () => ({ body: { data: profile() } }),
      'PATCH /api/v1/account/profile': () => ({ body: { data: profile({ fullName: 'Olive Oyl' }) } }),
      'GET /api/v1/team': () => ({ body: { data: team } }),
    });
    const { user, toast } = open();
    expect(screen.getByTestId('session-name').textContent).toBe('Olive Owner');
    const name = await screen.findByLabelText('Full name');
    await user.clear(name);
    await user.type(name, 'Olive Oyl');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expect.poll(toast).toBe(messages.account.profileUpdated);
    expect(screen.getByTestId('session-name').textContent).toBe('Olive Oyl');
    expect(api.requests.find((request) => request.method === 'PATCH')?.body).toMatchObject({ fullName: 'Olive Oyl' });
  });

  describe('inside Shopify’s admin', () => {
    afterEach(() => setShell('standalone'));
    const shopProfile = profile({ usertype: 'shopifyuser', email: 'owner@olive.myshopify.com' });

    it('shows the notification email, not a made-up sign-in email, and saves the merchant’s own', async () => {
      setShell('embedded');
      const api = fakeApi({
        'GET /api/v1/account/profile': () => ({ body: { data: shopProfile } }),
        'GET /api/v1/shopify/notification-email': () => ({
          body: { data: { email: 'olive@store.example', shopEmail: 'olive@store.example', custom: '' } },
        }),
        'PUT /api/v1/shopify/notification-email': (request) => {
          const email = (request.body as { email: string }).email;
          return { body: { data: { email, shopEmail: 'olive@store.example', custom: email } } };
        },
      });
      const { user, toast } = open();
      expect(await screen.findByRole('heading', { name: 'Notification email', level: 2 })).toBeTruthy();
      const field = (await screen.findByLabelText(shopNotificationEmailMessages.label)) as HTMLInputElement;
      expect(screen.getByText(shopNotificationEmailMessages.help('olive@store.example'))).toBeTruthy();
      expect(screen.queryByText('owner@olive.myshopify.com')).toBeNull();
      expect(screen.queryByDisplayValue('owner@olive.myshopify.com')).toBeNull();
      expect(screen.queryByText('Your sign-in email cannot be changed.')).toBeNull();
      expect(heading('Account Details')).toBeNull();
      expect(heading('Team')).toBeNull();

      await user.type(field, 'not an address');
      await user.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
      expect(await screen.findByText(shopNotificationEmailMessages.invalid)).toBeTruthy();
      expect(api.requests.some((request) => request.method === 'PUT')).toBe(false);

      await user.clear(field);
      await user.type(field, 'leads@olive.example');
      await user.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
      await expect.poll(toast).toBe(shopNotificationEmailMessages.saved);
      expect(api.requests.find((request) => request.method === 'PUT')?.body).toEqual({ email: 'leads@olive.example' });
    });
  });
});
