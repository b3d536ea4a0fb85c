import { productName } from '@quizlead/shared/constants.ts';
import { limits } from '@quizlead/shared/validations.ts';
import type { AccountRole } from '@quizlead/shared/permissions.ts';
import { teamLimits } from '@quizlead/shared/schemas/team.ts';
import type { MailMessage } from './mailer.ts';

type Mail = Omit<MailMessage, 'to'>;

export const signupTokenMail = (token: string): Mail => ({
  subject: `${productName} verification token: ${token}`,
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
  subject: `${productName}: leads are no longer sent to ${destination}`,
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
  subject: `${productName}: invoice ${invoice.number}`,
  text: [
    'Hello,',
    '',
    `Thank you for your payment of ${invoice.total}. Your ${invoice.planName} plan runs until ${invoice.periodEnd}.`,
    `Invoice ${invoice.number} is attached, and all your invoices are at ${invoicesUrl}`,
  ].join('\n'),
});

/** A paid period ends soon and nothing follows it. */
export const planEndingMail = (plansUrl: string, plan: { planName: string; endsOn: string; days: number }): Mail => ({
  subject:
    plan.days === 1
      ? `${productName}: your ${plan.planName} plan ends tomorrow`
      : `${productName}: your ${plan.planName} plan ends in ${plan.days} days`,
  text: [
    'Hello,',
    '',
    `Your ${plan.planName} plan ends on ${plan.endsOn}. After that your account goes back to the Free plan:`,
    'nothing is deleted, and your quizzes, polls, web responses and wheels show the ‘Powered By’ footer again.',
    '',
    `To keep your plan, renew it on the Plans page: ${plansUrl}`,
  ].join('\n'),
});

/** A Contact Us message, to the support address. */
export const contactMail = (from: { email: string; name: string; company: string }, message: string): Mail => ({
  subject: `${productName} contact: ${from.name || from.email}`,
  text: [
    `From: ${from.name ? `${from.name} <${from.email}>` : from.email}`,
    ...(from.company ? [`Company: ${from.company}`] : []),
    '',
    message,
  ].join('\n'),
});

/*
 * Invitations go to addresses nobody has proved, so they carry no text the sender typed (names, company
 * names could say anything, links included: a phishing relay). The sender is named by the address they
 * proved when they signed up, which the recipient can check and answer.
 */

/** Refer a friend: to the friend, from the signed-in user, with the sender's referral (affiliate) link. */
export const friendInvitationMail = (invite: { senderEmail: string; link: string }): Mail => ({
  subject: `${invite.senderEmail} invites you to ${productName}`,
  text: [
    'Hello,',
    '',
    `${invite.senderEmail} uses ${productName} to build quizzes, polls and web responses that capture leads, and thinks you would like it too.`,
    '',
    `Create your free account here: ${invite.link}`,
    '',
    `You received this email because ${invite.senderEmail} entered your address in ${productName}. We will not send you another invitation.`,
  ].join('\n'),
});

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
