import { productName } from './constants.ts';

/**
 * The page behind a friend invitation's unsubscribe link (server/src/routes/public/invitationUnsubscribe.ts).
 * Apart from referrals.ts, which the sign-up page loads: no browser bundle needs these.
 */
export const invitationOptOutMessages = {
  unsubscribeConfirmTitle: 'Stop invitations?',
  unsubscribeConfirm: (email: string) => `${email} will never receive another invitation to ${productName}, from anyone.`,
  unsubscribeButton: 'Stop invitations',
  unsubscribedTitle: 'You will not be invited again',
  unsubscribed: (email: string) => `Nobody can send an invitation to ${productName} to ${email} any more.`,
  unsubscribeInvalidTitle: 'This unsubscribe link is not valid',
  unsubscribeInvalid: 'The link may have been cut short by your mail program. Copy the whole link from the invitation.',
} as const;
