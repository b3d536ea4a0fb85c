import { z } from 'zod';
import { ownerEmail } from '../../db/queries/owner.ts';
import { accountAdminLink } from '../../lib/adminLinks.ts';
import type { DeliveryOutcome, Exchange, Lead } from '../crm/crmProvider.ts';
import {
  leadDigestMail,
  leadNotificationMail,
  notificationRecipients,
  unsubscribeUrl,
  type NotificationLinks,
} from '../mail/leadNotification.ts';
import type { MailMessage } from '../mail/mailer.ts';
import type { DestinationDeps, DestinationHandler, DestinationRow } from './destination.ts';
import { counted } from '@quizlead/shared/plural.ts';

/**
 * Notification emails as a destination (Settings → Email Notification). The row is switched on and off
 * by the main switch (emailnotificationstatus); its settings hold the additional recipients, whether
 * they get the mails (emailnotificationflag), immediate or hourly digest, and who unsubscribed.
 */
export const ZEmailDestinationSettings = z.object({
  additionalEnabled: z.boolean().default(false),
  additional: z.array(z.string()).default([]),
  mode: z.enum(['immediate', 'digest']).default('immediate'),
  /** Lower-cased addresses that used the unsubscribe link; saving Settings with them again brings them back. */
  unsubscribed: z.array(z.string()).default([]),
});
export type TEmailDestinationSettings = z.infer<typeof ZEmailDestinationSettings>;

export const emailSettingsOf = (destination: Pick<DestinationRow, 'settings'>) =>
  ZEmailDestinationSettings.parse(destination.settings ?? {});

export const isDigest = (destination: Pick<DestinationRow, 'kind' | 'settings'>) =>
  destination.kind === 'email' && ZEmailDestinationSettings.safeParse(destination.settings ?? {}).data?.mode === 'digest';

/** A digest goes out at the top of the next hour. */
export function digestDueAt(now: Date): Date {
  const due = new Date(now);
  due.setUTCMinutes(0, 0, 0);
  due.setUTCHours(due.getUTCHours() + 1);
  return due;
}

/** Who gets the mails: the owner, then the additional recipients when that flag is on, less the unsubscribed. */
export async function emailRecipients(db: DestinationDeps['db'], destination: DestinationRow): Promise<string[]> {
  const settings = emailSettingsOf(destination);
  const owner = (await ownerEmail(db, destination.accountId)) ?? '';
  const unsubscribed = new Set(settings.unsubscribed.map((email) => email.toLowerCase()));
  return notificationRecipients(owner, settings.additionalEnabled ? settings.additional : []).filter(
    (email) => !unsubscribed.has(email.toLowerCase()),
  );
}

/** Each recipient's mail, made for that recipient (its own unsubscribe link): what is sent, and what a preview shows. */
export async function mailsToAll(
  destination: DestinationRow,
  deps: Pick<DestinationDeps, 'db' | 'services' | 'appUrl' | 'sessionSecret'>,
  mailFor: (links: NotificationLinks) => Omit<MailMessage, 'to'>,
): Promise<{ to: string; mail: Omit<MailMessage, 'to'> }[]> {
  const recipients = await emailRecipients(deps.db, destination);
  const adminLink = await accountAdminLink(deps.db, deps.services.env, destination.accountId);
  return recipients.map((to) => ({
    to,
    mail: mailFor({
      adminLink,
      unsubscribeUrl: unsubscribeUrl(deps.appUrl, deps.sessionSecret, { accountId: destination.accountId, recipient: to }),
    }),
  }));
}

/** A mail as the delivery log records it and the preview shows it. */
export const mailRequest = (to: string, subject: string, body: string): Exchange['request'] => ({
  method: 'SMTP',
  url: `mailto:${to}`,
  headers: { subject },
  body,
});

/** Sends one mail per recipient, made for that recipient (its own unsubscribe link). */
async function sendToAll(
  destination: DestinationRow,
  deps: DestinationDeps,
  mailFor: (links: NotificationLinks) => Omit<MailMessage, 'to'>,
  recorded: (mail: Omit<MailMessage, 'to'>) => string = (mail) => mail.text,
): Promise<DeliveryOutcome> {
  const exchange: Exchange[] = [];
  for (const { to, mail } of await mailsToAll(destination, deps, mailFor)) {
    const request = mailRequest(to, mail.subject, recorded(mail));
    try {
      await deps.mailer.send({ to, ...mail });
      exchange.push({ request, response: { status: 250, headers: {}, body: 'accepted' } });
    } catch (error) {
      exchange.push({ request });
      return {
        ok: false,
        retryable: true,
        message: `The mail to ${to} could not be sent: ${(error as Error).message}`,
        exchange,
      };
    }
  }
  return { ok: true, exchange };
}

export const emailDestination: DestinationHandler = {
  attempt: ({ destination, lead }, deps) => sendToAll(destination, deps, (links) => leadNotificationMail(lead, links)),
};

/**
 * One digest mail for every lead that waited for this hour. Its attempt is recorded on each of those
 * deliveries, so the recorded body names no lead: erasing one visitor's data leaves no copy behind.
 */
export const sendLeadDigest = (destination: DestinationRow, leads: readonly Lead[], deps: DestinationDeps) =>
  sendToAll(
    destination,
    deps,
    (links) => leadDigestMail(leads, links),
    () => `A digest of ${counted(leads.length, 'lead')}.`,
  );
