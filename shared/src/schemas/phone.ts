import { z } from 'zod';
import { phoneE164 } from '../phone.ts';
import { playMessages } from '../playMessages.ts';

/** A phone number as a lead form sends it: '' for none, else a valid number, kept in E.164 (shared/src/phone.ts). */
export const ZPhone = z
  .string({ error: playMessages.phoneInvalid })
  .trim()
  .max(40, playMessages.phoneInvalid)
  .default('')
  .transform((phone, ctx) => {
    if (!phone) return '';
    const e164 = phoneE164(phone);
    if (!e164) ctx.addIssue({ code: 'custom', message: playMessages.phoneInvalid });
    return e164 ?? '';
  });
