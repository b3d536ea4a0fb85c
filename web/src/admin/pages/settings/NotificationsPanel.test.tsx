import { integrationMessages, type TNotificationSetting } from '@quizlead/shared/schemas/integrations.ts';
import { notificationLimits, notificationMessages } from '@quizlead/shared/schemas/notifications.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fakeApi.ts';
import { errorUnder } from '../../test/fieldError.ts';
import { setSaveBarPresenter } from '../../appBridge/saveBar.tsx';
import { renderScreen } from '../../test/renderScreen.tsx';
import { NotificationsPanel } from './NotificationsPanel.tsx';

const notifications = (change: Partial<TNotificationSetting> = {}): TNotificationSetting => ({
  enabled: true,
  additionalEnabled: true,
  recipients: 'sales@example.com',
  mode: 'immediate',
  ownerEmail: 'olive@example.com',
  unsubscribed: [],
  ...change,
});

const data = <T,>(value: T) => ({ body: { data: value } });
const failure = { status: 500, body: { error: { code: 'internal', message: messages.generic.internal } } };

function open(setting: TNotificationSetting) {
  const onSaved = vi.fn();
  const view = renderScreen(<NotificationsPanel notifications={setting} onSaved={onSaved} />, { path: '/app/Settings' });
  return { ...view, onSaved };
}

const recipientsField = () => screen.getByLabelText('Additional recipients') as HTMLTextAreaElement;
const toggle = (name: string) => screen.getByRole('switch', { name });
const saveButton = () => screen.getByRole('button', { name: 'Save' });
const writes = <Request extends { method: string }>(requests: Request[]) =>
  requests.filter((request) => request.method !== 'GET');

describe('the settings’ email notification part, on its own', () => {
  it('refuses more additional recipients than allowed before sending anything', async () => {
    const { requests } = fakeApi({});
    const { user, onSaved } = open(notifications({ recipients: '' }));
    const many = Array.from({ length: notificationLimits.recipients + 1 }, (_, index) => `r${index}@example.com`).join(', ');
    await user.click(recipientsField());
    await user.paste(many);
    await user.click(saveButton());
    expect(errorUnder(recipientsField())).toBe(notificationMessages.tooManyRecipients);
    expect(writes(requests)).toHaveLength(0);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('leaves the list unchecked while the additional recipients are off, and sends it as it is', async () => {
    const { requests } = fakeApi({ 'PUT /api/v1/settings/notifications': () => data(notifications()) });
    const { user, toast } = open(notifications({ recipients: '' }));
    await user.type(recipientsField(), 'team@');
    await user.click(toggle('Send to additional recipients'));
    expect(screen.queryByLabelText('Additional recipients')).toBeNull();
    await user.click(saveButton());
    await expect.poll(toast).toBe('Settings updated.');
    expect(writes(requests)[0]?.body).toEqual({
      enabled: true,
      additionalEnabled: false,
      recipients: 'team@',
      mode: 'immediate',
      resubscribe: [],
    });
  });

  it('leaves the additional recipients on when the main switch goes off', async () => {
    const { requests } = fakeApi({
      'PUT /api/v1/settings/notifications': () => data(notifications({ enabled: false })),
    });
    const { user, toast, onSaved } = open(notifications());
    await user.click(toggle('Email me when a new lead arrives'));
    expect(toggle('Email me when a new lead arrives').getAttribute('aria-checked')).toBe('false');
    expect(toggle('Send to additional recipients').getAttribute('aria-checked')).toBe('true');
    await user.click(saveButton());
    await expect.poll(toast).toBe(integrationMessages.saved);
    expect(writes(requests)[0]?.body).toMatchObject({ enabled: false, additionalEnabled: true, recipients: 'sales@example.com' });
    expect(onSaved).toHaveBeenCalledWith(notifications({ enabled: false }));
  });

  it('forgets the server’s refusal of the list once the list changes', async () => {
    fakeApi({
      'PUT /api/v1/settings/notifications': () => ({
        status: 400,
        body: { error: { code: 'validation', message: notificationMessages.tooManyRecipients, field: 'recipients' } },
      }),
    });
    const { user, toast } = open(notifications());
    await user.click(saveButton());
    await expect.poll(() => errorUnder(recipientsField())).toBe(notificationMessages.tooManyRecipients);
    expect(screen.queryByRole('alert')).toBeNull();
    await user.type(recipientsField(), ',');
    expect(errorUnder(recipientsField())).toBeNull();
    expect(toast()).toBeNull();
  });

  it('marks Save busy and the unsubscribed addresses’ buttons unavailable while saving', async () => {
    let reply: (value: ReturnType<typeof data>) => void = () => {};
    fakeApi({ 'PUT /api/v1/settings/notifications': () => new Promise((resolve) => (reply = resolve)) as never });
    const { user, toast } = open(notifications({ unsubscribed: ['gone@example.com'] }));
    const save = saveButton();
    const again = screen.getByRole('button', { name: 'Send notification emails to gone@example.com again' });
    await user.click(save);
    await expect.poll(() => save.getAttribute('aria-busy')).toBe('true');
    expect(again.getAttribute('aria-disabled')).toBe('true');

    reply(data(notifications({ unsubscribed: ['gone@example.com'] })));
    await expect.poll(toast).toBe(integrationMessages.saved);
    expect(save.getAttribute('aria-busy')).toBeNull();
    expect(again.getAttribute('aria-disabled')).not.toBe('true');
  });

  it('says in the panel when bringing an address back fails, and the next Save does not ask again', async () => {
    let answer: { status?: number; body: unknown } = failure;
    const { requests } = fakeApi({ 'PUT /api/v1/settings/notifications': () => answer });
    const { user, toast } = open(notifications({ unsubscribed: ['gone@example.com'] }));
    await user.click(screen.getByRole('button', { name: 'Send notification emails to gone@example.com again' }));
    const problem = await screen.findByRole('alert');
    expect(within(problem).getByText(integrationMessages.settingsErrorTitle)).toBeTruthy();
    expect(within(problem).getByText(`${messages.generic.serverErrorPrefix}${messages.generic.internal}`)).toBeTruthy();
    expect(writes(requests)[0]?.body).toMatchObject({ resubscribe: ['gone@example.com'] });

    answer = data(notifications({ unsubscribed: ['gone@example.com'] }));
    await user.click(saveButton());
    await expect.poll(toast).toBe(integrationMessages.saved);
    expect(writes(requests)[1]?.body).toMatchObject({ resubscribe: [] });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the settings’ email notification part inside the shop’s admin', () => {
  /** App Bridge's save bar as the embedded shell hands it over: the ids shown and hidden, in order. */
  function appBridgeSaveBar() {
    const calls: string[] = [];
    setSaveBarPresenter({ show: (id) => calls.push(`show ${id}`), hide: (id) => calls.push(`hide ${id}`) });
    const shown = () => {
      const last = new Map<string, string>();
      for (const call of calls) last.set(call.split(' ')[1]!, call.split(' ')[0]!);
      return [...last].filter(([, state]) => state === 'show').map(([id]) => id);
    };
    return { shown };
  }
  afterEach(() => setSaveBarPresenter(null));
  const barButton = (name: string) =>
    within(document.querySelector('ui-save-bar') as HTMLElement).getByRole('button', { name }) as HTMLButtonElement;

  it('shows App Bridge’s save bar while the form has unsaved changes; its Save saves them and hides it', async () => {
    const bar = appBridgeSaveBar();
    const { requests } = fakeApi({ 'PUT /api/v1/settings/notifications': () => data(notifications({ enabled: false })) });
    const { user, toast } = open(notifications());
    expect(bar.shown()).toEqual([]);
    await user.click(toggle('Email me when a new lead arrives'));
    await expect.poll(() => bar.shown()).toEqual([document.querySelector('ui-save-bar')!.id]);
    await user.click(barButton('Save'));
    await expect.poll(toast).toBe(integrationMessages.saved);
    expect(writes(requests)).toHaveLength(1);
    expect(writes(requests)[0]!.body).toMatchObject({ enabled: false });
    await expect.poll(() => bar.shown()).toEqual([]);
  });

  it('its Discard puts back what is saved and hides it, sending nothing', async () => {
    const bar = appBridgeSaveBar();
    const { requests } = fakeApi({});
    const { user } = open(notifications());
    await user.click(toggle('Send to additional recipients'));
    expect(toggle('Send to additional recipients').getAttribute('aria-checked')).toBe('false');
    await expect.poll(() => bar.shown()).toHaveLength(1);
    await user.click(barButton('Discard'));
    expect(toggle('Send to additional recipients').getAttribute('aria-checked')).toBe('true');
    expect(recipientsField().value).toBe('sales@example.com');
    await expect.poll(() => bar.shown()).toEqual([]);
    expect(writes(requests)).toHaveLength(0);
  });
});
