import { z } from 'zod';
import { messages } from '../validations.ts';
import { ZCompanyUrl, ZId, ZNewPassword } from './common.ts';
import { ZCompanyName, ZFullName } from './auth.ts';

export const ZProfile = z.object({
  fullName: z.string(),
  email: z.string(),
  companyName: z.string(),
  companyUrl: z.string(),
  companyLogoUrl: z.string().nullable(),
  usertype: z.string(),
});
export type TProfile = z.infer<typeof ZProfile>;

export const ZProfileResponse = z.object({ data: ZProfile });

export const ZUpdateProfileRequest = z.object({
  fullName: ZFullName,
  companyName: ZCompanyName,
  companyUrl: ZCompanyUrl.default(''),
  /** An uploaded file's id to use as the company logo, null to remove it, absent to keep it. */
  companyLogoId: ZId.nullable().optional(),
});
export type TUpdateProfileRequest = z.input<typeof ZUpdateProfileRequest>;

export const ZChangePasswordRequest = z
  .object({
    currentPassword: z
      .string({ error: messages.account.currentPasswordRequired })
      .min(1, messages.account.currentPasswordRequired),
    newPassword: z
      .string({ error: messages.account.newPasswordEmpty })
      .min(1, messages.account.newPasswordEmpty)
      .pipe(ZNewPassword),
    confirmPassword: z.string({ error: messages.account.passwordsDiffer }),
  })
  .refine((body) => body.newPassword === body.confirmPassword, {
    message: messages.account.passwordsDiffer,
    path: ['confirmPassword'],
  });
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

export const ZUploadedFile = z.object({
  id: z.string(),
  url: z.string(),
  contentType: z.string(),
  bytes: z.number(),
});
export const ZUploadedFileResponse = z.object({ data: ZUploadedFile });
export type TUploadedFile = z.infer<typeof ZUploadedFile>;
