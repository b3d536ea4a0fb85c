import { BlockStack, Button, ChoiceList, InlineStack, Text, TextField } from '@shopify/polaris';
import {
  coupleNotificationSwitches,
  integrationMessages,
  notificationModeLabels,
  notificationModes,
  type TNotificationMode,
  type TNotificationSetting,
} from '@quizlead/shared/schemas/integrations.ts';
import { parseRecipientList } from '@quizlead/shared/schemas/notifications.ts';
import { useState } from 'react';
import { saveNotifications } from '../../api/settings.ts';
import { useShowToast } from '../../toast.ts';
import { Switch } from '../quizEditor/fields/Switch.tsx';
import { fieldOf, settingsProblem } from './problems.ts';
import { SettingsProblem, type Problem } from './SettingsProblem.tsx';

interface Props {
  notifications: TNotificationSetting;
  onSaved(notifications: TNotificationSetting): void;
}

/** The recipients field's own check, naming the address at fault; empty when it is fine. */
function recipientsError(additionalEnabled: boolean, recipients: string): string {
  if (!additionalEnabled) return '';
  const parsed = parseRecipientList(recipients);
  if (!parsed.ok) return parsed.error;
  return parsed.recipients.length === 0 ? integrationMessages.recipientsRequired : '';
}

/**
 * Email Notification (spec: account-player-management.md §4): the main switch, and the additional
 * recipients behind their own switch. Turning the additional recipients on turns the main switch on
 * too; turning the main switch off leaves the additional switch as it is.
 */
export function NotificationsPanel({ notifications, onSaved }: Props) {
  const showToast = useShowToast();
  const [switches, setSwitches] = useState({
    enabled: notifications.enabled,
    additionalEnabled: notifications.additionalEnabled,
  });
  const [recipients, setRecipients] = useState(notifications.recipients);
  const [mode, setMode] = useState<TNotificationMode>(notifications.mode);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [saving, setSaving] = useState(false);

  const localError = recipientsError(switches.additionalEnabled, recipients);
  const shownError = serverError || (touched ? localError : '');

  const toggle = (name: 'enabled' | 'additionalEnabled') => (checked: boolean) =>
    setSwitches((current) => coupleNotificationSwitches(current, { ...current, [name]: checked }));

  /** Saves what the panel shows; `resubscribe` also brings back addresses that used an unsubscribe link. */
  async function save(resubscribe: string[] = []) {
    setProblem(null);
    setServerError('');
    if (localError) {
      setTouched(true);
      return;
    }
    setSaving(true);
    try {
      const saved = await saveNotifications({ ...switches, recipients, mode, resubscribe });
      setSwitches({ enabled: saved.enabled, additionalEnabled: saved.additionalEnabled });
      setRecipients(saved.recipients);
      setTouched(false);
      onSaved(saved);
      showToast(integrationMessages.settingsUpdated);
    } catch (error) {
      const field = fieldOf(error);
      if (field?.field === 'recipients') setServerError(field.message);
      else setProblem(settingsProblem(error));
    } finally {
      setSaving(false);
    }
  }

  const unsubscribed = notifications.unsubscribed;
  return (
    <BlockStack gap="400">
      <Switch
        label="Email me when a new lead arrives"
        checked={switches.enabled}
        onChange={toggle('enabled')}
        helpText={{
          on: `Sent to ${notifications.ownerEmail}.`,
          off: 'Switched off: nobody gets lead notification emails.',
        }}
      />
      <Switch
        label="Send to additional recipients"
        checked={switches.additionalEnabled}
        onChange={toggle('additionalEnabled')}
        helpText={{ on: 'Your colleagues below get every notification too.', off: 'Only you get the notifications.' }}
      />
      {switches.additionalEnabled ? (
        <TextField
          label="Additional recipients"
          value={recipients}
          onChange={(value) => {
            setRecipients(value);
            setServerError('');
          }}
          onBlur={() => setTouched(true)}
          multiline={2}
          autoComplete="off"
          placeholder="sales@example.com, team@example.com"
          helpText="Separate the email addresses with commas."
          error={shownError || undefined}
        />
      ) : null}
      <ChoiceList
        title="When to send"
        choices={notificationModes.map((value) => ({ label: notificationModeLabels[value], value }))}
        selected={[mode]}
        onChange={([value]) => setMode((value as TNotificationMode | undefined) ?? 'immediate')}
      />
      {unsubscribed.length > 0 ? (
        <BlockStack gap="200">
          <Text as="h3" variant="headingSm">
            Unsubscribed
          </Text>
          <Text as="p" tone="subdued">
            These addresses used the unsubscribe link in a notification email and get no more emails.
          </Text>
          {unsubscribed.map((email) => (
            <InlineStack key={email} gap="200" blockAlign="center" wrap>
              <Text as="span" breakWord>
                {email}
              </Text>
              <Button
                variant="plain"
                onClick={() => void save([email])}
                disabled={saving}
                accessibilityLabel={`Send notification emails to ${email} again`}
              >
                Send to it again
              </Button>
            </InlineStack>
          ))}
        </BlockStack>
      ) : null}
      <SettingsProblem problem={problem} onDismiss={() => setProblem(null)} />
      <InlineStack align="end">
        <Button variant="primary" onClick={() => void save()} loading={saving}>
          Save
        </Button>
      </InlineStack>
    </BlockStack>
  );
}
