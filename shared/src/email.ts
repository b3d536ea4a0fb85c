/**
 * The one rule for an email address a person types, on the server and in every browser bundle (no
 * zod here, so the widgets can take it at a few hundred bytes). The part before the @ is what every
 * mail system delivers to: Latin letters, digits and . _ % + ' - (SMTPUTF8 local parts are not
 * accepted by most relays and CRMs). The domain may be in any script (bücher.de, пример.рф): it is
 * turned into its ASCII (punycode) form, which is what DNS and SMTP use and what is stored, so one
 * address has one spelling whichever way it was typed.
 */

export const emailMaxLength = 254;

const localPart = /^(?:[A-Za-z0-9_'%+-]+\.)*[A-Za-z0-9_'%+-]*[A-Za-z0-9_%+-]$/;
/** Labels of letters, digits and hyphens; the last is letters, or an internationalised (xn--) one. */
const asciiDomain = /^(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+(?:[A-Za-z]{2,}|xn--[A-Za-z0-9-]{2,})$/;
// eslint-disable-next-line no-control-regex -- anything outside ASCII
const nonAscii = /[^\u0000-\u007f]/;
/** What cannot be part of a host name, and that URL parsing would read as something else. */
const notInDomain = /[\s/\\?#@:[\]%<>"'`^|{}]/;

/**
 * The ASCII form of a domain, as node:url's domainToASCII gives it (both are WHATWG URL's host
 * parser with UTS #46 processing; URL is the one both Node and browsers have). An ASCII domain is
 * kept as typed; undefined when the domain cannot be one.
 */
export function domainToAscii(domain: string): string | undefined {
  if (!nonAscii.test(domain)) return domain;
  if (notInDomain.test(domain)) return undefined;
  try {
    return new URL(`http://${domain}/`).hostname || undefined;
  } catch {
    return undefined;
  }
}

export type EmailCheck = { ok: true; email: string } | { ok: false; problem: 'invalid' | 'localPartNotLatin' };

/** Checks a trimmed address and answers it with its domain in ASCII, or why it cannot be one. */
export function checkEmail(value: string): EmailCheck {
  const at = value.lastIndexOf('@');
  if (at <= 0 || at === value.length - 1) return { ok: false, problem: 'invalid' };
  const local = value.slice(0, at);
  if (nonAscii.test(local)) return { ok: false, problem: 'localPartNotLatin' };
  const domain = domainToAscii(value.slice(at + 1));
  const email = `${local}@${domain ?? ''}`;
  if (!domain || !localPart.test(local) || !asciiDomain.test(domain) || email.length > emailMaxLength)
    return { ok: false, problem: 'invalid' };
  return { ok: true, email };
}

/** An address as stored or sent (after checkEmail): ASCII, with a domain DNS can look up. */
export const isAsciiEmail = (value: string): boolean => {
  const checked = checkEmail(value);
  return checked.ok && checked.email === value;
};
