import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TCategory, TPersonality, TQuizSettings } from '@quizlead/shared/schemas/quiz.ts';
import type { QuizType } from '@quizlead/shared/quizzes.ts';
import { accountIdColumn } from './columns.ts';
import type { TPrizeSettings } from '@quizlead/shared/schemas/prizes.ts';

/**
 * A quiz. Its settings, outcomes and branches are JSONB validated by the shared zod schemas
 * (and normalised so no field of another quiz type stays behind); questions have their own table.
 */
export const quizzes = pgTable(
  'quizzes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountIdColumn(),
    title: text('title').notNull().default(''),
    quizType: text('quiz_type').$type<QuizType>().notNull(),
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    slug: text('slug').notNull().default(''),
    /** Listed in the template chooser for every account. */
    isTemplate: boolean('is_template').notNull().default(false),
    /** The template chooser's order (ascending, then title); set by administrators. */
    templatePosition: integer('template_position').notNull().default(0),
    /** A retired template stays in its account but leaves the chooser. */
    templateRetiredAt: timestamp('template_retired_at', { withTimezone: true }),
    /** Made by copying a template (the list marks it with an asterisk). */
    fromTemplate: boolean('from_template').notNull().default(false),
    settings: jsonb('settings').$type<TQuizSettings>().notNull(),
    personalities: jsonb('personalities').$type<TPersonality[]>().notNull().default([]),
    categories: jsonb('categories').$type<TCategory[]>().notNull().default([]),
    branching: jsonb('branching')
      .$type<{ enabled: boolean; branches: { questionId: string; answerId: string; to: string }[] }>()
      .notNull()
      .default({ enabled: false, branches: [] }),
    /** Finished plays, kept by the player (for the list's Played column). */
    completedPlays: integer('completed_plays').notNull().default(0),
    /** The products the quiz ends in, per outcome or by rules (shared/src/schemas/recommendations.ts). */
    productRecommendations: jsonb('product_recommendations').$type<Record<string, unknown>>().notNull().default({ mode: 'off' }),
    /** A unique Shopify code per outcome key (shared/src/schemas/prizes.ts), given with the lead. */
    outcomePrizes: jsonb('outcome_prizes').$type<Record<string, TPrizeSettings>>().notNull().default({}),
    /** Its languages and the owner's translations (shared/src/schemas/itemLanguages.ts; `{}` reads as English only). */
    i18n: jsonb('i18n').$type<Record<string, unknown>>().notNull().default({}),
    /** One line for template cards. */
    description: text('description').notNull().default(''),
    image: text('image'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (table) => [
    index('quizzes_account_id_created_at_idx').on(table.accountId, table.createdAt),
    index('quizzes_templates_idx')
      .on(table.quizType)
      .where(sql`${table.isTemplate}`),
    check('quizzes_status_check', sql`${table.status} in ('draft', 'published')`),
  ],
);

/** The column of a row that belongs to one quiz (its questions, plays, stats): removed with the quiz. */
export function quizIdColumn() {
  return uuid('quiz_id')
    .notNull()
    .references(() => quizzes.id, { onDelete: 'cascade' });
}
