import { integrationLimits, integrationMessages, type TWebhookEndpoint } from '@quizlead/shared/schemas/integrations.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fakeApi, offline } from '../../test/fakeApi.ts';
import { errorUnder } from '../../test/fieldError.ts';
import { renderScreen } from '../../test/renderScreen.tsx';
import { webhook } from '../../test/settingsFixtures.ts';
import { WebhooksPanel } from './WebhooksPanel.tsx';

const hookPath = (hook: TWebhookEndpoint) => `/api/v1/settings/webhooks/${hook.id}`;

const data = <T,>(value: T) => ({ body: { data: value } });
const refusal = (message: string, field = 'url') => ({
  status: 400,
  body: { error: { code: 'validation', message, field } },
});
const failure = { status: 500, body: { error: { code: 'internal', message: messages.generic.internal } } };
/** Longer than an endpoint's URL may be. */
const longUrl = `https://hooks.example.com/${'a'.repeat(integrationLimits.webhookUrl)}`;

/** The panel as the settings page holds it: each change replaces the endpoints shown. */
function Host({ webhooks }: { webhooks: TWebhookEndpoint[] }) {
  const [shown, setShown] = useState(webhooks);
  return <WebhooksPanel webhooks={shown} onChange={setShown} />;
}
const open = (webhooks: TWebhookEndpoint[] = []) => renderScreen(<Host webhooks={webhooks} />, { path: '/app/Settings' });

/** The new endpoint's field (an edited endpoint's field comes first). */
const newUrlField = () => screen.getAllByLabelText('Endpoint URL').at(-1) as HTMLInputElement;
const editedUrlField = () => screen.getAllByLabelText('Endpoint URL')[0] as HTMLInputElement;
const button = (name: string) => screen.getByRole('button', { name });
const writes = <Request extends { method: string }>(requests: Request[]) =>
  requests.filter((request) => request.method !== 'GET');

describe('adding a webhook endpoint', () => {
  it('refuses a URL longer than allowed before sending anything', async () => {
    const { requests } = fakeApi({});
    const { user } = open();
    await user.click(newUrlField());
    await user.paste(longUrl);
    await user.click(button('Add endpoint'));
    expect(errorUnder(newUrlField())).toBe(integrationMessages.webhookUrlTooLong);
    expect(writes(requests)).toHaveLength(0);
  });

  it('marks Add endpoint busy while adding', async () => {
    let reply: (value: ReturnType<typeof data>) => void = () => {};
    fakeApi({ 'POST /api/v1/settings/webhooks': () => new Promise((resolve) => (reply = resolve)) as never });
    const { user, toast } = open();
    const add = button('Add endpoint');
    await user.type(newUrlField(), 'https://hooks.example.com/leads');
    await user.click(add);
    await expect.poll(() => add.getAttribute('aria-busy')).toBe('true');

    reply(data({ webhook: webhook(1, { url: 'https://hooks.example.com/leads' }), secret: 'whsec_c2VjcmV0' }));
    await expect.poll(toast).toBe(integrationMessages.webhookIntegrated);
    expect(add.getAttribute('aria-busy')).toBeNull();
  });

  it('forgets the server’s refusal once the URL changes, and says in the panel when no answer comes', async () => {
    let answer: () => ReturnType<typeof refusal> | Promise<never> = () => refusal('The URL must start with https://');
    fakeApi({ 'POST /api/v1/settings/webhooks': () => answer() });
    const { user, toast } = open();
    await user.type(newUrlField(), 'http://hooks.example.com');
    await user.click(button('Add endpoint'));
    await expect.poll(() => errorUnder(newUrlField())).toBe('The URL must start with https://');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.clear(newUrlField());
    expect(errorUnder(newUrlField())).toBeNull();

    answer = offline;
    await user.type(newUrlField(), 'https://hooks.example.com');
    await user.click(button('Add endpoint'));
    const problem = await screen.findByRole('alert');
    expect(within(problem).getByText(integrationMessages.webhookErrorTitle)).toBeTruthy();
    expect(within(problem).getByText(integrationMessages.webhookError)).toBeTruthy();
    expect(within(problem).getByText(`${messages.generic.serverErrorPrefix}Failed to fetch`)).toBeTruthy();
    expect(errorUnder(newUrlField())).toBeNull();
    expect(toast()).toBeNull();
  });
});

describe('editing a webhook endpoint’s URL', () => {
  it('asks for the URL before sending anything, and Cancel brings back the saved one without the message', async () => {
    const hook = webhook(1);
    const { requests } = fakeApi({});
    const { user } = open([hook]);
    await user.click(button(`Edit the URL of ${hook.url}`));
    expect(editedUrlField().value).toBe(hook.url);
    await user.clear(editedUrlField());
    await user.type(editedUrlField(), '  ');
    await user.click(button('Save URL'));
    expect(errorUnder(editedUrlField())).toBe(integrationMessages.webhookUrlRequired);

    await user.click(button('Cancel'));
    expect(screen.getAllByLabelText('Endpoint URL')).toHaveLength(1);
    await user.click(button(`Edit the URL of ${hook.url}`));
    expect(editedUrlField().value).toBe(hook.url);
    expect(errorUnder(editedUrlField())).toBeNull();
    expect(writes(requests)).toHaveLength(0);
  });

  it('refuses a URL longer than allowed, until it changes', async () => {
    const hook = webhook(1);
    const { requests } = fakeApi({});
    const { user } = open([hook]);
    await user.click(button(`Edit the URL of ${hook.url}`));
    await user.clear(editedUrlField());
    await user.paste(longUrl);
    await user.click(button('Save URL'));
    expect(errorUnder(editedUrlField())).toBe(integrationMessages.webhookUrlTooLong);
    await user.type(editedUrlField(), '{Backspace}');
    expect(errorUnder(editedUrlField())).toBeNull();
    expect(writes(requests)).toHaveLength(0);
  });

  it('saves the URL trimmed with the endpoint’s switch as it is, says so and shows it', async () => {
    const hook = webhook(1, { enabled: false });
    const { requests } = fakeApi({
      [`PUT ${hookPath(hook)}`]: ({ body }) => data({ ...hook, ...(body as object) }),
    });
    const { user, toast } = open([hook]);
    await user.click(button(`Edit the URL of ${hook.url}`));
    await user.clear(editedUrlField());
    await user.type(editedUrlField(), ' https://hooks.example.com/new ');
    await user.click(button('Save URL'));
    await expect.poll(toast).toBe(integrationMessages.webhookIntegrated);
    expect(writes(requests)).toEqual([
      { method: 'PUT', path: hookPath(hook), body: { url: 'https://hooks.example.com/new', enabled: false } },
    ]);
    expect(screen.getByText('https://hooks.example.com/new')).toBeTruthy();
    expect(screen.getAllByLabelText('Endpoint URL')).toHaveLength(1);
    await user.click(button('Edit the URL of https://hooks.example.com/new'));
    expect(editedUrlField().value).toBe('https://hooks.example.com/new');
  });

  it('shows the server’s refusal under the URL, and another failure in the endpoint’s row', async () => {
    const hook = webhook(1);
    let answer: { status?: number; body: unknown } = refusal('The address resolves to a private network');
    fakeApi({ [`PUT ${hookPath(hook)}`]: () => answer });
    const { user, toast } = open([hook]);
    await user.click(button(`Edit the URL of ${hook.url}`));
    await user.clear(editedUrlField());
    await user.type(editedUrlField(), 'https://10.0.0.1/hook');
    await user.click(button('Save URL'));
    await expect.poll(() => errorUnder(editedUrlField())).toBe('The address resolves to a private network');
    expect(screen.queryByRole('alert')).toBeNull();

    answer = failure;
    await user.type(editedUrlField(), '2');
    await user.click(button('Save URL'));
    const problem = await screen.findByRole('alert');
    expect(within(problem).getByText(integrationMessages.webhookErrorTitle)).toBeTruthy();
    expect(within(problem).getByText(`${messages.generic.serverErrorPrefix}${messages.generic.internal}`)).toBeTruthy();
    expect(errorUnder(editedUrlField())).toBeNull();
    expect(editedUrlField().value).toBe('https://10.0.0.1/hook2');
    expect(toast()).toBeNull();
  });

  it('marks Save URL busy and the endpoint’s other actions unavailable while saving', async () => {
    const hook = webhook(1);
    let reply: (value: ReturnType<typeof data>) => void = () => {};
    fakeApi({ [`PUT ${hookPath(hook)}`]: () => new Promise((resolve) => (reply = resolve)) as never });
    const { user, toast } = open([hook]);
    await user.click(button(`Edit the URL of ${hook.url}`));
    await user.type(editedUrlField(), '/v2');
    const save = button('Save URL');
    await user.click(save);
    await expect.poll(() => save.getAttribute('aria-busy')).toBe('true');
    expect((screen.getByRole('switch', { name: 'Send leads to this endpoint' }) as HTMLButtonElement).disabled).toBe(true);
    expect(button('Send test').getAttribute('aria-disabled')).toBe('true');
    expect(button('Rotate secret').getAttribute('aria-disabled')).toBe('true');
    expect(button(`Delete ${hook.url}`).getAttribute('aria-disabled')).toBe('true');

    reply(data({ ...hook, url: `${hook.url}/v2` }));
    await expect.poll(toast).toBe(integrationMessages.webhookIntegrated);
    expect(button('Send test').getAttribute('aria-disabled')).not.toBe('true');
  });

  it('opens the URL with the server’s refusal under it when switching the endpoint on is refused for its URL', async () => {
    const hook = webhook(1, { enabled: false });
    const { requests } = fakeApi({
      [`PUT ${hookPath(hook)}`]: () => refusal('The address resolves to a private network'),
    });
    const { user, toast } = open([hook]);
    expect(screen.getAllByLabelText('Endpoint URL')).toHaveLength(1);
    await user.click(screen.getByRole('switch', { name: 'Send leads to this endpoint' }));
    await expect.poll(() => screen.getAllByLabelText('Endpoint URL').length).toBe(2);
    expect(writes(requests)[0]?.body).toEqual({ url: hook.url, enabled: true });
    expect(editedUrlField().value).toBe(hook.url);
    expect(errorUnder(editedUrlField())).toBe('The address resolves to a private network');
    expect(toast()).toBeNull();
  });
});
