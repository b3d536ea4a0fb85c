import { describe, expect, it } from 'vitest';
import { productName } from '@quizlead/shared/constants.ts';
import type { Lead } from '../crm/crmProvider.ts';
import { ownerAdminLink } from '../../lib/adminLinks.ts';
import { dataRequestMail } from './dataRequestMail.ts';
import { leadDigestMail, leadNotificationMail } from './leadNotification.ts';
import * as templates from './templates.ts';

const appUrl = 'https://app.quizlead.test';
const links = {
  adminLink: ownerAdminLink({ APP_URL: appUrl, SHOPIFY_APP_HANDLE: 'quizlead' }, { kind: 'standalone', shopDomain: null }),
  unsubscribeUrl: `${appUrl}/notifications/unsubscribe?token=t`,
};
const lead: Lead = {
  email: 'visitor@example.com',
  name: 'Vera Visitor',
  tool: 'quiz',
  item: { id: 'quiz-1', title: 'Which coffee suits you?' },
  result: {},
  itemKey: 'which_coffee_suits_you',
  answers: [],
  consent: true,
  smsConsent: false,
  tags: [],
  capturedAt: '2026-11-23T10:05:00.000Z',
};

/** Every mail the product sends, each as its template writes it. */
const mails = {
  signupToken: templates.signupTokenMail('123456'),
  alreadyRegistered: templates.alreadyRegisteredMail(appUrl),
  passwordReset: templates.passwordResetMail('Olive', `${appUrl}/ResetPassword?token=x`),
  destinationDisabled: templates.destinationDisabledMail(appUrl, 'Brevo', 'It failed for 5 days.', ''),
  invoice: templates.invoiceMail(appUrl, { number: 'INV-1', planName: 'Monthly', periodEnd: '2026-12-28', total: '$10' }),
  planEnding: templates.planEndingMail(appUrl, { planName: 'Monthly', endsOn: '2026-12-28', days: 7 }),
  planEndingTomorrow: templates.planEndingMail(appUrl, { planName: 'Monthly', endsOn: '2026-12-28', days: 1 }),
  contact: templates.contactMail({ email: 'olive@example.com', name: 'Olive Owner', company: 'Acme' }, 'Hello'),
  friendInvitation: templates.friendInvitationMail({
    senderName: 'Olive Owner',
    senderEmail: 'olive@example.com',
    link: `${appUrl}/Signup?ref=ABC`,
    unsubscribeUrl: `${appUrl}/invitations/unsubscribe?token=t`,
  }),
  teamInvitation: templates.teamInvitationMail({
    inviterEmail: 'olive@example.com',
    role: 'member',
    link: `${appUrl}/Join?token=x`,
  }),
  leadNotification: leadNotificationMail(lead, links),
  leadDigest: leadDigestMail([lead], links),
  dataRequest: dataRequestMail(`${appUrl}/app/Settings`, { customer: 'ann@example.com', orders: 2, receivedOn: '28 Nov 2026' }),
};

describe('mail subjects (issue 32, item 12)', () => {
  it.each(Object.entries(mails))('%s: says what it is about, and does not begin with the product’s name', (_name, mail) => {
    expect(mail.subject.startsWith(productName)).toBe(false);
    expect(mail.subject).not.toMatch(/^\W*quizlead\b/i);
  });

  it('keeps the words that say what each is', () => {
    expect(mails.signupToken.subject).toBe(`Your ${productName} verification token: 123456`);
    expect(mails.destinationDisabled.subject).toBe('Leads are no longer sent to Brevo');
    expect(mails.invoice.subject).toBe('Your invoice INV-1 for the Monthly plan');
    expect(mails.planEndingTomorrow.subject).toBe('Your Monthly plan ends tomorrow');
    expect(mails.contact.subject).toBe('Contact Us message from Olive Owner');
  });
});

describe('Auto-Submitted (issue 32, item 12)', () => {
  it('leaves only Contact Us, the owner’s own words, unmarked; it answers to the owner', () => {
    const notAutomatic = Object.entries(mails)
      .filter(([, mail]) => mail.automatic === false)
      .map(([name]) => name);
    expect(notAutomatic).toEqual(['contact']);
    expect(mails.contact.replyTo).toBe('olive@example.com');
  });
});

describe('the friend invitation (issue 32, items 12 and 29)', () => {
  it('names the sender by name and email, and carries a one-click unsubscribe', () => {
    const mail = mails.friendInvitation;
    expect(mail.subject).toBe(`Olive Owner invites you to try ${productName}`);
    expect(mail.text).toContain(`Olive Owner (olive@example.com) uses ${productName}`);
    expect(mail.text).toContain(`${appUrl}/invitations/unsubscribe?token=t`);
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${appUrl}/invitations/unsubscribe?token=t>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('falls back to the email alone for a sender with no name, and keeps a legacy name to one line', () => {
    const unnamed = templates.friendInvitationMail({
      senderName: '  ',
      senderEmail: 'olive@example.com',
      link: 'l',
      unsubscribeUrl: 'u',
    });
    expect(unnamed.subject).toBe(`olive@example.com invites you to try ${productName}`);
    expect(unnamed.text).toContain(`olive@example.com uses ${productName}`);
    const legacy = templates.friendInvitationMail({
      senderName: 'Olive\r\nOwner',
      senderEmail: 'o@example.com',
      link: 'l',
      unsubscribeUrl: 'u',
    });
    expect(legacy.subject).toBe(`Olive Owner invites you to try ${productName}`);
  });
});
