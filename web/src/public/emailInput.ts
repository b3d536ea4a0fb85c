import { emailMaxLength } from '@quizlead/shared/email.ts';

/** What every box for a visitor's email tells the browser: an email keyboard and autofill, left to right, at most an address's length. */
export const emailInputAttributes = {
  name: 'email',
  type: 'email',
  inputMode: 'email',
  dir: 'ltr',
  autoComplete: 'email',
  maxLength: emailMaxLength,
} as const;
