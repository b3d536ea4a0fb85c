import { ZFooterLinks } from '../poweredBy.ts';
import { accountModes } from '../constants.ts';
import { z } from 'zod';
import { adPixelFields, adPixelIdFields } from './adPixels.ts';
import { playButtonTypes, engagementLimits, wheelDefaults, wheelLimits, wheelMessages } from '../engagement.ts';
import { quizDefaults, quizLimits } from '../quizzes.ts';
import { ZImageRef, ZSingleLine } from './common.ts';
import { ZPhone } from './phone.ts';
import { ZVisitorId } from './experiments.ts';
import { prizeMessages, ZPrizePool, ZPrizeSettings } from './prizes.ts';
import { ZOptionalEmail, ZSubmissionId, ZEngagementStatus, listedFields } from './engagement.ts';
import { ZPage } from './lists.ts';
import { ZPublicI18n, ZVisitorLanguage } from './visitorLanguage.ts';

/** Wheel spinners: the builder, the lists and the public wheel (spec sections 2.7, 2.9, 3, 5 and 9). */

export const ZWheelOption = z.object({
  text: z
    .string({ error: wheelMessages.optionRequired })
    .trim()
    .min(1, wheelMessages.optionRequired)
    .max(wheelLimits.option, wheelMessages.optionTooLong),
  /** Relative chance of landing on this option. */
  weight: z
    .number({ error: wheelMessages.weightInvalid })
    .positive(wheelMessages.weightInvalid)
    .max(wheelLimits.weightMax, wheelMessages.weightInvalid)
    .default(wheelDefaults.weight),
  /** Shown to the visitor who lands on this option ('' for none). */
  prizeCode: z.string().trim().max(wheelLimits.prizeCode, wheelMessages.prizeCodeTooLong).default(wheelDefaults.prizeCode),
  /** A unique single-use Shopify code for each winner of this option (Shopify shops only), instead of `prizeCode`. */
  prize: ZPrizeSettings.nullable().default(null),
});
export type TWheelOption = z.infer<typeof ZWheelOption>;
export type TWheelOptionInput = z.input<typeof ZWheelOption>;

/** An uploaded image (/files/{id}) or an https address. */
const ZPlayButtonImage = ZImageRef(wheelMessages.playButtonImageInvalid, engagementLimits.imageUrl);

/** New wheels treat tagged addresses as one (wheels made before the setting existed do not). */
export const wheelIgnoreEmailTagsDefault = true;

/** Gmail delivers name.with.dots@ and namewithdots@ (and @googlemail.com) to one inbox. */
const gmailDomains = ['gmail.com', 'googlemail.com'];

/**
 * The inbox an email reaches, for a wheel's one spin per email when it ignores tags: lower case, the name
 * cut at its first +, and for Gmail without dots, so sam+1@x.com, Sam+2@X.com and sam@x.com spin once.
 * The database computes the same in SQL (server/src/db/oncePerEmail.ts, sameInbox); keep them alike.
 */
export function emailInbox(email: string): string {
  const at = email.indexOf('@');
  const local = email.slice(0, at).toLowerCase();
  const domain = email.slice(at + 1).toLowerCase();
  const name = local.split('+')[0] || local;
  return gmailDomains.includes(domain) ? `${name.replaceAll('.', '')}@gmail.com` : `${name}@${domain}`;
}

/** Create and update (PUT) take the whole wheel. */
export const ZWheelRequest = z
  .object({
    description: z
      .string({ error: wheelMessages.descriptionRequired })
      .trim()
      .min(1, wheelMessages.descriptionRequired)
      .max(wheelLimits.description, wheelMessages.descriptionTooLong),
    options: z
      .array(ZWheelOption, { error: wheelMessages.optionsMin })
      .min(wheelLimits.optionsMin, wheelMessages.optionsMin)
      .max(wheelLimits.optionsMax, wheelMessages.optionsMax),
    status: z.enum(ZEngagementStatus.options, { error: wheelMessages.statusRequired }).default(wheelDefaults.status),
    collectEmail: z.boolean().default(wheelDefaults.collectEmail),
    /** Without it, one email spins the wheel once. */
    allowRepeatSpins: z.boolean().default(wheelDefaults.allowRepeatSpins),
    /** For that once: name+tag@domain counts as name@domain, and Gmail's dots are ignored (emailInbox). */
    ignoreEmailTags: z.boolean().default(wheelIgnoreEmailTagsDefault),
    playButtonType: z.enum(playButtonTypes).default(wheelDefaults.playButtonType),
    /** An empty text falls back to 'Spin'. */
    playButtonText: z
      .string()
      .trim()
      .max(wheelLimits.playButtonText, wheelMessages.playButtonTextTooLong)
      .default(wheelDefaults.playButtonText)
      .transform((text) => text || wheelDefaults.playButtonText),
    playButtonImage: ZPlayButtonImage,
    /** With emails collected: an optional phone field before the spin, with its own unticked SMS consent box. */
    askPhone: z.boolean().default(false),
    /** The SMS consent checkbox's legal text. */
    smsConsentText: z
      .string()
      .trim()
      .max(quizLimits.smsConsentText, `At most ${quizLimits.smsConsentText} characters`)
      .default(quizDefaults.smsConsentText),
    /** "Email the prize" (issue 35): sent to a visitor who ticks "Email me my result" before the spin. */
    resultEmail: z.boolean().default(false),
    /** '' for the default in the visitor's language. */
    resultEmailSubject: ZSingleLine(
      z.string().trim().max(quizLimits.resultEmailSubject, `At most ${quizLimits.resultEmailSubject} characters`),
      'Subject',
    ).default(''),
    resultEmailBody: z
      .string()
      .trim()
      .max(quizLimits.resultEmailBody, `At most ${quizLimits.resultEmailBody} characters`)
      .default(''),
    /** Its own Meta Pixel and TikTok Pixel ids (issue 35); blank for the account's defaults. */
    ...adPixelFields,
  })
  .superRefine((wheel, ctx) => {
    if (wheel.playButtonType === 'image' && !wheel.playButtonImage) {
      ctx.addIssue({ code: 'custom', message: wheelMessages.playButtonImageRequired, path: ['playButtonImage'] });
    }
    for (const [index, option] of wheel.options.entries()) {
      if (option.prize && option.prizeCode) {
        ctx.addIssue({ code: 'custom', message: prizeMessages.staticOrUnique, path: ['options', index, 'prizeCode'] });
      }
    }
    // One code per email is what keeps a visitor from collecting codes.
    if (!wheel.collectEmail && wheel.options.some((option) => option.prize)) {
      ctx.addIssue({ code: 'custom', message: prizeMessages.collectEmail, path: ['collectEmail'] });
    }
  });
export type TWheelRequest = z.input<typeof ZWheelRequest>;
export type TWheelData = z.infer<typeof ZWheelRequest>;

export const ZWheel = z.object({
  id: z.uuid(),
  slug: z.string(),
  description: z.string(),
  options: z.array(
    z.object({
      text: z.string(),
      weight: z.number(),
      prizeCode: z.string(),
      prize: ZPrizeSettings.nullable(),
      /** The unique codes' pool, for an option with a `prize`. */
      prizePool: ZPrizePool.nullable(),
    }),
  ),
  status: ZEngagementStatus,
  collectEmail: z.boolean(),
  allowRepeatSpins: z.boolean(),
  ignoreEmailTags: z.boolean(),
  playButtonType: z.enum(playButtonTypes),
  playButtonText: z.string(),
  playButtonImage: z.string().nullable(),
  askPhone: z.boolean(),
  smsConsentText: z.string(),
  resultEmail: z.boolean(),
  resultEmailSubject: z.string(),
  resultEmailBody: z.string(),
  ...adPixelIdFields,
  totalSpins: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TWheel = z.infer<typeof ZWheel>;
export const ZWheelResponse = z.object({ data: ZWheel });

export const ZWheelListRow = ZWheel.pick({ ...listedFields, totalSpins: true });
export type TWheelListRow = z.infer<typeof ZWheelListRow>;
export const ZWheelListResponse = z.object({ data: ZPage(ZWheelListRow) });

/** A row of the spins table: who spun, what they won and when (ISO). */
export const ZWheelSpinRow = z.object({
  id: z.uuid(),
  optionIndex: z.number().int(),
  email: z.string().nullable(),
  result: z.string(),
  prizeCode: z.string().nullable(),
  /** The spin won a unique Shopify code and has none yet (the pool was empty): the visitor is still owed one. */
  prizePending: z.boolean(),
  date: z.string(),
  /** The language the visitor was shown; null for submissions from before languages. */
  language: z.string().nullable(),
});
export type TWheelSpinRow = z.infer<typeof ZWheelSpinRow>;
export const ZWheelSpinsResponse = z.object({ data: ZPage(ZWheelSpinRow) });

// Public wheel

/** What a visitor sees: option texts only (weights and prize codes stay on the server). */
export const ZPublicWheel = z.object({
  id: z.uuid(),
  /** Free accounts' pages show the 'Powered By' footer. */
  ownerMode: z.enum(accountModes),
  /** Where that footer leads (a shop's: the App Store listing, or nowhere). */
  footerLinks: ZFooterLinks,
  slug: z.string(),
  description: z.string(),
  options: z.array(z.string()),
  collectEmail: z.boolean(),
  /** The form before the spin asks for an optional phone (only with emails collected), with this SMS consent text. */
  askPhone: z.boolean(),
  smsConsentText: z.string(),
  /** The wheel emails the prize: the form shows "Email me my result". */
  resultEmail: z.boolean(),
  playButtonType: z.enum(playButtonTypes),
  playButtonText: z.string(),
  playButtonImage: z.string().nullable(),
  /** Reveal the winner this long after the spin starts. */
  revealDelayMs: z.number().int(),
  ...adPixelIdFields,
  /** Its languages and the owner's translations of what is shown (shared/src/i18n/itemTexts.ts localizeItem). */
  i18n: ZPublicI18n.optional(),
});
export type TPublicWheel = z.infer<typeof ZPublicWheel>;
export const ZPublicWheelResponse = z.object({ data: ZPublicWheel });

export const ZSpinRequest = z.object({
  submissionId: ZSubmissionId,
  /** Required (and checked) when the wheel collects emails. */
  email: ZOptionalEmail,
  /** The browser's lasting visitor id: an A/B test of the odds draws the same visitor from the same variant. */
  visitorId: ZVisitorId.optional(),
  /** Optional, when the wheel asks for a phone: kept in E.164. */
  phone: ZPhone,
  /** The separate SMS consent checkbox, for that phone. */
  smsConsent: z.boolean().default(false),
  /** The optional "Email me my result" box (issue 35), shown when the wheel emails the prize. */
  emailResult: z.boolean().default(false),
  /** The language the visitor was shown (issue 34, contract 5); kept with the submission for reports. */
  language: ZVisitorLanguage.optional(),
});
export type TSpinRequest = z.input<typeof ZSpinRequest>;

/** The server's draw: the page animates to `optionIndex`. */
export const ZSpinResult = z.object({
  optionIndex: z.number().int(),
  result: z.string(),
  /** The option's static code, or the unique Shopify code given to this visitor. */
  prizeCode: z.string().nullable(),
  /**
   * The option gives unique codes and none was ready: the spin stands, and sending it again (the same
   * submissionId) answers the code once the pool has one.
   */
  prizePending: z.boolean(),
  /** When the unique code stops working (ISO), if it expires. */
  prizeExpiresAt: z.string().nullable(),
  /** This email had already spun (and repeats are off): the answer is that first spin. */
  repeated: z.boolean(),
  /**
   * The prize's worth, for the owner's ad pixels (issue 35): a fixed amount off a unique code, in the
   * shop's currency (ISO 4217) when it is known; null otherwise.
   */
  prizeValue: z.object({ amount: z.number(), currency: z.string() }).nullable(),
});
export type TSpinResult = z.infer<typeof ZSpinResult>;
export const ZSpinResponse = z.object({ data: ZSpinResult });
