import { Banner, BlockStack, Button, Checkbox, InlineStack, Select, Text, TextField } from '@shopify/polaris';
import {
  integrationMessages,
  type TConnectionTest,
  type TCrmField,
  type TCrmProviderForm,
  type TCrmSetting,
  ZCrmSettingsRequest,
} from '@quizlead/shared/schemas/integrations.ts';
import { useState } from 'react';
import { saveCrm, testCrm } from '../../api/settings.ts';
import { useSchemaForm } from '../../forms/useSchemaForm.ts';
import { useSaveBar } from '../../appBridge/saveBar.tsx';
import { Switch } from '../quizEditor/fields/Switch.tsx';
import { useShowToast } from '../../toast.ts';
import { ConnectionTestResult } from './ConnectionTestResult.tsx';
import { DestinationPreviewButton } from './DestinationPreview.tsx';
import { fieldOf, settingsProblem } from './problems.ts';
import { SettingsProblem, type Problem } from './SettingsProblem.tsx';

/**
 * The form's values: the switch, the CRM, and each of the chosen CRM's settings under `setting:<name>`, a key
 * with no dot, so its message is kept under it as is. A refusal of a setting the chosen CRM does not have
 * keeps its path ('settings.x'), which names no value of the form: the panel says it instead.
 */
type Values = { enabled: boolean; provider: string } & { [key: `setting:${string}`]: string | boolean };

const settingKey = (name: string) => `setting:${name}` as const;

interface Props {
  crm: TCrmSetting | null;
  providers: readonly TCrmProviderForm[];
  onSaved(crm: TCrmSetting | null): void;
}

/** The saved settings of `provider` (secrets stay empty: a saved one is kept unless replaced). */
function settingsFor(provider: TCrmProviderForm | undefined, crm: TCrmSetting | null) {
  const values: Record<`setting:${string}`, string | boolean> = {};
  for (const field of provider?.fields ?? []) {
    const saved = crm?.provider === provider?.id && field.type !== 'password' ? crm?.settings[field.name] : undefined;
    values[settingKey(field.name)] = field.type === 'checkbox' ? saved === true : typeof saved === 'string' ? saved : '';
  }
  return values;
}

/**
 * CRM Integration (spec: account-player-management.md §4 CRM panel): a switch, the CRM, and that CRM's own
 * fields, shown only when the switch is on and a CRM is chosen. Secrets are never shown again: a saved
 * one is named by its last characters and kept when its field is left empty.
 */
export function CrmPanel({ crm, providers, onSaved }: Props) {
  const showToast = useShowToast();
  const [problem, setProblem] = useState<Problem | null>(null);
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<TConnectionTest | null>(null);
  const providerOf = (id: string) => providers.find((candidate) => candidate.id === id);

  /** The request the values stand for: the chosen CRM's settings, each by its name. */
  const request = (values: Values) => ({
    enabled: values.enabled,
    provider: values.provider,
    settings: Object.fromEntries(
      (providerOf(values.provider)?.fields ?? []).map((field) => [field.name, values[settingKey(field.name)] ?? '']),
    ),
  });

  const initial: Values = {
    enabled: crm?.enabled ?? false,
    provider: crm?.provider ?? '',
    ...settingsFor(providerOf(crm?.provider ?? ''), crm),
  };
  const form = useSchemaForm({
    initial,
    schema: ZCrmSettingsRequest,
    toBody: request,
    // A setting's message shows under its field, when the chosen CRM has it.
    fieldOf: (path, values) => {
      const name = path.startsWith('settings.') ? path.slice('settings.'.length) : '';
      return providerOf(values.provider)?.fields.some((field) => field.name === name) ? settingKey(name) : path;
    },
    save: saveCrm,
    saved(saved) {
      onSaved(saved);
      // Typed secrets are saved now: the fields empty again and the help names the saved one.
      form.update((current) => ({ ...current, ...settingsFor(providerOf(current.provider), saved) }));
      showToast(integrationMessages.settingsUpdated);
    },
    failed: (error) => setProblem(settingsProblem(error)),
  });
  const { values } = form;
  const provider = providerOf(values.provider);

  const savedSecret = (field: TCrmField) => (crm?.provider === values.provider ? crm.secrets[field.name] : undefined);

  /** The keys a message may be under: the CRM's, and each setting's of the CRMs given. */
  const messageKeys = (...shown: (TCrmProviderForm | undefined)[]) => [
    'provider',
    ...shown.flatMap((one) => one?.fields ?? []).map((field) => settingKey(field.name)),
  ];

  function choose(id: string) {
    const chosen = providerOf(id);
    form.update((current) => ({ ...current, provider: id, ...settingsFor(chosen, crm) }), ...messageKeys(provider, chosen));
    setResult(null);
  }

  function save() {
    setProblem(null);
    form.submit();
  }
  const saveBar = useSaveBar({ dirty: form.dirty, saving: form.saving, onSave: save, onDiscard: form.discard });

  async function test() {
    setProblem(null);
    form.clear(...messageKeys(provider));
    setResult(null);
    setTesting(true);
    try {
      setResult(await testCrm(request(values)));
    } catch (error) {
      // A refusal of a field the panel shows goes under it, as Save's would.
      const field = fieldOf(error);
      if (!(field && form.refuse(field.field, field.message))) setProblem(settingsProblem(error));
    } finally {
      setTesting(false);
    }
  }

  const options = [
    { label: integrationMessages.providerRequired, value: '', disabled: true },
    ...providers.map((candidate) => ({ label: candidate.label, value: candidate.id })),
  ];

  return (
    <BlockStack gap="400">
      {saveBar}
      {crm?.disabledReason ? (
        <Banner tone="warning" title="Switched off">
          <p>{crm.disabledReason}</p>
        </Banner>
      ) : null}
      <Switch
        label="Send every lead to a CRM"
        checked={values.enabled}
        onChange={(next) => {
          form.set('enabled', next);
          setResult(null);
        }}
        helpText={{
          on: 'Each new lead is added to your CRM as a contact.',
          off: 'Switched off: your saved settings are kept for later.',
        }}
      />
      {values.enabled ? (
        <Select
          label="CRM"
          options={options}
          value={values.provider}
          onChange={choose}
          error={form.error('provider')}
          helpText={provider?.receives}
        />
      ) : null}
      {values.enabled && provider ? (
        <BlockStack gap="300">
          {provider.fields.map((field) => (
            <CrmFieldInput
              key={`${provider.id}.${field.name}`}
              field={field}
              value={values[settingKey(field.name)] ?? ''}
              saved={savedSecret(field)}
              error={form.error(settingKey(field.name))}
              onChange={(value) => form.set(settingKey(field.name), value)}
            />
          ))}
        </BlockStack>
      ) : null}
      <SettingsProblem problem={problem} onDismiss={() => setProblem(null)} />
      <ConnectionTestResult
        result={result}
        titles={{ ok: 'Connection works', failed: `${provider?.label ?? 'The CRM'} did not accept the test contact` }}
        onDismiss={() => setResult(null)}
      />
      <InlineStack align="end" gap="200">
        {values.enabled && provider ? (
          <Button onClick={() => void test()} loading={testing} disabled={form.saving}>
            Test connection
          </Button>
        ) : null}
        {crm?.id && values.enabled && provider?.id === crm.provider ? (
          <DestinationPreviewButton destinationId={crm.id} destination={provider.label} />
        ) : null}
        <Button variant="primary" onClick={save} loading={form.saving} disabled={testing}>
          Save
        </Button>
      </InlineStack>
      {values.enabled && provider ? (
        <Text as="p" tone="subdued" variant="bodySm">
          Test connection adds a sample contact (jane.doe@example.com) with the values above, saved or not.
        </Text>
      ) : null}
    </BlockStack>
  );
}

interface FieldProps {
  field: TCrmField;
  value: string | boolean;
  /** The saved secret, masked. */
  saved: string | undefined;
  error: string | undefined;
  onChange(value: string | boolean): void;
}

function CrmFieldInput({ field, value, saved, error, onChange }: FieldProps) {
  if (field.type === 'checkbox') {
    return <Checkbox label={field.label} checked={value === true} onChange={onChange} helpText={field.help} />;
  }
  const secret = field.type === 'password';
  const helpText = secret && saved ? integrationMessages.secretKept(saved) : field.help;
  return (
    <TextField
      label={field.label}
      type={field.type}
      value={typeof value === 'string' ? value : ''}
      onChange={onChange}
      // A password manager must not fill in the owner's own password here.
      autoComplete={secret ? 'new-password' : 'off'}
      requiredIndicator={field.required && !(secret && saved)}
      helpText={helpText}
      error={error || undefined}
    />
  );
}
