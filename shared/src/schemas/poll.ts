import { ZFooterLinks } from '../poweredBy.ts';
import { accountModes } from '../constants.ts';
import { z } from 'zod';
import { adPixelFields, adPixelIdFields } from './adPixels.ts';
import { pollDefaults, pollLimits, pollMessages } from '../engagement.ts';
import { ZHexColor, ZOptionalEmail, ZSubmissionId, ZEngagementStatus, listedFields } from './engagement.ts';
import { ZPage } from './lists.ts';
import { ZPublicI18n, ZVisitorLanguage } from './visitorLanguage.ts';

/** Polls: the owner's builder and lists, and the public poll (spec sections 2.6, 2.9, 3 and 5). */

const ZPollOption = z
  .string({ error: pollMessages.optionRequired })
  .trim()
  .min(1, pollMessages.optionRequired)
  .max(pollLimits.option, pollMessages.optionTooLong);

/** 2 to 4 option texts; `missing` is what an absent or empty list answers (create and update differ). */
const pollOptions = (missing: string) =>
  z
    .array(ZPollOption, { error: missing })
    .min(1, missing)
    .min(pollLimits.optionsMin, pollMessages.optionsMin)
    .max(pollLimits.optionsMax, pollMessages.optionsMax);

export const ZPollColors = z.object({
  background: ZHexColor.default(pollDefaults.colors.background),
  text: ZHexColor.default(pollDefaults.colors.text),
});
export type TPollColors = z.infer<typeof ZPollColors>;

const pollFields = {
  description: z
    .string({ error: pollMessages.descriptionRequired })
    .trim()
    .min(1, pollMessages.descriptionRequired)
    .max(pollLimits.description, pollMessages.descriptionTooLong),
  status: z.enum(ZEngagementStatus.options, { error: pollMessages.statusRequired }).default(pollDefaults.status),
  collectEmail: z.boolean().default(pollDefaults.collectEmail),
  /** Off: an email that has voted is refused (pollMessages.alreadyVoted). */
  allowRepeatVotes: z.boolean().default(pollDefaults.allowRepeatVotes),
  colors: ZPollColors.default({ ...pollDefaults.colors }),
  /** After this moment the poll takes no votes (it still shows its results). */
  expiresAt: z.iso.datetime({ offset: true, error: pollMessages.expiresAtInvalid }).nullable().default(null),
  /** Its own Meta Pixel and TikTok Pixel ids (issue 35); blank for the account's defaults. */
  ...adPixelFields,
};

export const ZCreatePollRequest = z.object({ ...pollFields, options: pollOptions(pollMessages.optionRequired) });
export type TCreatePollRequest = z.input<typeof ZCreatePollRequest>;

/** The whole poll again (PUT). Once votes exist the options must stay as they are. */
export const ZUpdatePollRequest = z.object({ ...pollFields, options: pollOptions(pollMessages.positiveOptionRequired) });
export type TUpdatePollRequest = z.input<typeof ZUpdatePollRequest>;

/** Publish or unpublish, votes or not (the list's switch). */
export const ZPollStatusRequest = z.object({
  status: z.enum(ZEngagementStatus.options, { error: pollMessages.statusRequired }),
});
export type TPollStatusRequest = z.input<typeof ZPollStatusRequest>;

export const ZPoll = z.object({
  id: z.uuid(),
  slug: z.string(),
  description: z.string(),
  options: z.array(z.string()),
  status: ZEngagementStatus,
  collectEmail: z.boolean(),
  allowRepeatVotes: z.boolean(),
  colors: z.object({ background: z.string(), text: z.string() }),
  expiresAt: z.string().nullable(),
  ...adPixelIdFields,
  /** Once above 0 the options are locked (pollMessages.votingStarted). */
  totalVotes: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TPoll = z.infer<typeof ZPoll>;
export const ZPollResponse = z.object({ data: ZPoll });

export const ZPollListRow = ZPoll.pick({ ...listedFields, totalVotes: true });
export type TPollListRow = z.infer<typeof ZPollListRow>;
export const ZPollListResponse = z.object({ data: ZPage(ZPollListRow) });

/** A row of the votes table: the option's index and text, who voted and when (ISO). */
export const ZPollVoteRow = z.object({
  id: z.uuid(),
  option: z.number().int(),
  vote: z.string(),
  email: z.string().nullable(),
  date: z.string(),
  /** The language the visitor was shown; null for submissions from before languages. */
  language: z.string().nullable(),
});
export type TPollVoteRow = z.infer<typeof ZPollVoteRow>;
export const ZPollVotesResponse = z.object({ data: ZPage(ZPollVoteRow) });

// Public poll

/** Votes and whole-number percentages per option, in the poll's option order. */
export const ZPollTally = z.object({
  total: z.number().int(),
  options: z.array(z.object({ text: z.string(), votes: z.number().int(), percentage: z.number().int() })),
});
export type TPollTally = z.infer<typeof ZPollTally>;
/** The owner's results (the votes page), the same figures as the public poll's. */
export const ZPollResultsResponse = z.object({ data: ZPollTally });

export const ZPublicPoll = z.object({
  id: z.uuid(),
  /** Free accounts' pages show the 'Powered By' footer. */
  ownerMode: z.enum(accountModes),
  /** Where that footer leads (a shop's: the App Store listing, or nowhere). */
  footerLinks: ZFooterLinks,
  slug: z.string(),
  description: z.string(),
  options: z.array(z.string()),
  colors: z.object({ background: z.string(), text: z.string() }),
  /** Ask for the email before the vote (always true in the owner's demo preview). */
  collectEmail: z.boolean(),
  /** The page was asked for with ?demo=1: send `demo: true` with the vote. */
  demo: z.boolean(),
  /** Past its expiry: show the results, take no vote. */
  closed: z.boolean(),
  results: ZPollTally,
  ...adPixelIdFields,
  /** Its languages and the owner's translations of what is shown (shared/src/i18n/itemTexts.ts localizeItem). */
  i18n: ZPublicI18n.optional(),
});
export type TPublicPoll = z.infer<typeof ZPublicPoll>;
export const ZPublicPollResponse = z.object({ data: ZPublicPoll });

export const ZPollVoteRequest = z.object({
  submissionId: ZSubmissionId,
  /** The index of the chosen option. */
  option: z
    .number({ error: pollMessages.optionInvalid })
    .int(pollMessages.optionInvalid)
    .min(0, pollMessages.optionInvalid)
    .max(pollLimits.optionsMax - 1, pollMessages.optionInvalid),
  /** Required (and checked) when the poll collects emails or `demo` is true. */
  email: ZOptionalEmail,
  demo: z.boolean().default(false),
  /** The language the visitor was shown (issue 34, contract 5); kept with the submission for reports. */
  language: ZVisitorLanguage.optional(),
});
export type TPollVoteRequest = z.input<typeof ZPollVoteRequest>;

export const ZPollVoteResult = z.object({
  message: z.string(),
  /** The option this submission counted for (on a retry: the one first sent). */
  option: z.number().int(),
  results: ZPollTally,
});
export type TPollVoteResult = z.infer<typeof ZPollVoteResult>;
export const ZPollVoteResponse = z.object({ data: ZPollVoteResult });
