import { formatDay } from '@quizlead/shared/billing.ts';
import { ZTeam, roleLabels, teamMessages, type TTeam } from '@quizlead/shared/schemas/team.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, offline } from '../../test/fakeApi.ts';
import { renderScreen } from '../../test/renderScreen.tsx';
import { errorUnder } from '../../test/fieldError.ts';
import { SignedIn, sessionUser } from '../../test/signedIn.tsx';
import { TeamPanel } from './TeamPanel.tsx';

const you = {
  userId: '0b7c2d4e-5f60-4a71-8b92-a3b4c5d6e7f8',
  name: 'Olive Owner',
  email: 'olive@example.com',
  role: 'owner',
  you: true,
  joinedAt: '2026-01-05T09:00:00.000Z',
} as const;
const mia = {
  userId: '2d9e4f60-7182-4c93-8db4-c5d6e7f8091a',
  name: 'Mia Member',
  email: 'mia@example.com',
  role: 'member',
  you: false,
  joinedAt: '2026-02-10T09:00:00.000Z',
} as const;
const invitation = {
  id: '3e0f5061-8293-4da4-9ec5-d6e7f8091a2b',
  email: 'sam@example.com',
  role: 'member',
  invitedAt: '2026-11-20T09:00:00.000Z',
  expiresAt: '2026-11-27T09:00:00.000Z',
} as const;

const team = (change: Partial<TTeam> = {}): TTeam => ZTeam.parse({ members: [you, mia], invitations: [invitation], ...change });
const answer = (data: TTeam) => ({ body: { data } });

const owner = sessionUser('owner');
const member = sessionUser('member', { name: 'Mia Member', email: 'mia@example.com' });
const open = (user = owner) =>
  renderScreen(
    <SignedIn user={user}>
      <TeamPanel />
    </SignedIn>,
    { path: '/app/Account' },
  );

const teamList = () => screen.getByRole('list', { name: 'Team' });
const invitationList = () => screen.queryByRole('list', { name: 'Invitations' });

describe('the account’s team panel', () => {
  it('shows a skeleton until the team arrives, then each person with their email, day joined and role', async () => {
    let reply: (value: ReturnType<typeof answer>) => void = () => {};
    fakeApi({ 'GET /api/v1/team': () => new Promise((resolve) => (reply = resolve)) as never });
    const { container } = open();
    expect(container.querySelector('.Polaris-SkeletonBodyText')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Team' })).toBeNull();

    reply(answer(team()));
    const people = within(await screen.findByRole('list', { name: 'Team' })).getAllByRole('listitem');
    expect(people).toHaveLength(2);
    expect(within(people[0]!).getByText('Olive Owner')).toBeTruthy();
    expect(within(people[0]!).getByText('You')).toBeTruthy();
    expect(within(people[0]!).getByText(`olive@example.com · joined ${formatDay(you.joinedAt)}`)).toBeTruthy();
    // The owner changes anyone's role but their own.
    expect(within(people[0]!).queryByRole('combobox')).toBeNull();
    expect((within(people[1]!).getByLabelText('Role of Mia Member') as HTMLSelectElement).value).toBe('member');
    const waiting = within(invitationList()!).getByRole('listitem');
    expect(within(waiting).getByText('sam@example.com')).toBeTruthy();
    expect(within(waiting).getByText(`${roleLabels.member} · link works until ${formatDay(invitation.expiresAt)}`)).toBeTruthy();
    expect(container.querySelector('.Polaris-SkeletonBodyText')).toBeNull();
  });

  it('says when the team could not load, and loads it again on Try again', async () => {
    let fail = true;
    fakeApi({ 'GET /api/v1/team': () => (fail ? offline() : answer(team())) });
    const { user } = open();
    expect(await screen.findByText('The team could not be loaded')).toBeTruthy();
    expect(screen.getByText(`${messages.generic.serverErrorPrefix}Failed to fetch`)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Team' })).toBeTruthy();
    expect(screen.queryByText('The team could not be loaded')).toBeNull();
  });

  it('shows a member the team and its roles, without the owner’s controls', async () => {
    fakeApi({
      'GET /api/v1/team': () =>
        answer(
          team({
            members: [
              { ...you, you: false },
              { ...mia, you: true },
            ],
          }),
        ),
    });
    open(member);
    const people = within(await screen.findByRole('list', { name: 'Team' })).getAllByRole('listitem');
    expect(within(people[0]!).getByText(roleLabels.owner)).toBeTruthy();
    expect(within(people[1]!).getByText(roleLabels.member)).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Withdraw / })).toBeNull();
    expect(screen.queryByLabelText('Email to invite')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send invitation' })).toBeNull();
  });

  it('asks for an email to invite, and for a valid one, before sending anything', async () => {
    const api = fakeApi({ 'GET /api/v1/team': () => answer(team()) });
    const { user } = open();
    const send = await screen.findByRole('button', { name: 'Send invitation' });
    const field = screen.getByLabelText('Email to invite');
    await user.click(send);
    expect(errorUnder(field)).toBe(messages.auth.emailRequired);

    await user.type(field, 'not-an-email');
    expect(errorUnder(field)).toBeNull();
    await user.click(send);
    expect(errorUnder(field)).toBe(messages.auth.invalidEmail);
    expect(api.requests.filter((request) => request.method !== 'GET')).toHaveLength(0);
  });

  it('invites with the chosen role, says so, lists the invitation and empties the field', async () => {
    const sent = { ...invitation, id: '4f106172-93a4-4eb5-8fd6-e7f8091a2b3c', email: 'kim@example.com', role: 'owner' } as const;
    const api = fakeApi({
      'GET /api/v1/team': () => answer(team()),
      'POST /api/v1/team/invitations': () => answer(team({ invitations: [invitation, sent] })),
    });
    const { user, toast } = open();
    await user.type(await screen.findByLabelText('Email to invite'), '  kim@example.com ');
    await user.selectOptions(screen.getByLabelText('Role'), 'owner');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await expect.poll(toast).toBe(teamMessages.invited);
    expect(api.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/api/v1/team/invitations',
      body: { email: 'kim@example.com', role: 'owner' },
    });
    expect(within(invitationList()!).getByText('kim@example.com')).toBeTruthy();
    expect((screen.getByLabelText('Email to invite') as HTMLInputElement).value).toBe('');
  });

  it('shows the server’s refusal of the email under the email field', async () => {
    fakeApi({
      'GET /api/v1/team': () => answer(team()),
      'POST /api/v1/team/invitations': () => ({
        status: 400,
        body: { error: { code: 'validation', message: teamMessages.alreadyInTeam, field: 'email' } },
      }),
    });
    const { user, toast } = open();
    const field = await screen.findByLabelText('Email to invite');
    await user.type(field, 'mia@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await expect.poll(() => errorUnder(field)).toBe(teamMessages.alreadyInTeam);
    expect((field as HTMLInputElement).value).toBe('mia@example.com');
    expect(toast()).toBeNull();
  });

  it('removes a person after the question names them, and takes them off the list', async () => {
    const api = fakeApi({
      'GET /api/v1/team': () => answer(team()),
      [`DELETE /api/v1/team/members/${mia.userId}`]: () => answer(team({ members: [you] })),
    });
    const { user, toast } = open();
    await user.click(await screen.findByRole('button', { name: 'Remove Mia Member' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Remove Mia Member?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await expect.poll(toast).toBe(teamMessages.removed);
    expect(api.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/api/v1/team/members/${mia.userId}` });
    expect(within(teamList()).getAllByRole('listitem')).toHaveLength(1);
    expect(within(teamList()).queryByText('Mia Member')).toBeNull();
  });

  it('keeps the person listed and says why when the server refuses the removal', async () => {
    fakeApi({
      'GET /api/v1/team': () => answer(team()),
      [`DELETE /api/v1/team/members/${mia.userId}`]: () => ({
        status: 400,
        body: { error: { code: 'validation', message: teamMessages.lastOwner } },
      }),
    });
    const { user, toast } = open();
    await user.click(await screen.findByRole('button', { name: 'Remove Mia Member' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await expect.poll(toast).toBe(`${messages.generic.serverErrorPrefix}${teamMessages.lastOwner}`);
    expect(within(teamList()).getByText('Mia Member')).toBeTruthy();
  });

  it('changes a person’s role at once and says so', async () => {
    const api = fakeApi({
      'GET /api/v1/team': () => answer(team()),
      [`PUT /api/v1/team/members/${mia.userId}`]: () => answer(team({ members: [you, { ...mia, role: 'owner' }] })),
    });
    const { user, toast } = open();
    await user.selectOptions(await screen.findByLabelText('Role of Mia Member'), 'owner');
    await expect.poll(toast).toBe(teamMessages.roleChanged);
    expect(api.requests.at(-1)).toEqual({
      method: 'PUT',
      path: `/api/v1/team/members/${mia.userId}`,
      body: { role: 'owner' },
    });
    expect((screen.getByLabelText('Role of Mia Member') as HTMLSelectElement).value).toBe('owner');
  });

  it('withdraws an invitation and takes it off the list', async () => {
    const api = fakeApi({
      'GET /api/v1/team': () => answer(team()),
      [`DELETE /api/v1/team/invitations/${invitation.id}`]: () => answer(team({ invitations: [] })),
    });
    const { user, toast } = open();
    await user.click(await screen.findByRole('button', { name: 'Withdraw the invitation to sam@example.com' }));
    await expect.poll(toast).toBe(teamMessages.revoked);
    expect(api.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/api/v1/team/invitations/${invitation.id}` });
    expect(invitationList()).toBeNull();
    expect(screen.queryByText('sam@example.com')).toBeNull();
  });
});
