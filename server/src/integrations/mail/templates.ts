import { productName } from '@quizlead/shared/constants.ts';
import { limits } from '@quizlead/shared/validations.ts';
import type { AccountRole } from '@quizlead/shared/permissions.ts';
import { teamLimits } from '@quizlead/shared/schemas/team.ts';
import { shortText } from './leadNotification.ts';
import type { MailMessage } from './mailer.ts';

type Mail = Omit<MailMessage, 'to'>;

/*
 * Subjects say what the mail is about and never begin with the product's name: most of these go to a
 * bare address (no display name), and a subject that opens with a brand reads as bulk mail to people
 * and to filters (SpamAssassin's rules among them). The From line already says who sends it.
 */

export const signupTokenMail = (token: string): Mail => ({
  subject: `Your ${productName} verification token: ${token}`,
  text: [
    'Hello,',
    '',
    `Your ${productName} verification token is: ${token}`,
    '',
    `Enter it on the Verification step to create your account. It expires in ${limits.signupTokenMinutes} minutes.`,
    'If you did not sign up, ignore this email; no account is created without the token.',
  ].join('\n'),
});

export const alreadyRegisteredMail = (appUrl: string): Mail => ({
  subject: `Your ${productName} account already exists`,
  text: [
    'Hello,',
    '',
    `Someone, hopefully you, tried to sign up to ${productName} with this email, which already has an account.`,
    `Sign in: ${appUrl}/index.html`,
    `Forgot your password? ${appUrl}/ForgetPassword`,
  ].join('\n'),
});

export const passwordResetMail = (name: string, link: string): Mail => ({
  subject: `Reset your ${productName} password`,
  text: [
    `Hello ${name || 'there'},`,
    '',
    'We received a request to reset your password. Set a new one here:',
    link,
    '',
    `The link works once and expires in ${limits.resetTokenMinutes} minutes.`,
    'If you did not ask for this, ignore this email; your password stays as it is.',
  ].join('\n'),
});

/** To the owner when the leads pipeline switches a destination off (5 days of failures, or a 410 Gone). */
export const destinationDisabledMail = (settingsUrl: string, destination: string, reason: string, lastError: string): Mail => ({
  subject: `Leads are no longer sent to ${destination}`,
  text: [
    'Hello,',
    '',
    `${productName} has stopped sending your leads to ${destination}.`,
    reason,
    ...(lastError ? ['', `The last answer was: ${lastError}`] : []),
    '',
    'Leads captured meanwhile are kept in your reports. Fix the settings, save them to switch the destination on again,',
    `and replay the failed deliveries from the delivery log: ${settingsUrl}`,
  ].join('\n'),
});

/** With the invoice PDF attached, once a plan payment has completed. */
export const invoiceMail = (
  invoicesUrl: string,
  invoice: { number: string; planName: string; periodEnd: string; total: string },
): Mail => ({
  subject: `Your invoice ${invoice.number} for the ${invoice.planName} plan`,
  text: [
    'Hello,',
    '',
    `Thank you for your payment of ${invoice.total}. Your ${invoice.planName} plan runs until ${invoice.periodEnd}.`,
    `Invoice ${invoice.number} is attached, and all your invoices are at ${invoicesUrl}`,
  ].join('\n'),
});

/** A paid period ends soon and nothing follows it. */
export const planEndingMail = (plansUrl: string, plan: { planName: string; endsOn: string; days: number }): Mail => ({
  subject: plan.days === 1 ? `Your ${plan.planName} plan ends tomorrow` : `Your ${plan.planName} plan ends in ${plan.days} days`,
  text: [
    'Hello,',
    '',
    `Your ${plan.planName} plan ends on ${plan.endsOn}. After that your account goes back to the Free plan:`,
    'nothing is deleted, and your quizzes, polls, web responses and wheels show the ‘Powered By’ footer again.',
    '',
    `To keep your plan, renew it on the Plans page: ${plansUrl}`,
  ].join('\n'),
});

/**
 * A Contact Us message, to the support address: the owner's own words, so the one mail not marked
 * automatic (an auto-reply to it is welcome), answered straight to them (Reply-To). Their name is one line (ZFullName); the mailer keeps every header so.
 */
export const contactMail = (from: { email: string; name: string; company: string }, message: string): Mail => ({
  subject: `Contact Us message from ${from.name || from.email}`,
  replyTo: from.email,
  automatic: false,
  text: [
    `From: ${from.name ? `${from.name} <${from.email}>` : from.email}`,
    ...(from.company ? [`Company: ${from.company}`] : []),
    '',
    message,
  ].join('\n'),
});

/*
 * Invitations go to addresses nobody has proved, so they carry no free text the sender typed (a message,
 * a company name could say anything, links included: a phishing relay). The sender is named by their
 * name, which is one line of text (ZSingleLine refuses line breaks and control characters where it is
 * typed), and the address they proved when they signed up, which the recipient can check and answer.
 */

/** Who sends an invitation, as its text shows them: "Mia Mail (mia@example.com)", or the address alone. */
export const senderLabel = (sender: { name: string; email: string }) => {
  const name = shortText(sender.name, limits.fullName);
  return name ? `${name} (${sender.email})` : sender.email;
};

/**
 * Refer a friend: to the friend, from the signed-in user, with the sender's referral (affiliate) link.
 * It carries a one-click unsubscribe (RFC 8058); an address that used it is never invited again.
 */
export const friendInvitationMail = (invite: {
  senderName: string;
  senderEmail: string;
  link: string;
  unsubscribeUrl: string;
}): Mail => {
  const sender = senderLabel({ name: invite.senderName, email: invite.senderEmail });
  const who = shortText(invite.senderName, limits.fullName) || invite.senderEmail;
  return {
    subject: `${who} invites you to try ${productName}`,
    text: [
      'Hello,',
      '',
      `${sender} uses ${productName} to build quizzes, polls and web responses that capture leads, and thinks you would like it too.`,
      '',
      `Create your free account here: ${invite.link}`,
      '',
      `You received this email because ${sender} entered your address in ${productName}. We will not send you another invitation.`,
      `To never receive an invitation to ${productName} from anyone: ${invite.unsubscribeUrl}`,
    ].join('\n'),
    headers: {
      'List-Unsubscribe': `<${invite.unsubscribeUrl}>`,
      // RFC 8058: the mail client may POST to that address to unsubscribe in one click (opening it only asks).
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
};

export const teamInvitationMail = (invite: { inviterEmail: string; role: AccountRole; link: string }): Mail => ({
  subject: `${invite.inviterEmail} invited you to their team on ${productName}`,
  text: [
    'Hello,',
    '',
    `${invite.inviterEmail} invited you to join their team on ${productName} as ${invite.role === 'owner' ? 'an owner' : 'a member'}.`,
    'Accept the invitation and choose your password here:',
    invite.link,
    '',
    `The link works once and expires in ${teamLimits.invitationDays} days.`,
    'If you were not expecting this, ignore this email; nothing happens without the link.',
  ].join('\n'),
});
