import { z } from 'zod';
import { crmFieldStore } from '../../db/queries/crmFields.ts';
import type { SealedSecret, Secrets } from '../../lib/secrets.ts';
import type { RegisteredCrmProvider } from '../crm/crmProvider.ts';
import { findCrmProvider } from '../crm/providers.ts';
import { externalFetch } from '../external/externalFetch.ts';
import type { DestinationHandler } from './destination.ts';

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

export const crmDestination: DestinationHandler = {
  async attempt({ deliveryId, destination, lead }, deps) {
    const provider = destination.provider ? findCrmProvider(destination.provider) : undefined;
    if (!provider) {
      return {
        ok: false,
        retryable: false,
        message: `Unknown CRM "${destination.provider ?? ''}": choose one in Settings.`,
        exchange: [],
      };
    }
    let secret: Record<string, string>;
    try {
      secret = openCrmSecrets(deps.secrets, destination.sealed);
    } catch {
      return {
        ok: false,
        retryable: false,
        message: `${provider.label}: the saved key cannot be read; enter it again in Settings.`,
        exchange: [],
      };
    }
    return provider.upsertContact(lead, { ...destination.settings, ...secret }, externalFetch, {
      deliveryId,
      fields: crmFieldStore(deps.db, destination.id, provider.id),
    });
  },
};
