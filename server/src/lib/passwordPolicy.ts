import { dictionary } from '@zxcvbn-ts/language-common';
import { messages } from '@quizlead/shared/validations.ts';
import { ValidationError } from '../errors.ts';

/**
 * The rules a new password must pass beyond ZNewPassword's cheap ones. They stay on the server:
 * the list of common passwords (about 49,000 from breach corpora, lower case) is too big for the
 * browser bundles.
 */

let common: Set<string> | undefined;
const commonPasswords = () => (common ??= new Set(dictionary['passwords-common']));

/** A local part this short is no hint at the password, and would forbid too much. */
const shortestTelling = 3;

/** The parts of `email` a password must not contain: the local part, and its part before a +tag. */
function emailNames(email: string): string[] {
  const local = email.slice(0, email.lastIndexOf('@')).toLowerCase();
  const names = [local, local.split('+')[0] ?? ''];
  return [...new Set(names)].filter((name) => name.length >= shortestTelling);
}

/** Why `password` may not be used, or undefined when it may. */
export function passwordProblem(password: string, options: { email?: string | undefined } = {}): string | undefined {
  const folded = password.trim().toLowerCase();
  if (commonPasswords().has(folded)) return messages.auth.passwordCommon;
  if (options.email && emailNames(options.email).some((name) => folded.includes(name))) return messages.auth.passwordHasEmail;
  return undefined;
}

/** Throws a 400 naming `field` when `password` may not be used. */
export function assertPasswordAllowed(password: string, options: { email?: string | undefined; field?: string } = {}): void {
  const problem = passwordProblem(password, options);
  if (problem) throw ValidationError(problem, options.field ?? 'password');
}
