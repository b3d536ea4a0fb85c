import { z } from 'zod';
import { checkEmail } from '../email.ts';
import { messages } from '../validations.ts';

/**
 * The Email Notification setting's additional recipients (spec: account-player-management.md §3
 * emailrecipients, §5 "Several emails are comma-separated"): one rule for the Settings form and the
 * server. The spec gives no message for a bad address, so these name the address at fault.
 */

export const notificationLimits = {
  /** Additional recipients besides the owner. */
  recipients: 10,
  email: 254,
} as const;

export const notificationMessages = {
  recipientInvalid: (email: string) => `"${email}" is not a valid email address`,
  recipientNotLatin: (email: string) => `"${email}": ${messages.email.localPartNotLatin}`,
  tooManyRecipients: `Enter at most ${notificationLimits.recipients} additional recipients`,
} as const;

export type RecipientListResult = { ok: true; recipients: string[] } | { ok: false; error: string; invalid?: string };

/**
 * Splits on commas (semicolons and line breaks too, as people paste lists), trims, skips empty
 * entries, checks each address, and keeps the first spelling of each address compared without case.
 * The first invalid address is named in the error; more than the limit is refused.
 */
export function parseRecipientList(input: string): RecipientListResult {
  const recipients: string[] = [];
  const seen = new Set<string>();
  for (const entry of input.split(/[,;\n\r]+/)) {
    const email = entry.trim();
    if (email === '') continue;
    const checked = email.length > notificationLimits.email * 4 ? undefined : checkEmail(email);
    if (!checked?.ok) {
      const shown = email.length > 60 ? `${email.slice(0, 57)}...` : email;
      const error =
        checked?.problem === 'localPartNotLatin'
          ? notificationMessages.recipientNotLatin(shown)
          : notificationMessages.recipientInvalid(shown);
      return { ok: false, error, invalid: email };
    }
    const key = checked.email.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    recipients.push(checked.email);
  }
  if (recipients.length > notificationLimits.recipients) return { ok: false, error: notificationMessages.tooManyRecipients };
  return { ok: true, recipients };
}

/** The same rule as a zod field: the comma-separated text in, the list of addresses out. */
export const ZRecipientList = z.string().transform((input, ctx) => {
  const parsed = parseRecipientList(input);
  if (parsed.ok) return parsed.recipients;
  ctx.addIssue({ code: 'custom', message: parsed.error });
  return z.NEVER;
});

/** The recipients list as the Settings field shows it again. */
export const formatRecipientList = (recipients: readonly string[]): string => recipients.join(', ');
