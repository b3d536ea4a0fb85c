import { Banner, BlockStack, Button, Checkbox, InlineStack, Select, Text, TextField } from '@shopify/polaris';
import {
  integrationMessages,
  type TConnectionTest,
  type TCrmField,
  type TCrmProviderForm,
  type TCrmSetting,
} from '@quizlead/shared/schemas/integrations.ts';
import { useState } from 'react';
import { saveCrm, testCrm } from '../../api/settings.ts';
import { Switch } from '../quizEditor/fields/Switch.tsx';
import { useShowToast } from '../../toast.ts';
import { ConnectionTestResult } from './ConnectionTestResult.tsx';
import { fieldOf, settingsProblem } from './problems.ts';
import { SettingsProblem, type Problem } from './SettingsProblem.tsx';

type Values = Record<string, string | boolean>;

interface Props {
  crm: TCrmSetting | null;
  providers: readonly TCrmProviderForm[];
  onSaved(crm: TCrmSetting | null): void;
}

/** The saved values of `provider` (secrets stay empty: a saved one is kept unless replaced). */
function valuesFor(provider: TCrmProviderForm | undefined, crm: TCrmSetting | null): Values {
  const values: Values = {};
  for (const field of provider?.fields ?? []) {
    const saved = crm?.provider === provider?.id && field.type !== 'password' ? crm?.settings[field.name] : undefined;
    values[field.name] = field.type === 'checkbox' ? saved === true : typeof saved === 'string' ? saved : '';
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
  const [enabled, setEnabled] = useState(crm?.enabled ?? false);
  const [providerId, setProviderId] = useState(crm?.provider ?? '');
  const provider = providers.find((candidate) => candidate.id === providerId);
  const [values, setValues] = useState<Values>(() => valuesFor(provider, crm));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<Problem | null>(null);
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<TConnectionTest | null>(null);

  const savedSecret = (field: TCrmField) => (crm?.provider === providerId ? crm.secrets[field.name] : undefined);

  function choose(id: string) {
    setProviderId(id);
    setValues(
      valuesFor(
        providers.find((candidate) => candidate.id === id),
        crm,
      ),
    );
    setErrors({});
    setResult(null);
  }

  const set = (name: string) => (value: string | boolean) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [`settings.${name}`]: '' }));
  };

  const request = () => ({ enabled, provider: providerId, settings: values });

  function failed(error: unknown) {
    const field = fieldOf(error);
    if (field) setErrors({ [field.field]: field.message });
    else setProblem(settingsProblem(error));
  }

  async function save() {
    setProblem(null);
    setErrors({});
    setSaving(true);
    try {
      const saved = await saveCrm(request());
      onSaved(saved);
      // Typed secrets are saved now: the fields empty again and the help names the saved one.
      setValues(valuesFor(provider, saved));
      showToast(integrationMessages.settingsUpdated);
    } catch (error) {
      failed(error);
    } finally {
      setSaving(false);
    }
  }

  async function test() {
    setProblem(null);
    setErrors({});
    setResult(null);
    setTesting(true);
    try {
      setResult(await testCrm(request()));
    } catch (error) {
      failed(error);
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
      {crm?.disabledReason ? (
        <Banner tone="warning" title="Switched off">
          <p>{crm.disabledReason}</p>
        </Banner>
      ) : null}
      <Switch
        label="Send every lead to a CRM"
        checked={enabled}
        onChange={(next) => {
          setEnabled(next);
          setResult(null);
        }}
        helpText={{
          on: 'Each new lead is added to your CRM as a contact.',
          off: 'Switched off: your saved settings are kept for later.',
        }}
      />
      {enabled ? (
        <Select label="CRM" options={options} value={providerId} onChange={choose} error={errors.provider || undefined} />
      ) : null}
      {enabled && provider ? (
        <BlockStack gap="300">
          {provider.fields.map((field) => (
            <CrmFieldInput
              key={`${provider.id}.${field.name}`}
              field={field}
              value={values[field.name] ?? ''}
              saved={savedSecret(field)}
              error={errors[`settings.${field.name}`]}
              onChange={set(field.name)}
            />
          ))}
        </BlockStack>
      ) : null}
      <SettingsProblem problem={problem} onDismiss={() => setProblem(null)} />
      {result ? (
        <ConnectionTestResult
          result={result}
          titles={{ ok: 'Connection works', failed: `${provider?.label ?? 'The CRM'} did not accept the test contact` }}
          onDismiss={() => setResult(null)}
        />
      ) : null}
      <InlineStack align="end" gap="200">
        {enabled && provider ? (
          <Button onClick={() => void test()} loading={testing} disabled={saving}>
            Test connection
          </Button>
        ) : null}
        <Button variant="primary" onClick={() => void save()} loading={saving} disabled={testing}>
          Save
        </Button>
      </InlineStack>
      {enabled && provider ? (
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
