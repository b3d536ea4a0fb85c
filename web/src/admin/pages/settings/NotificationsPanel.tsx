import { BlockStack, Button, ChoiceList, InlineStack, Text, TextField } from '@shopify/polaris';
import {
  coupleNotificationSwitches,
  integrationMessages,
  notificationModeLabels,
  notificationModes,
  ZNotificationSettingsRequest,
  type TNotificationMode,
  type TNotificationSetting,
} from '@quizlead/shared/schemas/integrations.ts';
import { parseRecipientList } from '@quizlead/shared/schemas/notifications.ts';
import { destinationPreviewTexts } from '@quizlead/shared/schemas/destinationPreview.ts';
import { useState } from 'react';
import { saveNotifications } from '../../api/settings.ts';
import { useSchemaForm } from '../../forms/useSchemaForm.ts';
import { useSaveBar } from '../../appBridge/saveBar.tsx';
import { useShowToast } from '../../toast.ts';
import { Switch } from '../quizEditor/fields/Switch.tsx';
import { DestinationPreviewButton } from './DestinationPreview.tsx';
import { settingsProblem } from './problems.ts';
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
  const [problem, setProblem] = useState<Problem | null>(null);
  const form = useSchemaForm({
    initial: {
      enabled: notifications.enabled,
      additionalEnabled: notifications.additionalEnabled,
      recipients: notifications.recipients,
      mode: notifications.mode,
      // Addresses that unsubscribed and are asked for again by name, with this save only.
      resubscribe: [] as string[],
    },
    schema: ZNotificationSettingsRequest,
    // The list's own rule (the schema takes any text): each address, at most so many, at least one.
    check: (values): Record<string, string> => {
      const message = recipientsError(values.additionalEnabled, values.recipients);
      return message ? { recipients: message } : {};
    },
    save: saveNotifications,
    saved(saved) {
      // The switches and the list as the server keeps them (the list cleaned of repeats).
      form.update((current) => ({
        ...current,
        enabled: saved.enabled,
        additionalEnabled: saved.additionalEnabled,
        recipients: saved.recipients,
      }));
      onSaved(saved);
      showToast(integrationMessages.saved);
    },
    failed: (error) => setProblem(settingsProblem(error)),
  });
  const { values } = form;

  const toggle = (name: 'enabled' | 'additionalEnabled') => (checked: boolean) =>
    form.update((current) => coupleNotificationSwitches(current, { ...current, [name]: checked }));

  /** Saves what the panel shows; `resubscribe` also brings back addresses that used an unsubscribe link. */
  function save(resubscribe: string[] = []) {
    setProblem(null);
    form.set('resubscribe', resubscribe);
    form.submit();
  }

  /** Leaving the list names an address at fault at once, as Save would. */
  function checkRecipients() {
    const message = recipientsError(values.additionalEnabled, values.recipients);
    if (message) form.refuse('recipients', message);
  }

  const saveBar = useSaveBar({ dirty: form.dirty, saving: form.saving, onSave: () => save(), onDiscard: form.discard });
  const unsubscribed = notifications.unsubscribed;
  return (
    <BlockStack gap="400">
      {saveBar}
      <Switch
        label="Email me when a new lead arrives"
        checked={values.enabled}
        onChange={toggle('enabled')}
        helpText={{
          on: `Sent to ${notifications.ownerEmail}.`,
          off: 'Switched off: nobody gets lead notification emails.',
        }}
      />
      <Switch
        label="Send to additional recipients"
        checked={values.additionalEnabled}
        onChange={toggle('additionalEnabled')}
        helpText={{ on: 'Your colleagues below get every notification too.', off: 'Only you get the notifications.' }}
      />
      {values.additionalEnabled ? (
        <TextField
          label="Additional recipients"
          value={values.recipients}
          onChange={(value) => form.set('recipients', value)}
          onBlur={checkRecipients}
          multiline={2}
          autoComplete="off"
          placeholder="sales@example.com, team@example.com"
          helpText="Separate the email addresses with commas."
          error={form.error('recipients')}
        />
      ) : null}
      <ChoiceList
        title="When to send"
        choices={notificationModes.map((value) => ({ label: notificationModeLabels[value], value }))}
        selected={[values.mode]}
        onChange={([value]) => form.set('mode', (value as TNotificationMode | undefined) ?? 'immediate')}
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
                onClick={() => save([email])}
                disabled={form.saving}
                accessibilityLabel={`Send notification emails to ${email} again`}
              >
                Send to it again
              </Button>
            </InlineStack>
          ))}
        </BlockStack>
      ) : null}
      <SettingsProblem problem={problem} onDismiss={() => setProblem(null)} />
      <InlineStack align="end" gap="200">
        {notifications.id ? (
          <DestinationPreviewButton destinationId={notifications.id} destination={destinationPreviewTexts.notificationEmail} />
        ) : null}
        <Button variant="primary" onClick={() => save()} loading={form.saving}>
          Save
        </Button>
      </InlineStack>
    </BlockStack>
  );
}
