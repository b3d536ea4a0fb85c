import { permissionMessages } from '@quizlead/shared/permissions.ts';
import { ZProfile, type TProfile } from '@quizlead/shared/schemas/account.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fakeApi.ts';
import { errorUnder } from '../../test/fieldError.ts';
import { renderScreen } from '../../test/renderScreen.tsx';
import { SignedIn, sessionUser } from '../../test/signedIn.tsx';
import { PersonalDetailsForm } from './PersonalDetailsForm.tsx';

const profile = (change: Partial<TProfile> = {}): TProfile =>
  ZProfile.parse({
    fullName: 'Olive Owner',
    email: 'olive@example.com',
    companyName: 'Olive Oils',
    companyUrl: 'https://olive.example',
    companyLogoUrl: null,
    usertype: 'email',
    ...change,
  });

function open(role: 'owner' | 'member' = 'owner') {
  const onSaved = vi.fn();
  const view = renderScreen(
    <SignedIn user={sessionUser(role)}>
      <PersonalDetailsForm profile={profile()} onSaved={onSaved} />
    </SignedIn>,
    { path: '/app/Account' },
  );
  return { ...view, onSaved };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const save = () => screen.getByRole('button', { name: 'Save' });
const writes = <Request extends { method: string }>(requests: Request[]) =>
  requests.filter((request) => request.method !== 'GET');

describe('the personal details form', () => {
  it('shows the saved details, the sign-in email read-only', () => {
    fakeApi({});
    open();
    expect(field('Email').value).toBe('olive@example.com');
    expect(field('Email').readOnly).toBe(true);
    expect(field('Full name').value).toBe('Olive Owner');
    expect(field('Company name').value).toBe('Olive Oils');
    expect(field('Company URL').value).toBe('https://olive.example');
    expect(screen.getByText('Company logo', { selector: 'h3' })).toBeTruthy();
  });

  it('asks for a full name before sending anything, and forgets the complaint once typing starts', async () => {
    const api = fakeApi({});
    const { user, onSaved } = open();
    await user.clear(field('Full name'));
    await user.type(field('Full name'), '   ');
    await user.click(save());
    expect(errorUnder(field('Full name'))).toBe(messages.auth.fullNameEmpty);
    await user.type(field('Full name'), 'O');
    expect(errorUnder(field('Full name'))).toBeNull();
    expect(writes(api.requests)).toHaveLength(0);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('refuses a company URL that is no address, under that field', async () => {
    const api = fakeApi({});
    const { user } = open();
    await user.clear(field('Company URL'));
    await user.type(field('Company URL'), 'olive oils dot com');
    await user.click(save());
    expect(errorUnder(field('Company URL'))).toBe(messages.account.companyUrlInvalid);
    expect(errorUnder(field('Full name'))).toBeNull();
    expect(writes(api.requests)).toHaveLength(0);
  });

  it('saves the trimmed details with https:// before a bare domain, and shows what the server kept', async () => {
    const saved = profile({ fullName: 'Olive Oyl', companyName: 'Olive & Co', companyUrl: 'https://olive.example/' });
    const api = fakeApi({ 'PATCH /api/v1/account/profile': () => ({ body: { data: saved } }) });
    const { user, toast, onSaved } = open();
    await user.clear(field('Full name'));
    await user.type(field('Full name'), '  Olive Oyl ');
    await user.clear(field('Company name'));
    await user.type(field('Company name'), 'Olive & Co');
    await user.clear(field('Company URL'));
    await user.type(field('Company URL'), 'olive.example');
    await user.click(save());
    await expect.poll(toast).toBe(messages.account.profileUpdated);
    expect(writes(api.requests)).toEqual([
      {
        method: 'PATCH',
        path: '/api/v1/account/profile',
        body: { fullName: 'Olive Oyl', companyName: 'Olive & Co', companyUrl: 'https://olive.example' },
      },
    ]);
    expect(onSaved).toHaveBeenCalledWith(saved);
    expect(field('Full name').value).toBe('Olive Oyl');
    expect(field('Company URL').value).toBe('https://olive.example/');
  });

  it('shows the server’s refusal under the field it names, and other failures in a notice', async () => {
    let refusal: { status: number; body: unknown } = {
      status: 400,
      body: { error: { code: 'validation', message: 'Company name cannot contain markup.', field: 'companyName' } },
    };
    fakeApi({ 'PATCH /api/v1/account/profile': () => refusal });
    const { user, toast, onSaved } = open();
    await user.click(save());
    await expect.poll(() => errorUnder(field('Company name'))).toBe('Company name cannot contain markup.');
    expect(errorUnder(field('Full name'))).toBeNull();
    expect(toast()).toBeNull();

    refusal = { status: 500, body: { error: { code: 'internal', message: messages.generic.internal } } };
    await user.click(save());
    await expect.poll(toast).toBe(`${messages.generic.serverErrorPrefix}${messages.generic.internal}`);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('lets a member change their own name but not the company, and sends the company unchanged', async () => {
    const api = fakeApi({ 'PATCH /api/v1/account/profile': () => ({ body: { data: profile({ fullName: 'Mia' }) } }) });
    const { user, toast } = open('member');
    expect(field('Company name').disabled).toBe(true);
    expect(field('Company URL').disabled).toBe(true);
    expect(screen.getByText(permissionMessages.companyOwnerOnly)).toBeTruthy();
    expect(screen.queryByText('Company logo', { selector: 'h3' })).toBeNull();
    await user.clear(field('Full name'));
    await user.type(field('Full name'), 'Mia');
    await user.click(save());
    await expect.poll(toast).toBe(messages.account.profileUpdated);
    expect(writes(api.requests)[0]?.body).toEqual({
      fullName: 'Mia',
      companyName: 'Olive Oils',
      companyUrl: 'https://olive.example',
    });
  });
});
