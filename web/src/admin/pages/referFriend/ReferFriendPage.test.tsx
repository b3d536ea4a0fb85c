import { formatDay } from '@quizlead/shared/billing.ts';
import {
  invitationStatusLabels,
  planLabels,
  referralMessages,
  referralSourceLabels,
  ZInvitationSentResponse,
  ZReferralsResponse,
  type TFriendInvitation,
  type TReferrals,
} from '@quizlead/shared/schemas/referrals.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, offline } from '../../test/fakeApi.ts';
import { renderScreen } from '../../test/renderScreen.tsx';
import { ReferFriendPage } from './ReferFriendPage.tsx';
import { referTexts } from './texts.ts';

const link = { code: 'AB12CD34', url: 'https://quizlead.test/Signup?ref=AB12CD34' };
const invitation = (n: number, fields: Partial<TFriendInvitation> = {}): TFriendInvitation => ({
  id: `inv-${n}`,
  friendName: `Friend ${n}`,
  friendEmail: `friend${n}@example.test`,
  sentAt: `2026-11-0${n}T09:00:00.000Z`,
  status: 'invited',
  ...fields,
});

/** The screen's data, as the server's schema has it. */
const referrals = (data: Partial<TReferrals> = {}) => ({
  body: ZReferralsResponse.parse({ data: { link, invitations: [], signups: [], ...data } }),
});
const sent = (friend: TFriendInvitation) => ({
  status: 201,
  body: ZInvitationSentResponse.parse({ data: { invitation: friend, message: referralMessages.sent } }),
});
const refused = (message: string, field?: string) => ({
  status: 400,
  body: { error: { code: 'validation', message, field } },
});

const open = () => renderScreen(<ReferFriendPage />, { path: '/app/refer-friend' });
const nameBox = () => screen.getByLabelText(referTexts.friendName) as HTMLInputElement;
const emailBox = () => screen.getByLabelText(referTexts.friendEmail) as HTMLInputElement;
const send = () => screen.getByRole('button', { name: referTexts.send });

/** The message shown under a field (Polaris ties it to the input), or null. */
function fieldError(input: HTMLInputElement): string | null {
  const error = document.getElementById(`${input.id}Error`);
  if (!error) return null;
  expect(input.getAttribute('aria-invalid')).toBe('true');
  expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
  return error.textContent;
}

const posts = (api: ReturnType<typeof fakeApi>) => api.requests.filter((request) => request.method === 'POST');

describe('the refer friend screen', () => {
  it('says it is loading until the referrals arrive, then shows the link, the invitations and the sign-ups', async () => {
    let answer: (value: ReturnType<typeof referrals>) => void = () => {};
    const api = fakeApi({ 'GET /api/v1/referrals': () => new Promise((resolve) => (answer = resolve)) as never });
    open();
    expect(screen.getByText(referTexts.loading).closest('[role="status"]')).toBeTruthy();
    expect(nameBox()).toBeTruthy();
    expect(screen.queryByLabelText(referTexts.linkLabel)).toBeNull();
    answer(
      referrals({
        invitations: [invitation(2, { status: 'signed_up' }), invitation(1)],
        signups: [{ name: 'Acme Shop', signedUpAt: '2026-11-03T12:00:00.000Z', source: 'link', plan: 'paid' }],
      }),
    );

    expect(((await screen.findByLabelText(referTexts.linkLabel)) as HTMLInputElement).value).toBe(link.url);
    expect(screen.queryByText(referTexts.loading)).toBeNull();
    const friend = screen.getByText('Friend 2').closest('tr') as HTMLElement;
    expect(within(friend).getByText('friend2@example.test')).toBeTruthy();
    expect(within(friend).getByText(formatDay('2026-11-02T09:00:00.000Z'))).toBeTruthy();
    expect(within(friend).getByText(invitationStatusLabels.signed_up)).toBeTruthy();
    expect(
      within(screen.getByText('Friend 1').closest('tr') as HTMLElement).getByText(invitationStatusLabels.invited),
    ).toBeTruthy();
    const signup = screen.getByText('Acme Shop').closest('tr') as HTMLElement;
    expect(within(signup).getByText(formatDay('2026-11-03T12:00:00.000Z'))).toBeTruthy();
    expect(within(signup).getByText(referralSourceLabels.link)).toBeTruthy();
    expect(within(signup).getByText(planLabels.paid)).toBeTruthy();
    expect(api.requests.map((request) => request.path)).toEqual(['/api/v1/referrals']);
  });

  it('says so when nobody was invited and nobody signed up yet', async () => {
    fakeApi({ 'GET /api/v1/referrals': () => referrals() });
    open();
    expect(await screen.findByText(referralMessages.invitationsEmpty)).toBeTruthy();
    expect(screen.getByText(referralMessages.signupsEmpty)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when the referrals could not load, and loads them again on Try again', async () => {
    let fail = true;
    const api = fakeApi({ 'GET /api/v1/referrals': () => (fail ? offline() : referrals({ invitations: [invitation(1)] })) });
    const { user } = open();
    expect(await screen.findByText(/Failed to fetch/)).toBeTruthy();
    // The banner's title, and the link's card in its place.
    expect(screen.getAllByText(referralMessages.loadFailed)).toHaveLength(2);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Friend 1')).toBeTruthy();
    expect((screen.getByLabelText(referTexts.linkLabel) as HTMLInputElement).value).toBe(link.url);
    expect(screen.queryByText(referralMessages.loadFailed)).toBeNull();
    expect(api.requests).toHaveLength(2);
  });
});

describe('the invite a friend form', () => {
  it('asks for the name and the email under each field, then for a valid email, and sends nothing', async () => {
    const api = fakeApi({ 'GET /api/v1/referrals': () => referrals() });
    const { user } = open();
    await user.click(send());
    await expect.poll(() => fieldError(nameBox())).toBe(referralMessages.friendNameRequired);
    expect(fieldError(emailBox())).toBe(messages.auth.emailRequired);

    await user.type(nameBox(), 'Ann');
    expect(fieldError(nameBox())).toBeNull();
    expect(fieldError(emailBox())).toBe(messages.auth.emailRequired);
    await user.type(emailBox(), 'ann@');
    await user.click(send());
    await expect.poll(() => fieldError(emailBox())).toBe(messages.auth.invalidEmail);
    expect(fieldError(nameBox())).toBeNull();

    await user.clear(nameBox());
    await user.type(nameBox(), '   ');
    await user.click(send());
    await expect.poll(() => fieldError(nameBox())).toBe(referralMessages.friendNameRequired);
    expect(posts(api)).toHaveLength(0);
  });

  it('shows the server’s refusal under the field it names, and keeps what was typed', async () => {
    const api = fakeApi({
      'GET /api/v1/referrals': () => referrals(),
      'POST /api/v1/referrals/invitations': () => refused(referralMessages.alreadyInvited, 'friendEmail'),
    });
    const { user, toast } = open();
    await user.type(nameBox(), 'Ann');
    await user.type(emailBox(), 'ann@example.test');
    await user.click(send());
    await expect.poll(() => fieldError(emailBox())).toBe(referralMessages.alreadyInvited);
    expect(fieldError(nameBox())).toBeNull();
    expect(nameBox().value).toBe('Ann');
    expect(emailBox().value).toBe('ann@example.test');
    expect(screen.queryByText(referralMessages.sendErrorTitle)).toBeNull();
    expect(toast()).toBeNull();
    expect(posts(api)).toHaveLength(1);
  });

  it('says why in a banner when the server refuses for no field (the daily limit)', async () => {
    fakeApi({
      'GET /api/v1/referrals': () => referrals(),
      'POST /api/v1/referrals/invitations': () => ({
        status: 429,
        body: { error: { code: 'rate_limited', message: referralMessages.dailyLimit } },
      }),
    });
    const { user } = open();
    await user.type(nameBox(), 'Ann');
    await user.type(emailBox(), 'ann@example.test');
    await user.click(send());
    expect(await screen.findByText(referralMessages.sendErrorTitle)).toBeTruthy();
    expect(screen.getByText(referralMessages.dailyLimit)).toBeTruthy();
    expect(fieldError(nameBox())).toBeNull();
    expect(fieldError(emailBox())).toBeNull();
  });

  it('sends the trimmed name and email, says so, empties the form and lists the invitation', async () => {
    let invited = false;
    const friend = invitation(4, { friendName: 'Ann Lee', friendEmail: 'ann@example.test' });
    const api = fakeApi({
      'GET /api/v1/referrals': () => referrals({ invitations: invited ? [friend] : [] }),
      'POST /api/v1/referrals/invitations': () => {
        invited = true;
        return sent(friend);
      },
    });
    const { user, toast } = open();
    await screen.findByText(referralMessages.invitationsEmpty);
    await user.type(nameBox(), '  Ann Lee ');
    await user.type(emailBox(), ' ann@example.test');
    await user.click(send());
    await expect.poll(toast).toBe(referralMessages.sent);
    expect(posts(api)[0]).toMatchObject({
      path: '/api/v1/referrals/invitations',
      body: { friendName: 'Ann Lee', friendEmail: 'ann@example.test' },
    });
    expect(nameBox().value).toBe('');
    expect(emailBox().value).toBe('');
    expect(await screen.findByText('Ann Lee')).toBeTruthy();
    expect(screen.queryByText(referralMessages.invitationsEmpty)).toBeNull();
  });
});
