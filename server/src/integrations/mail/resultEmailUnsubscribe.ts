import type { VisitorLanguage } from '@quizlead/shared/i18n/languages.ts';
import { signLinkToken, verifyLinkToken } from '../../lib/linkToken.ts';

/**
 * The unsubscribe link of a result email to a respondent (RFC 8058 one-click, issue 35): a token naming
 * the account and the respondent's address (lib/linkToken.ts), so nobody can opt out an address they
 * were not sent a result email for, and the wish is kept for that account only.
 */

const tokenPurpose = 'quizlead-result-email-unsubscribe-v1';

export const resultEmailUnsubscribePath = '/results/unsubscribe';

export interface ResultEmailUnsubscribeClaims {
  accountId: string;
  /** Lower-cased: the same wish however the respondent typed it. */
  email: string;
}

export const resultEmailUnsubscribeToken = (secret: string, claims: ResultEmailUnsubscribeClaims): string =>
  signLinkToken(secret, tokenPurpose, JSON.stringify([claims.accountId, claims.email.toLowerCase()]));

/** The claims of a token this server signed; undefined for anything else. */
export function verifyResultEmailUnsubscribeToken(secret: string, token: string): ResultEmailUnsubscribeClaims | undefined {
  const payload = verifyLinkToken(secret, tokenPurpose, token);
  if (!payload) return undefined;
  try {
    const [accountId, email] = JSON.parse(payload) as unknown[];
    return typeof accountId === 'string' && typeof email === 'string' && email.includes('@') ? { accountId, email } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The link in the mail and its List-Unsubscribe header. `lang` is the mail's language, for the page's words
 * only: it is not signed, as a visitor who changes it changes nothing but the language they read.
 */
export const resultEmailUnsubscribeUrl = (
  appUrl: string,
  secret: string,
  claims: ResultEmailUnsubscribeClaims,
  language: VisitorLanguage,
): string =>
  `${appUrl.replace(/\/$/, '')}${resultEmailUnsubscribePath}?token=${encodeURIComponent(resultEmailUnsubscribeToken(secret, claims))}&lang=${language}`;
