import { z } from 'zod';
import { crmFieldStore } from '../../db/queries/crmFields.ts';
import type { SealedSecret, Secrets } from '../../lib/secrets.ts';
import type { RegisteredCrmProvider } from '../crm/crmProvider.ts';
import { findCrmProvider } from '../crm/providers.ts';
import { externalFetch } from '../external/externalFetch.ts';
import type { DestinationHandler, DestinationRow } from './destination.ts';

/**
 * The account's CRM as a destination. Its settings are split on save: the provider's secret fields
 * (API keys, passwords) sealed together with AES-256-GCM in the row's `sealed`, the rest in
 * `settings`; they are joined again only for the call.
 */

const ZSealedFields = z.record(z.string(), z.string());

export function splitCrmSettings(provider: RegisteredCrmProvider, settings: Record<string, unknown>) {
  const open: Record<string, unknown> = {};
  const secret: Record<string, string> = {};
  for (const [name, value] of Object.entries(settings)) {
    if (provider.secretFields.includes(name)) secret[name] = String(value);
    else open[name] = value;
  }
  return { open, secret };
}

export function sealCrmSecrets(secrets: Secrets, fields: Record<string, string>): SealedSecret {
  return secrets.seal(JSON.stringify(fields));
}

export function openCrmSecrets(secrets: Secrets, sealed: SealedSecret | null): Record<string, string> {
  if (!sealed) return {};
  return ZSealedFields.parse(JSON.parse(secrets.open(sealed)));
}

/** How Settings shows a saved secret: never the value, only that one is kept and its last 4 characters. */
export function maskSecret(value: string): string {
  return value.length > 8 ? `••••••••${value.slice(-4)}` : '••••••••';
}

/**
 * The destination's provider and its complete settings (the secrets opened), or why it cannot be called:
 * what a delivery calls and what Settings' preview shows.
 */
export function resolveCrmDestination(
  destination: Pick<DestinationRow, 'provider' | 'settings' | 'sealed'>,
  secrets: Secrets,
):
  | { ok: true; provider: RegisteredCrmProvider; settings: Record<string, unknown>; secrets: string[] }
  | { ok: false; message: string } {
  const provider = destination.provider ? findCrmProvider(destination.provider) : undefined;
  if (!provider) return { ok: false, message: `Unknown CRM "${destination.provider ?? ''}": choose one in Settings.` };
  let secret: Record<string, string>;
  try {
    secret = openCrmSecrets(secrets, destination.sealed);
  } catch {
    return { ok: false, message: `${provider.label}: the saved key cannot be read; enter it again in Settings.` };
  }
  return { ok: true, provider, settings: { ...destination.settings, ...secret }, secrets: Object.values(secret) };
}

export const crmDestination: DestinationHandler = {
  async attempt({ deliveryId, destination, lead }, deps) {
    const resolved = resolveCrmDestination(destination, deps.secrets);
    if (!resolved.ok) return { ok: false, retryable: false, message: resolved.message, exchange: [] };
    return resolved.provider.upsertContact(lead, resolved.settings, externalFetch, {
      deliveryId,
      fields: crmFieldStore(deps.db, destination.id, resolved.provider.id),
    });
  },
};
