import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TPrizeSettings } from '@quizlead/shared/schemas/prizes.ts';
import { inboxOf } from '../oncePerEmail.ts';
import { accountIdColumn } from './columns.ts';

/**
 * The three engagement kinds besides quizzes: polls, web responses (feedback widgets) and
 * spin-to-win wheels, each with the submissions visitors make. Submission ids come from the
 * visitor's browser, so a retried request never counts twice.
 */

/** An item's own columns: its id, its account, and when it was made and last saved. */
const itemColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: accountIdColumn(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** Its languages and the owner's translations (shared/src/schemas/itemLanguages.ts; `{}` reads as English only). */
  i18n: jsonb('i18n').$type<Record<string, unknown>>().notNull().default({}),
  /** Its own Meta Pixel and TikTok Pixel ids (issue 35); '' for the account's defaults (accounts.metaPixelId…). */
  metaPixelId: text('meta_pixel_id').notNull().default(''),
  tiktokPixelId: text('tiktok_pixel_id').notNull().default(''),
});

/** A submission's own columns: the browser's id for it (unique within its item), its account and its time. */
const submissionColumns = () => ({
  id: uuid('id').notNull(),
  accountId: accountIdColumn(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** The language the visitor was shown (a VisitorLanguage), when their browser sent it. */
  language: text('language'),
});

export const polls = pgTable(
  'polls',
  {
    ...itemColumns(),
    slug: text('slug').notNull().default(''),
    description: text('description').notNull(),
    options: jsonb('options').$type<string[]>().notNull(),
    published: boolean('published').notNull().default(true),
    collectEmail: boolean('collect_email').notNull().default(true),
    /** Without it, an email votes once in a poll. */
    allowRepeatVotes: boolean('allow_repeat_votes').notNull().default(false),
    colors: jsonb('colors').$type<{ background: string; text: string }>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [index('polls_account_created_idx').on(table.accountId, table.createdAt)],
);

export const pollVotes = pgTable(
  'poll_votes',
  {
    pollId: uuid('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    ...submissionColumns(),
    optionIndex: integer('option_index').notNull(),
    email: text('email'),
  },
  (table) => [
    primaryKey({ columns: [table.pollId, table.id] }),
    index('poll_votes_poll_option_idx').on(table.pollId, table.optionIndex),
    index('poll_votes_poll_email_idx').on(table.pollId, sql`lower(${table.email})`),
    index('poll_votes_account_created_idx').on(table.accountId, table.createdAt),
  ],
);

export const feedbacks = pgTable(
  'feedbacks',
  {
    ...itemColumns(),
    title: text('title').notNull(),
    feelingType: text('feeling_type', { enum: ['emotion', 'star', 'thumb', 'scale'] }).notNull(),
    question: text('question').notNull(),
    /** The widget's colour, or null for the default look. */
    customColor: text('custom_color'),
    collectEmail: boolean('collect_email').notNull().default(false),
  },
  (table) => [
    index('feedbacks_account_created_idx').on(table.accountId, table.createdAt),
    check('feedbacks_feeling_type_check', sql`${table.feelingType} in ('emotion', 'star', 'thumb', 'scale')`),
  ],
);

export const feedbackResponses = pgTable(
  'feedback_responses',
  {
    feedbackId: uuid('feedback_id')
      .notNull()
      .references(() => feedbacks.id, { onDelete: 'cascade' }),
    ...submissionColumns(),
    /** The feeling type the widget had when this was sent. */
    feelingType: text('feeling_type').notNull(),
    /** What the visitor picked: 'Happy', '4*', 'Thumbs Up', '3'… */
    value: text('value').notNull(),
    email: text('email'),
  },
  (table) => [
    primaryKey({ columns: [table.feedbackId, table.id] }),
    index('feedback_responses_feedback_created_idx').on(table.feedbackId, table.createdAt),
    index('feedback_responses_account_created_idx').on(table.accountId, table.createdAt),
  ],
);

export interface WheelOption {
  text: string;
  /** Relative chance of winning; every option with a positive weight can win. */
  weight: number;
  /** Shown to the visitor who lands on this option. */
  prizeCode: string;
  /** A unique Shopify code for each winner instead (issue 16; wheels saved before it have none). */
  prize?: TPrizeSettings | null;
}

export const wheels = pgTable(
  'wheels',
  {
    ...itemColumns(),
    slug: text('slug').notNull().default(''),
    description: text('description').notNull(),
    options: jsonb('options').$type<WheelOption[]>().notNull(),
    published: boolean('published').notNull().default(true),
    collectEmail: boolean('collect_email').notNull().default(true),
    /** Without it, an email spins a wheel once. */
    allowRepeatSpins: boolean('allow_repeat_spins').notNull().default(false),
    /**
     * For that once, an email's inbox counts (name+tag@ is name@, Gmail's dots ignored). The API makes
     * new wheels with it on; wheels made before it existed keep comparing addresses.
     */
    ignoreEmailTags: boolean('ignore_email_tags').notNull().default(false),
    playButtonType: text('play_button_type', { enum: ['text', 'image'] })
      .notNull()
      .default('text'),
    playButtonText: text('play_button_text').notNull().default('Spin'),
    playButtonImage: text('play_button_image'),
    /** The form before a spin asks for an optional phone, with its SMS consent box (issue 33). */
    askPhone: boolean('ask_phone').notNull().default(false),
    smsConsentText: text('sms_consent_text').notNull().default(''),
    /** "Email the prize" (issue 35): to a visitor who ticked the form's "Email me my result"; '' for the defaults. */
    resultEmail: boolean('result_email').notNull().default(false),
    resultEmailSubject: text('result_email_subject').notNull().default(''),
    resultEmailBody: text('result_email_body').notNull().default(''),
  },
  (table) => [
    index('wheels_account_created_idx').on(table.accountId, table.createdAt),
    check('wheels_play_button_type_check', sql`${table.playButtonType} in ('text', 'image')`),
  ],
);

export const wheelSpins = pgTable(
  'wheel_spins',
  {
    wheelId: uuid('wheel_id')
      .notNull()
      .references(() => wheels.id, { onDelete: 'cascade' }),
    ...submissionColumns(),
    email: text('email'),
    /** The optional phone of the form before the spin, in E.164, and its SMS consent box. */
    phone: text('phone'),
    smsConsent: boolean('sms_consent').notNull().default(false),
    optionIndex: integer('option_index').notNull(),
    /** The option's text when it was drawn. */
    result: text('result').notNull(),
    prizeCode: text('prize_code'),
    /** The A/B test running when the visitor spun and the variant of odds drawn from ('a' the original). */
    experimentId: uuid('experiment_id'),
    variant: text('variant'),
  },
  (table) => [
    primaryKey({ columns: [table.wheelId, table.id] }),
    index('wheel_spins_experiment_idx')
      .on(table.experimentId, table.variant)
      .where(sql`${table.experimentId} is not null`),
    index('wheel_spins_wheel_email_idx').on(table.wheelId, sql`lower(${table.email})`),
    index('wheel_spins_wheel_inbox_idx').on(table.wheelId, inboxOf(table.email)),
    index('wheel_spins_account_created_idx').on(table.accountId, table.createdAt),
  ],
);
