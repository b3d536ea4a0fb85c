import type { TEventVisitor } from '@quizlead/shared/schemas/events.ts';

/**
 * The visitor of a vote, response or spin: only its email is asked for (no name, no consent box), so
 * destinations add the contact without subscribing it to a list.
 */
export const widgetVisitor = (
  email: string | null,
  phone?: { phone: string; smsConsent: boolean } | null,
): { visitor?: TEventVisitor } => (email ? { visitor: { email, name: '', consent: false, ...(phone?.phone ? phone : {}) } } : {});
