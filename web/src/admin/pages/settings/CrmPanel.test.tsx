import {
  ZCrmSetting,
  ZCrmSettingsRequest,
  crmProviderForms,
  crmReceives,
  integrationMessages,
  type TCrmSetting,
} from '@quizlead/shared/schemas/integrations.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { destinationPreviewTexts } from '@quizlead/shared/schemas/destinationPreview.ts';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fakeApi.ts';
import { errorUnder } from '../../test/fieldError.ts';
import { renderScreen } from '../../test/renderScreen.tsx';
import { CrmPanel } from './CrmPanel.tsx';

const brevo = crmProviderForms.find((provider) => provider.id === 'brevo')!;
const saved = (change: Partial<TCrmSetting> = {}): TCrmSetting =>
  ZCrmSetting.parse({
    enabled: true,
    provider: 'brevo',
    settings: { campaignid: '7' },
    secrets: { api_key: '••••••••c123' },
    disabledReason: null,
    ...change,
  });

const data = <T,>(value: T) => ({ body: { data: value } });
const refusal = (message: string, field?: string) => ({
  status: 400,
  body: { error: { code: 'validation', message, ...(field ? { field } : {}) } },
});

/** The panel as the settings page holds it: what a save answers becomes the panel's saved CRM. */
function Host({ crm, onSaved }: { crm: TCrmSetting | null; onSaved(crm: TCrmSetting | null): void }) {
  const [shown, setShown] = useState(crm);
  return (
    <CrmPanel
      crm={shown}
      providers={crmProviderForms}
      onSaved={(next) => {
        setShown(next);
        onSaved(next);
      }}
    />
  );
}

function open(crm: TCrmSetting | null = null) {
  const onSaved = vi.fn();
  const view = renderScreen(<Host crm={crm} onSaved={onSaved} />, { path: '/app/Settings' });
  return { ...view, onSaved };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const crmSwitch = () => screen.getByRole('switch', { name: 'Send every lead to a CRM' });
const saveButton = () => screen.getByRole('button', { name: 'Save' });
const writes = <Request extends { method: string }>(requests: Request[]) =>
  requests.filter((request) => request.method !== 'GET');

describe('the settings’ CRM part', () => {
  it('sends the switch, the CRM and its settings on Save, says so, and empties the typed secret, naming the saved one', async () => {
    const answer = saved();
    const { requests } = fakeApi({ 'PUT /api/v1/settings/crm': () => data(answer) });
    const { user, toast, onSaved } = open();
    expect(screen.queryByLabelText('CRM')).toBeNull();
    await user.click(crmSwitch());
    await user.selectOptions(field('CRM'), brevo.id);
    await user.type(field('API key'), 'xkeysib-abc123');
    await user.type(field('List id'), '7');
    await user.click(saveButton());
    await expect.poll(toast).toBe(integrationMessages.settingsUpdated);
    expect(writes(requests)).toEqual([
      {
        method: 'PUT',
        path: '/api/v1/settings/crm',
        body: { enabled: true, provider: 'brevo', settings: { api_key: 'xkeysib-abc123', campaignid: '7' } },
      },
    ]);
    expect(onSaved).toHaveBeenCalledWith(answer);
    expect(field('API key').value).toBe('');
    expect(screen.getByText(integrationMessages.secretKept('••••••••c123'))).toBeTruthy();
    expect(field('List id').value).toBe('7');
  });

  it('sends a saved secret left empty, and the settings of a CRM switched off', async () => {
    const { requests } = fakeApi({ 'PUT /api/v1/settings/crm': () => data(saved({ enabled: false })) });
    const { user, toast } = open(saved());
    expect(field('API key').value).toBe('');
    await user.click(crmSwitch());
    expect(screen.queryByLabelText('API key')).toBeNull();
    await user.click(saveButton());
    await expect.poll(toast).toBe(integrationMessages.settingsUpdated);
    expect(writes(requests)[0]?.body).toEqual({ enabled: false, provider: 'brevo', settings: { api_key: '', campaignid: '7' } });
  });

  it('offers Klaviyo’s answer property names: prefixed by the quiz’s key unless the owner ticks flat names', async () => {
    const answer = saved({ provider: 'klaviyo', settings: { campaignid: 'Y6nRLr', flat_properties: true }, secrets: {} });
    const { requests } = fakeApi({ 'PUT /api/v1/settings/crm': () => data(answer) });
    const { user, toast } = open();
    await user.click(crmSwitch());
    await user.selectOptions(field('CRM'), 'klaviyo');
    const flat = field('Name answer properties without the quiz’s key');
    expect(flat.checked).toBe(false);
    expect(screen.getByText(/Off \(default\): skin_quiz\.skin_type/)).toBeTruthy();
    await user.type(field('Private API key'), 'pk_abc123');
    await user.type(field('List id'), 'Y6nRLr');
    await user.click(flat);
    await user.click(saveButton());
    await expect.poll(toast).toBe(integrationMessages.settingsUpdated);
    expect(writes(requests)[0]?.body).toEqual({
      enabled: true,
      provider: 'klaviyo',
      settings: { password: 'pk_abc123', campaignid: 'Y6nRLr', flat_properties: true },
    });
    expect(field('Name answer properties without the quiz’s key').checked).toBe(true);
  });

  it('refuses a setting longer than the shared schema allows, under that setting, before sending it', async () => {
    const long = '1'.repeat(501);
    const parsed = ZCrmSettingsRequest.safeParse({ enabled: true, provider: 'brevo', settings: { campaignid: long } });
    const message = parsed.error!.issues[0]!.message;
    // The server checks the same schema and names the setting (server/src/routes/api/settings/crm.test.ts).
    const { requests } = fakeApi({ 'PUT /api/v1/settings/crm': () => refusal(message, 'settings.campaignid') });
    const { user, toast, onSaved } = open(saved());
    await user.clear(field('List id'));
    await user.click(field('List id'));
    await user.paste(long);
    await user.click(saveButton());
    await expect.poll(() => errorUnder(field('List id'))).toBe(message);
    expect(errorUnder(field('API key'))).toBeNull();
    expect(writes(requests)).toHaveLength(0);
    expect(toast()).toBeNull();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal under the field it names, the CRM or one of its settings, until that field changes', async () => {
    fakeApi({
      'PUT /api/v1/settings/crm': ({ body }) =>
        (body as { provider: string }).provider === ''
          ? refusal(integrationMessages.providerRequired, 'provider')
          : refusal('Enter your Brevo API key', 'settings.api_key'),
    });
    const { user, toast, onSaved } = open();
    await user.click(crmSwitch());
    await user.click(saveButton());
    await expect.poll(() => errorUnder(field('CRM'))).toBe(integrationMessages.providerRequired);

    await user.selectOptions(field('CRM'), brevo.id);
    expect(errorUnder(field('CRM'))).toBeNull();
    await user.click(saveButton());
    await expect.poll(() => errorUnder(field('API key'))).toBe('Enter your Brevo API key');
    expect(errorUnder(field('List id'))).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    await user.type(field('API key'), 'x');
    expect(errorUnder(field('API key'))).toBeNull();
    expect(toast()).toBeNull();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('says in the panel when the save fails otherwise', async () => {
    fakeApi({
      'PUT /api/v1/settings/crm': () => ({
        status: 500,
        body: { error: { code: 'internal', message: messages.generic.internal } },
      }),
    });
    const { user, toast, onSaved } = open(saved());
    await user.click(saveButton());
    const problem = await screen.findByRole('alert');
    expect(within(problem).getByText(integrationMessages.settingsErrorTitle)).toBeTruthy();
    expect(within(problem).getByText(integrationMessages.settingsError)).toBeTruthy();
    expect(within(problem).getByText(`${messages.generic.serverErrorPrefix}${messages.generic.internal}`)).toBeTruthy();
    expect(errorUnder(field('API key'))).toBeNull();
    expect(toast()).toBeNull();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('says in the panel a refusal of a setting the chosen CRM does not have', async () => {
    fakeApi({ 'PUT /api/v1/settings/crm': () => refusal('Enter the Mailchimp audience id', 'settings.audience') });
    const { user, toast, onSaved } = open(saved());
    await user.click(saveButton());
    const problem = await screen.findByRole('alert');
    expect(within(problem).getByText(integrationMessages.settingsErrorTitle)).toBeTruthy();
    expect(within(problem).getByText(`${messages.generic.serverErrorPrefix}Enter the Mailchimp audience id`)).toBeTruthy();
    expect(errorUnder(field('API key'))).toBeNull();
    expect(errorUnder(field('List id'))).toBeNull();
    expect(toast()).toBeNull();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('marks Save busy and Test connection unavailable while saving', async () => {
    let reply: (value: ReturnType<typeof data>) => void = () => {};
    fakeApi({ 'PUT /api/v1/settings/crm': () => new Promise((resolve) => (reply = resolve)) as never });
    const { user, toast } = open(saved());
    const save = saveButton();
    const test = screen.getByRole('button', { name: 'Test connection' });
    expect(save.getAttribute('aria-busy')).toBeNull();
    await user.click(save);
    await expect.poll(() => save.getAttribute('aria-busy')).toBe('true');
    expect(test.getAttribute('aria-disabled')).toBe('true');

    reply(data(saved()));
    await expect.poll(toast).toBe(integrationMessages.settingsUpdated);
    expect(save.getAttribute('aria-busy')).toBeNull();
    expect(test.getAttribute('aria-disabled')).not.toBe('true');
  });

  it('tests the connection with the values as they stand, and shows its refusal under the setting it names', async () => {
    let answer: { status?: number; body: unknown } = data({ ok: true, message: 'Brevo accepted the contact', exchange: [] });
    const { requests } = fakeApi({ 'POST /api/v1/settings/crm/test': () => answer });
    const { user, toast } = open(saved());
    await user.type(field('API key'), 'xkeysib-new');
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('Connection works')).toBeTruthy();
    expect(writes(requests)).toEqual([
      {
        method: 'POST',
        path: '/api/v1/settings/crm/test',
        body: { enabled: true, provider: 'brevo', settings: { api_key: 'xkeysib-new', campaignid: '7' } },
      },
    ]);

    answer = refusal('The Brevo list id is a number', 'settings.campaignid');
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    await expect.poll(() => errorUnder(field('List id'))).toBe('The Brevo list id is a number');
    expect(screen.queryByText('Connection works')).toBeNull();
    expect(toast()).toBeNull();
  });

  it('says under the CRM select what the chosen CRM receives of each lead', async () => {
    const { user } = open(saved());
    expect(screen.getByText(crmReceives.brevo)).toBeTruthy();
    for (const [id, text] of [
      ['mailchimp', crmReceives.customFields],
      ['activecampaign', crmReceives.customFields],
      ['getresponse', crmReceives.customFields],
      ['mailerlite', crmReceives.mailerlite],
      ['sendfox', crmReceives.sendfox],
      ['klaviyo', crmReceives.klaviyo],
    ] as const) {
      await user.selectOptions(field('CRM'), id);
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(crmReceives.customFields.startsWith('Answers as custom fields')).toBe(true);
  });
});

describe('Preview a sample lead', () => {
  /** Any preview button, whichever CRM it names. */
  const previewButton = () => screen.queryByRole('button', { name: new RegExp(`^${destinationPreviewTexts.button}`) });

  it('is offered for the saved CRM only, and opens its preview', async () => {
    const id = '6f1d3c2a-1111-4222-8333-944455556666';
    const { requests } = fakeApi({
      [`GET /api/v1/settings/destinations/${id}/preview`]: () => data({ item: null, items: [], requests: [] }),
    });
    const { user } = open(saved({ id }));
    await user.click(screen.getByRole('button', { name: destinationPreviewTexts.buttonFor('Brevo (formerly Sendinblue)') }));
    expect(await screen.findByText(destinationPreviewTexts.empty)).toBeTruthy();
    expect(requests.map((request) => request.path)).toEqual([`/api/v1/settings/destinations/${id}/preview`]);
  });

  it('is not offered before a CRM is saved, nor for another CRM chosen and not yet saved', async () => {
    fakeApi({});
    const first = open(null);
    expect(previewButton()).toBeNull();
    first.unmount();
    const { user } = open(saved({ id: '6f1d3c2a-1111-4222-8333-944455556666' }));
    await user.selectOptions(screen.getByLabelText('CRM'), 'mailchimp');
    expect(previewButton()).toBeNull();
  });
});
