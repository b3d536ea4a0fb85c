import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TAnswer } from '@quizlead/shared/schemas/quiz.ts';
import type { QuestionKind } from '@quizlead/shared/quizzes.ts';
import { accountIdColumn } from './columns.ts';
import { quizIdColumn } from './quizzes.ts';

/** A quiz's questions in order. Ids come from the builder, unique within their quiz. */
export const questions = pgTable(
  'questions',
  {
    quizId: quizIdColumn(),
    id: uuid('id').notNull(),
    accountId: accountIdColumn(),
    position: integer('position').notNull(),
    kind: text('kind').$type<QuestionKind>().notNull(),
    title: text('title').notNull(),
    image: text('image'),
    categoryId: text('category_id'),
    /** '' for the default key (a slug of the title). */
    propertyKey: text('property_key').notNull().default(''),
    segment: boolean('segment').notNull().default(false),
    answers: jsonb('answers').$type<TAnswer[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.quizId, table.id] }),
    index('questions_account_id_idx').on(table.accountId),
    index('questions_quiz_position_idx').on(table.quizId, table.position),
  ],
);
