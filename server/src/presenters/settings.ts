import { formatRecipientList } from '@quizlead/shared/schemas/notifications.ts';
import type { TCrmSetting, TNotificationSetting, TWebhookEndpoint } from '@quizlead/shared/schemas/integrations.ts';
import type { DestinationRow } from '../integrations/destinations/destination.ts';
import { maskSecret, openCrmSecrets } from '../integrations/destinations/crmDestination.ts';
import { emailSettingsOf } from '../integrations/destinations/emailDestination.ts';
import { maskWebhookSecret, openSigningSecrets } from '../integrations/webhooks/secretStore.ts';
import type { Secrets } from '../lib/secrets.ts';

/**
 * What the Settings screen is shown of an account's destinations: the values an owner typed, and of
 * every secret only that one is kept and its last characters. A secret sealed under a key no longer
 * configured shows as missing, so the owner enters it again.
 */

/** The CRM's secrets in clear, for the server's own use only (a call, or keeping a secret left empty). */
export function savedCrmSecrets(secrets: Secrets, row: DestinationRow | undefined): Record<string, string> {
  if (!row?.sealed) return {};
  try {
    return openCrmSecrets(secrets, row.sealed);
  } catch {
    return {};
  }
}

export function presentCrm(row: DestinationRow | undefined, secrets: Secrets): TCrmSetting | null {
  if (!row) return null;
  const settings: Record<string, string | boolean> = {};
  for (const [name, value] of Object.entries(row.settings)) {
    if (typeof value === 'string' || typeof value === 'boolean') settings[name] = value;
  }
  const masked = Object.fromEntries(
    Object.entries(savedCrmSecrets(secrets, row)).map(([name, value]) => [name, maskSecret(value)]),
  );
  return {
    id: row.id,
    enabled: row.enabled,
    provider: row.provider ?? '',
    settings,
    secrets: masked,
    disabledReason: row.disabledReason,
  };
}

export function presentNotifications(row: DestinationRow | undefined, ownerEmail: string): TNotificationSetting {
  const settings = emailSettingsOf(row ?? { settings: {} });
  return {
    ...(row ? { id: row.id } : {}),
    enabled: row?.enabled ?? false,
    additionalEnabled: settings.additionalEnabled,
    recipients: formatRecipientList(settings.additional),
    mode: settings.mode,
    ownerEmail,
    unsubscribed: settings.unsubscribed,
  };
}

export function presentWebhook(row: DestinationRow, secrets: Secrets): TWebhookEndpoint {
  let current = '';
  try {
    if (row.sealed) current = openSigningSecrets(secrets, row.sealed).current;
  } catch {
    // Shown as a bare mask: Rotate makes a readable one.
  }
  return {
    id: row.id,
    url: row.url ?? '',
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    secret: current ? maskWebhookSecret(current) : 'whsec_••••••••',
    createdAt: row.createdAt.toISOString(),
  };
}
