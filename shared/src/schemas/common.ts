import { z } from 'zod';
import { checkEmail, emailMaxLength } from '../email.ts';
import { limits, messages } from '../validations.ts';

/**
 * Every email field's schema: trimmed, then checked by the one rule (shared/src/email.ts), answering
 * the address with its domain in ASCII (punycode), the spelling that is stored and sent. A part
 * before the @ in another script gets its own message; anything else wrong gets `invalid`.
 */
export const ZEmailOf = (texts: { required: string; invalid: string }) =>
  z
    .string({ error: texts.required })
    .trim()
    .min(1, texts.required)
    .max(emailMaxLength * 4, texts.invalid)
    .transform((value, ctx) => {
      const checked = checkEmail(value);
      if (checked.ok) return checked.email;
      const message = checked.problem === 'localPartNotLatin' ? messages.email.localPartNotLatin : texts.invalid;
      ctx.addIssue({ code: 'custom', message, input: value });
      return z.NEVER;
    });

/** An email as typed by a person: trimmed, checked, at most 254 characters, its domain in ASCII. */
export const ZEmail = ZEmailOf({ required: messages.auth.emailRequired, invalid: messages.auth.invalidEmail });

/**
 * Control characters: C0 (line breaks, tabs, escape…), DEL, C1, and Unicode's line and paragraph
 * separators. A name never needs one, and one in a name could end a mail header line (header
 * injection) or break a CSV row; the mail layer strips them from headers as a second defence.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const controlCharacters = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * The refinement every name field uses (people, companies, a lead's name): one line of text, else a
 * 400 naming the field by `label` ("Full Name cannot contain line breaks or other control characters").
 */
export const ZSingleLine = (schema: z.ZodString, label: string) =>
  schema.refine((value) => !controlCharacters.test(value), messages.text.singleLine(label));

/**
 * A password being chosen. The cheap rules live here so every form shows them; the server also
 * refuses common passwords and ones holding the email (server/src/lib/passwordPolicy.ts).
 */
export const ZNewPassword = z
  .string({ error: messages.auth.passwordRequired })
  .min(1, messages.auth.passwordRequired)
  .min(limits.passwordMin, messages.auth.passwordTooShort)
  .max(limits.passwordMax, messages.auth.passwordTooLong)
  .refine((password) => password.trim() !== '', messages.auth.passwordBlank)
  .refine((password) => !/^(.)\1*$/su.test(password), messages.auth.passwordRepeated);

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

/** An upload's url exactly as the upload route answers it (`/files/{id}`, lowercase), capturing the id. */
export const uploadedFilePath = /^\/files\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
/** The built-in templates' illustrations, shipped with the code (server/src/templates/images). */
const templateImagePath = /^\/template-images\/[\w-]+\.svg$/;

/** The id of an upload from its url, or undefined for any other image. */
export const uploadedFileIdOf = (url: string | null | undefined): string | undefined =>
  url ? uploadedFilePath.exec(url)?.[1] : undefined;

/**
 * An image an account may show: its upload, a template illustration, or an https address. No other
 * scheme (javascript:, data:, http:), and no quote, bracket or space a CSS url("…") or markup could trip on.
 */
export function isImageRef(url: string): boolean {
  if (uploadedFilePath.test(url) || templateImagePath.test(url)) return true;
  return /^https:\/\/[^\s"'<>\\/][^\s"'<>\\]*$/.test(url) && URL.canParse(url);
}

/**
 * Every image field's schema (quizzes, wheels): null or an image ref, else `message` on the field.
 * Whether an upload is the saving account's own is checked by the server (db/queries/fileUsage.ts).
 */
export const ZImageRef = (message: string = messages.images.invalid, max: number = limits.imageUrl) =>
  z.string({ error: message }).trim().max(max, message).refine(isImageRef, message).nullable().default(null);

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
