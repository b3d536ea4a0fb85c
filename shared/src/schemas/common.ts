import { z } from 'zod';
import { limits, messages } from '../validations.ts';

/** An email as typed by a person: trimmed, checked, at most 254 characters. */
export const ZEmail = z
  .string({ error: messages.auth.emailRequired })
  .trim()
  .min(1, messages.auth.emailRequired)
  .max(limits.email, messages.auth.invalidEmail)
  .pipe(z.email({ error: messages.auth.invalidEmail }));

export const ZNewPassword = z
  .string({ error: messages.auth.passwordRequired })
  .min(1, messages.auth.passwordRequired)
  .min(limits.passwordMin, messages.auth.passwordTooShort)
  .max(limits.passwordMax, messages.auth.passwordTooLong);

/** Company urls get https:// when they start with neither http:// nor https://. */
export function normalizeCompanyUrl(value: string): string {
  const url = value.trim();
  if (url === '') return '';
  return /^https?:\/\//i.test(url) ? url : `https://${url}`;
}

export const ZCompanyUrl = z
  .string()
  .trim()
  .max(limits.companyUrl, messages.account.companyUrlInvalid)
  .transform(normalizeCompanyUrl)
  .refine((url) => url === '' || URL.canParse(url), messages.account.companyUrlInvalid);

export const ZId = z.uuid({ error: 'Invalid id' });

/** What went wrong, in the error envelope's `code`. */
export const apiErrorCodes = [
  'validation',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'payload_too_large',
  'unsupported_media_type',
  'internal',
] as const;
export type TApiErrorCode = (typeof apiErrorCodes)[number];

/** The error envelope every failed API call answers with. */
export const ZApiError = z.object({
  error: z.object({
    code: z.enum(apiErrorCodes),
    message: z.string(),
    field: z.string().optional(),
  }),
});
export type TApiError = z.infer<typeof ZApiError>;
