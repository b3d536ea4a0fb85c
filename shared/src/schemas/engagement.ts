import { z } from 'zod';
import { checkEmail } from '../email.ts';
import { engagementLimits, engagementMessages, engagementStatuses } from '../engagement.ts';
import { messages } from '../validations.ts';

/** Pieces the poll, web response and wheel schemas share. */

export const ZHexColor = z
  .string({ error: engagementMessages.colorInvalid })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, engagementMessages.colorInvalid);

export const ZEngagementStatus = z.enum(engagementStatuses);

/** What the poll and wheel lists show of each (with its own total). */
export const listedFields = { id: true, slug: true, description: true, status: true, createdAt: true } as const;

/** The id a visitor's browser makes for one submission, so a retried request never counts twice. */
export const ZSubmissionId = z.uuid({ error: 'submissionId must be a uuid' });

/**
 * An email a widget asks for. `required` decides whether an empty one is refused; a non-empty one is
 * always checked (shared/src/email.ts: its domain comes back in ASCII). Answers the trimmed email, or null when none was given and none is needed.
 */
export function engagementEmail(
  value: string | null | undefined,
  rules: { required: boolean; requiredMessage: string; invalidMessage: string },
): { email: string | null } | { error: string } {
  const email = (value ?? '').trim();
  if (email === '') return rules.required ? { error: rules.requiredMessage } : { email: null };
  const checked = email.length > engagementLimits.email * 4 ? undefined : checkEmail(email);
  if (checked?.ok) return { email: checked.email };
  return { error: checked?.problem === 'localPartNotLatin' ? messages.email.localPartNotLatin : rules.invalidMessage };
}

/** The email field of a public submission: checked against the widget's settings by `engagementEmail`. */
export const ZOptionalEmail = z.string().max(1000).nullish();

export const ZDemoQuery = z.object({ demo: z.enum(['1', 'true']).optional() });
