import type { TDomainEvent } from '@quizlead/shared/schemas/events.ts';
import type { PreviewRequest, Lead } from '../crm/crmProvider.ts';
import { findCrmProvider } from '../crm/providers.ts';
import { crmFieldStore } from '../../db/queries/crmFields.ts';
import { openCrmSecrets } from '../destinations/crmDestination.ts';
import type { DestinationDeps, DestinationRow } from '../destinations/destination.ts';
import { mailRequest, mailsToAll } from '../destinations/emailDestination.ts';
import { leadNotificationMail } from '../mail/leadNotification.ts';
import { webhookBody, webhookHeaders } from '../webhooks/sender.ts';
import { openSigningSecrets } from '../webhooks/secretStore.ts';
import { activeSigningSecrets } from '../webhooks/signing.ts';
import { redactSecrets } from '../../lib/redactSecrets.ts';

/**
 * What one lead would send to one destination (Settings' "Preview a sample lead", issue 33), built by the
 * functions the delivery sends with and sent nowhere: a CRM's data-carrying requests (its provider's
 * `preview`), a webhook's exact signed body with the signature redacted, the notification mail's subject
 * and text. Every saved secret of the destination is redacted again before it leaves (the backstop).
 */

export interface DestinationPreviewResult {
  requests: PreviewRequest[];
  /** Why there are none (settings that cannot make them, a kind that shows nothing). */
  message?: string;
}

export type PreviewDeps = Pick<DestinationDeps, 'db' | 'secrets' | 'services' | 'appUrl' | 'sessionSecret'>;

const redacted = '[redacted]';

async function crmPreview(destination: DestinationRow, lead: Lead, deps: PreviewDeps): Promise<DestinationPreviewResult> {
  const provider = destination.provider ? findCrmProvider(destination.provider) : undefined;
  if (!provider) return { requests: [], message: `Unknown CRM "${destination.provider ?? ''}": choose one in Settings.` };
  let secret: Record<string, string>;
  try {
    secret = openCrmSecrets(deps.secrets, destination.sealed);
  } catch {
    return { requests: [], message: `${provider.label}: the saved key cannot be read; enter it again in Settings.` };
  }
  const outcome = await provider.preview(
    lead,
    { ...destination.settings, ...secret },
    crmFieldStore(deps.db, destination.id, provider.id),
  );
  if (!outcome.ok) return { requests: [], message: redactSecrets(outcome.message, Object.values(secret)) };
  return { requests: redactSecrets(outcome.requests, Object.values(secret)) };
}

function webhookPreview(
  destination: DestinationRow,
  event: TDomainEvent,
  lead: Lead,
  deps: PreviewDeps,
): DestinationPreviewResult {
  if (!destination.url || !destination.sealed) {
    return { requests: [], message: 'The webhook has no URL or signing secret: save it again in Settings.' };
  }
  let secrets: string[];
  try {
    secrets = activeSigningSecrets(openSigningSecrets(deps.secrets, destination.sealed), new Date());
  } catch {
    return { requests: [], message: 'The signing secret cannot be read: rotate it in Settings.' };
  }
  const body = webhookBody({ type: event.type, lead, occurredAt: event.occurredAt });
  // Signed as the delivery signs it, then the signature is redacted: it would prove nothing to the owner and is derived from the secret.
  const headers = webhookHeaders({ id: 'msg_preview', body, secrets }, new Date());
  headers['webhook-id'] = '{delivery id}';
  headers['webhook-signature'] = redacted;
  return {
    requests: redactSecrets([{ label: `The ${event.type} event`, method: 'POST', url: destination.url, headers, body }], secrets),
  };
}

async function emailPreview(destination: DestinationRow, lead: Lead, deps: PreviewDeps): Promise<DestinationPreviewResult> {
  const mails = await mailsToAll(destination, deps, (links) => leadNotificationMail(lead, links));
  return {
    requests: mails.map(({ to, mail }) => ({ label: `The mail to ${to}`, ...mailRequest(to, mail.subject, mail.text) })),
  };
}

export async function previewDestination(
  destination: DestinationRow,
  sample: { event: TDomainEvent; lead: Lead },
  deps: PreviewDeps,
): Promise<DestinationPreviewResult> {
  switch (destination.kind) {
    case 'crm':
      return crmPreview(destination, sample.lead, deps);
    case 'webhook':
      return webhookPreview(destination, sample.event, sample.lead, deps);
    case 'email':
      return emailPreview(destination, sample.lead, deps);
    default:
      return { requests: [], message: 'This destination has no preview yet.' };
  }
}
