import { permissionMessages } from '@quizlead/shared/permissions.ts';
import {
  ZIntegrations,
  crmProviderForms,
  integrationLimits,
  integrationMessages,
  notificationModeLabels,
  type TIntegrations,
  type TNotificationSetting,
} from '@quizlead/shared/schemas/integrations.ts';
import { adPixelMessages } from '@quizlead/shared/schemas/adPixels.ts';
import { notificationMessages } from '@quizlead/shared/schemas/notifications.ts';
import { ZAffiliate } from '@quizlead/shared/schemas/referrals.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dataRequestTexts } from './dataRequestTexts.ts';
import { setShell } from '../../shell.ts';
import { fakeApi, offline } from '../../test/fakeApi.ts';
import { errorUnder } from '../../test/fieldError.ts';
import { renderScreen } from '../../test/renderScreen.tsx';
import { webhook } from '../../test/settingsFixtures.ts';
import { SignedIn, sessionUser } from '../../test/signedIn.tsx';
import { SettingsPage } from './SettingsPage.tsx';

const notifications = (change: Partial<TNotificationSetting> = {}): TNotificationSetting => ({
  enabled: false,
  additionalEnabled: false,
  recipients: '',
  mode: 'immediate',
  ownerEmail: 'olive@example.com',
  unsubscribed: [],
  ...change,
});
const integrations = (change: Partial<TIntegrations> = {}): TIntegrations =>
  ZIntegrations.parse({
    crm: null,
    providers: crmProviderForms,
    notifications: notifications(),
    webhooks: [],
    shopifyCustomers: { available: false, enabled: false },
    adPixels: { metaPixelId: '', tiktokPixelId: '' },
    ...change,
  });
const affiliate = ZAffiliate.parse({
  code: 'OLIVE123',
  url: 'https://quizlead.example/Signup?ref=OLIVE123',
  ratePercent: 20,
  referrals: 0,
  paidReferrals: 0,
  currency: 'USD',
  totals: [],
  commissions: [],
});

const data = <T,>(value: T) => ({ body: { data: value } });
/** The page's API with the settings as given; `more` adds or replaces routes. */
const api = (settings: TIntegrations, more: Parameters<typeof fakeApi>[0] = {}) =>
  fakeApi({
    'GET /api/v1/settings/integrations': () => data(settings),
    'GET /api/v1/affiliate': () => data(affiliate),
    ...more,
  });
const open = (role: 'owner' | 'member' = 'owner') =>
  renderScreen(
    <SignedIn user={sessionUser(role)}>
      <SettingsPage />
    </SignedIn>,
    { path: '/app/Settings' },
  );

/** A panel's body, by the id its Expand/Collapse button controls. */
const panel = (id: string) => within(document.getElementById(id)!);
const heading = (name: string) => screen.queryByRole('heading', { name, level: 2 });
const writes = <Request extends { method: string }>(requests: Request[]) =>
  requests.filter((request) => request.method !== 'GET');
const recipientsField = () => panel('email-notification').getByLabelText('Additional recipients');
const urlField = () => panel('webhooks').getAllByLabelText('Endpoint URL').at(-1)!;

describe('the settings page', () => {
  it('shows a skeleton until the settings arrive, then each panel', async () => {
    let reply: (value: ReturnType<typeof data>) => void = () => {};
    api(integrations(), { 'GET /api/v1/settings/integrations': () => new Promise((resolve) => (reply = resolve)) as never });
    open();
    expect(screen.getByRole('status', { name: 'Page loading' })).toBeTruthy();
    expect(heading('CRM Integration')).toBeNull();

    reply(data(integrations()));
    expect(await screen.findByRole('heading', { name: 'CRM Integration', level: 2 })).toBeTruthy();
    expect(heading('Email Notification')).toBeTruthy();
    expect(heading('Webhooks')).toBeTruthy();
    expect(heading('Affiliate url')).toBeTruthy();
    expect(heading('Shopify customers')).toBeNull();
    expect(screen.queryByText(permissionMessages.settingsOwnerOnly)).toBeNull();
    expect(screen.queryByRole('status', { name: 'Page loading' })).toBeNull();
  });

  it('says when the settings could not load, and loads them again on Try again', async () => {
    let fail = true;
    api(integrations(), { 'GET /api/v1/settings/integrations': () => (fail ? offline() : data(integrations())) });
    const { user } = open();
    expect(await screen.findByText('The settings could not be loaded')).toBeTruthy();
    expect(screen.getByText(`${messages.generic.serverErrorPrefix}Failed to fetch`)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Email Notification', level: 2 })).toBeTruthy();
    expect(screen.queryByText('The settings could not be loaded')).toBeNull();
  });

  it('shows a member the settings with every control off, and no affiliate panel', async () => {
    const requests = api(integrations({ webhooks: [webhook(1)] })).requests;
    open('member');
    expect(await screen.findByText(permissionMessages.settingsOwnerOnly)).toBeTruthy();
    expect(
      (
        panel('email-notification').getByRole('switch', { name: 'Email me when a new lead arrives' }) as HTMLButtonElement
      ).closest('fieldset')!.disabled,
    ).toBe(true);
    expect(urlField().closest('fieldset')!.disabled).toBe(true);
    expect(heading('Affiliate url')).toBeNull();
    expect(requests.some((request) => request.path === '/api/v1/affiliate')).toBe(false);
  });
});

describe('the settings’ email notification part', () => {
  it('turns the main switch on with the additional recipients, and asks for at least one address', async () => {
    const requests = api(integrations()).requests;
    const { user } = open();
    const main = await screen.findByRole('switch', { name: 'Email me when a new lead arrives' });
    expect(main.getAttribute('aria-checked')).toBe('false');
    expect(panel('email-notification').queryByLabelText('Additional recipients')).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Send to additional recipients' }));
    expect(main.getAttribute('aria-checked')).toBe('true');

    await user.click(panel('email-notification').getByRole('button', { name: 'Save' }));
    expect(errorUnder(recipientsField())).toBe(integrationMessages.recipientsRequired);
    expect(writes(requests)).toHaveLength(0);
  });

  it('names the address that is not one, once the field is left', async () => {
    const requests = api(integrations({ notifications: notifications({ enabled: true, additionalEnabled: true }) })).requests;
    const { user } = open();
    const field = await screen.findByLabelText('Additional recipients');
    await user.type(field, 'sales@example.com, team@');
    expect(errorUnder(field)).toBeNull();
    await user.tab();
    expect(errorUnder(field)).toBe(notificationMessages.recipientInvalid('team@'));
    await user.click(panel('email-notification').getByRole('button', { name: 'Save' }));
    expect(writes(requests)).toHaveLength(0);
  });

  it('saves the switches, recipients and mode, says so and shows the list as the server keeps it', async () => {
    const saved = notifications({
      enabled: true,
      additionalEnabled: true,
      recipients: 'sales@example.com, team@example.com',
      mode: 'digest',
    });
    const { requests } = api(integrations(), { 'PUT /api/v1/settings/notifications': () => data(saved) });
    const { user, toast } = open();
    await user.click(await screen.findByRole('switch', { name: 'Send to additional recipients' }));
    await user.type(recipientsField(), 'sales@example.com; team@example.com');
    await user.click(screen.getByRole('radio', { name: notificationModeLabels.digest }));
    await user.click(panel('email-notification').getByRole('button', { name: 'Save' }));
    await expect.poll(toast).toBe(integrationMessages.saved);
    expect(writes(requests)).toEqual([
      {
        method: 'PUT',
        path: '/api/v1/settings/notifications',
        body: {
          enabled: true,
          additionalEnabled: true,
          recipients: 'sales@example.com; team@example.com',
          mode: 'digest',
          resubscribe: [],
        },
      },
    ]);
    expect((recipientsField() as HTMLTextAreaElement).value).toBe('sales@example.com, team@example.com');
  });

  it('shows the server’s refusal of the recipients under them, and any other failure in the panel', async () => {
    let refusal: { status: number; body: unknown } = {
      status: 400,
      body: { error: { code: 'validation', message: notificationMessages.tooManyRecipients, field: 'recipients' } },
    };
    api(integrations({ notifications: notifications({ enabled: true, additionalEnabled: true, recipients: 'a@example.com' }) }), {
      'PUT /api/v1/settings/notifications': () => refusal,
    });
    const { user, toast } = open();
    await screen.findByLabelText('Additional recipients');
    await user.click(panel('email-notification').getByRole('button', { name: 'Save' }));
    await expect.poll(() => errorUnder(recipientsField())).toBe(notificationMessages.tooManyRecipients);

    refusal = { status: 500, body: { error: { code: 'internal', message: messages.generic.internal } } };
    await user.click(panel('email-notification').getByRole('button', { name: 'Save' }));
    const problem = await panel('email-notification').findByRole('alert');
    expect(within(problem).getByText(integrationMessages.settingsErrorTitle)).toBeTruthy();
    expect(within(problem).getByText(integrationMessages.settingsError)).toBeTruthy();
    expect(within(problem).getByText(`${messages.generic.serverErrorPrefix}${messages.generic.internal}`)).toBeTruthy();
    expect(errorUnder(recipientsField())).toBeNull();
    expect(toast()).toBeNull();
  });

  it('sends notifications to an unsubscribed address again when asked by name', async () => {
    const before = notifications({ enabled: true, unsubscribed: ['gone@example.com'] });
    const { requests } = api(integrations({ notifications: before }), {
      'PUT /api/v1/settings/notifications': () => data({ ...before, unsubscribed: [] }),
    });
    const { user, toast } = open();
    await user.click(await screen.findByRole('button', { name: 'Send notification emails to gone@example.com again' }));
    await expect.poll(toast).toBe(integrationMessages.saved);
    expect(writes(requests)[0]?.body).toMatchObject({ enabled: true, resubscribe: ['gone@example.com'] });
    expect(screen.queryByText('gone@example.com')).toBeNull();
  });
});

describe('the settings’ webhooks part', () => {
  it('asks for the endpoint’s URL before sending anything', async () => {
    const requests = api(integrations()).requests;
    const { user } = open();
    expect(await screen.findByText(/No endpoints yet/)).toBeTruthy();
    await user.type(urlField(), '   ');
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(errorUnder(urlField())).toBe(integrationMessages.webhookUrlRequired);
    await user.type(urlField(), 'h');
    expect(errorUnder(urlField())).toBeNull();
    expect(writes(requests)).toHaveLength(0);
  });

  it('adds an endpoint, shows its secret this once and lists it', async () => {
    const created = webhook(1, { url: 'https://hooks.example.com/leads' });
    const { requests } = api(integrations(), {
      'POST /api/v1/settings/webhooks': () => data({ webhook: created, secret: 'whsec_c2VjcmV0LXNlY3JldA' }),
    });
    const { user, toast } = open();
    await user.type(await screen.findByLabelText('Endpoint URL'), ' https://hooks.example.com/leads ');
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    await expect.poll(toast).toBe(integrationMessages.webhookIntegrated);
    expect(writes(requests)).toEqual([
      { method: 'POST', path: '/api/v1/settings/webhooks', body: { url: 'https://hooks.example.com/leads' } },
    ]);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(integrationMessages.secretOnce)).toBeTruthy();
    expect((within(dialog).getByLabelText('Signing secret') as HTMLInputElement).value).toBe('whsec_c2VjcmV0LXNlY3JldA');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(panel('webhooks').getByText('https://hooks.example.com/leads')).toBeTruthy();
    expect(panel('webhooks').getByText(`Signing secret ${created.secret}`)).toBeTruthy();
    expect((urlField() as HTMLInputElement).value).toBe('');
  });

  it('shows the server’s refusal of the URL under the field, and other failures in the panel', async () => {
    let refusal: { status: number; body: unknown } = {
      status: 400,
      body: { error: { code: 'validation', message: 'The URL must start with https://', field: 'url' } },
    };
    api(integrations(), { 'POST /api/v1/settings/webhooks': () => refusal });
    const { user, toast } = open();
    await user.type(await screen.findByLabelText('Endpoint URL'), 'http://hooks.example.com');
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    await expect.poll(() => errorUnder(urlField())).toBe('The URL must start with https://');

    refusal = {
      status: 409,
      body: { error: { code: 'conflict', message: integrationMessages.webhookLimit } },
    };
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const problem = await panel('webhooks').findByRole('alert');
    expect(within(problem).getByText(integrationMessages.webhookErrorTitle)).toBeTruthy();
    expect(within(problem).getByText(`${messages.generic.serverErrorPrefix}${integrationMessages.webhookLimit}`)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toast()).toBeNull();
  });

  it('switches an endpoint off with its URL unchanged', async () => {
    const hook = webhook(1);
    const { requests } = api(integrations({ webhooks: [hook] }), {
      [`PUT /api/v1/settings/webhooks/${hook.id}`]: ({ body }) => data({ ...hook, ...(body as object) }),
    });
    const { user, toast } = open();
    const send = await screen.findByRole('switch', { name: 'Send leads to this endpoint' });
    expect(send.getAttribute('aria-checked')).toBe('true');
    await user.click(send);
    await expect.poll(toast).toBe(integrationMessages.saved);
    expect(writes(requests)).toEqual([
      { method: 'PUT', path: `/api/v1/settings/webhooks/${hook.id}`, body: { url: hook.url, enabled: false } },
    ]);
    expect(send.getAttribute('aria-checked')).toBe('false');
    expect(panel('webhooks').getByText('Off')).toBeTruthy();
  });

  it('deletes an endpoint after the question names it', async () => {
    const hook = webhook(1);
    const { requests } = api(integrations({ webhooks: [hook, webhook(2)] }), {
      [`DELETE /api/v1/settings/webhooks/${hook.id}`]: () => data({ message: integrationMessages.webhookDeleted }),
    });
    const { user, toast } = open();
    await user.click(await screen.findByRole('button', { name: `Delete ${hook.url}` }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(`${hook.url} gets no more leads, and its deliveries leave the delivery log.`)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expect.poll(toast).toBe(integrationMessages.webhookDeleted);
    expect(writes(requests)).toEqual([{ method: 'DELETE', path: `/api/v1/settings/webhooks/${hook.id}`, body: undefined }]);
    expect(panel('webhooks').queryByText(hook.url)).toBeNull();
    expect(panel('webhooks').getByText(webhook(2).url)).toBeTruthy();
  });

  it('lets no more endpoints be added past the limit', async () => {
    const all = Array.from({ length: integrationLimits.webhooks }, (_, index) => webhook(index + 1));
    api(integrations({ webhooks: all }));
    open();
    expect(await screen.findByText(new RegExp(`You have ${integrationLimits.webhooks} endpoints`))).toBeTruthy();
    expect((urlField() as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Add endpoint' }).getAttribute('aria-disabled')).toBe('true');
  });
});

describe('the settings page inside Shopify’s admin', () => {
  afterEach(() => setShell('standalone'));
  const shopSettings = integrations({ shopifyCustomers: { available: true, enabled: false } });
  const request = {
    id: '3f0c7a52-9a4e-4a8e-9f2a-5c1d2e3f4a5b',
    customerEmail: 'ann@example.com',
    shopifyCustomerId: '191167',
    createdAt: '2026-11-20T09:30:00.000Z',
    ordersRequested: ['299938', '280263'],
    counts: { quizPlays: 1, pollVotes: 0, webResponses: 0, wheelSpins: 1 },
  };

  it('has no affiliate section (a standalone referral programme), and never asks for it', async () => {
    setShell('embedded');
    const calls = api(shopSettings, { 'GET /api/v1/shopify/data-requests': () => data([]) });
    open();
    expect(await screen.findByRole('heading', { name: 'CRM Integration', level: 2 })).toBeTruthy();
    expect(heading('Shopify customers')).toBeTruthy();
    expect(heading('Affiliate url')).toBeNull();
    expect(screen.queryByText(affiliate.url)).toBeNull();
    expect(calls.requests.some((call) => call.path.startsWith('/api/v1/affiliate'))).toBe(false);
  });

  it('lists customer data requests with their date, customer and orders, and downloads a document', async () => {
    setShell('embedded');
    const calls = api(shopSettings, {
      'GET /api/v1/shopify/data-requests': () => data([request]),
      [`GET /api/v1/shopify/data-requests/${request.id}`]: () => ({ body: { shop: 'olive.myshopify.com' } }),
    });
    const clicked: string[] = [];
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    };
    URL.createObjectURL ??= () => 'blob:test';
    URL.revokeObjectURL ??= () => undefined;
    try {
      const { user } = open();
      expect(await screen.findByRole('heading', { name: dataRequestTexts.title, level: 2 })).toBeTruthy();
      const requests = panel('data-requests');
      expect(await requests.findByText('ann@example.com')).toBeTruthy();
      expect(requests.getByText('20 Nov 2026')).toBeTruthy();
      expect(requests.getByText('2 orders')).toBeTruthy();
      await user.click(requests.getByRole('button', { name: dataRequestTexts.downloadLabel('ann@example.com') }));
      await expect.poll(() => clicked).toEqual([`customer-data-request-${request.id}.json`]);
      expect(calls.requests.some((call) => call.path === `/api/v1/shopify/data-requests/${request.id}`)).toBe(true);
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
  });

  it('is not in the standalone dashboard', async () => {
    api(integrations());
    open();
    expect(await screen.findByRole('heading', { name: 'CRM Integration', level: 2 })).toBeTruthy();
    expect(heading(dataRequestTexts.title)).toBeNull();
  });
});

describe('Settings → Ad pixels (issue 35)', () => {
  const metaField = () => panel('ad-pixels').getByLabelText('Meta Pixel');
  const tiktokField = () => panel('ad-pixels').getByLabelText('TikTok Pixel');
  const save = () => panel('ad-pixels').getByRole('button', { name: 'Save' });

  it('shows the defaults, names a malformed id under its field and holds the save until it is right, then saves', async () => {
    const saved = { metaPixelId: '1234567890123456', tiktokPixelId: 'C4ABCDEFGHIJ12345678' };
    const { requests } = api(integrations({ adPixels: { metaPixelId: '', tiktokPixelId: 'C4ABCDEFGHIJ12345678' } }), {
      'PUT /api/v1/settings/ad-pixels': () => data(saved),
    });
    const { user, toast } = open();
    await screen.findByLabelText('Meta Pixel');
    expect((tiktokField() as HTMLInputElement).value).toBe('C4ABCDEFGHIJ12345678');
    await user.type(metaField(), '12345');
    expect(errorUnder(metaField())).toBe(adPixelMessages.metaPixelId);
    expect(save().getAttribute('aria-disabled') ?? String((save() as HTMLButtonElement).disabled)).toBe('true');
    await user.type(metaField(), '67890123456');
    expect(errorUnder(metaField())).toBeNull();
    await user.click(save());
    await expect.poll(toast).toBe(integrationMessages.saved);
    expect(writes(requests)).toEqual([{ method: 'PUT', path: '/api/v1/settings/ad-pixels', body: saved }]);
  });

  it('shows the server’s refusal under the field it names', async () => {
    api(integrations(), {
      'PUT /api/v1/settings/ad-pixels': () => ({
        status: 400,
        body: { error: { code: 'validation', message: adPixelMessages.tiktokPixelId, field: 'tiktokPixelId' } },
      }),
    });
    const { user } = open();
    await screen.findByLabelText('TikTok Pixel');
    await user.click(save());
    await expect.poll(() => errorUnder(tiktokField())).toBe(adPixelMessages.tiktokPixelId);
  });
});
