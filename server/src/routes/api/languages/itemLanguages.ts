import { translationsCsvMessages } from '@quizlead/shared/i18n/translationsCsvMessages.ts';
import { itemTexts, type ItemKind, type ItemShapes, type ItemText } from '@quizlead/shared/i18n/itemTexts.ts';
import type { Ability } from '@quizlead/shared/permissions.ts';
import {
  itemLanguagesOf,
  ZItemLanguages,
  ZItemLanguagesViewResponse,
  ZTranslationsImportResponse,
  type TItemLanguages,
} from '@quizlead/shared/schemas/itemLanguages.ts';
import { itemLanguagesSaver } from '../../../commands/itemLanguagesSaver.ts';
import type { Db } from '../../../db/client.ts';
import { loadQuestions } from '../../../db/queries/quizzes.ts';
import { feedbacks, polls, quizzes, wheels } from '../../../db/schema/index.ts';
import { AppError, ValidationError } from '../../../errors.ts';
import { readRawBody } from '../../../lib/rawBody.ts';
import { importTranslationsCsv, translationsCsv } from '../../../lib/translationsCsv.ts';
import { findOwnFeedback } from '../../../policies/feedback.ts';
import { findOwnPoll } from '../../../policies/poll.ts';
import { findOwnQuiz } from '../../../policies/quiz.ts';
import { findOwnWheel } from '../../../policies/wheel.ts';
import type { ApiRouter } from '../../apiRouter.ts';
import { ZEngagementParams } from '../engagement/engagementRoutes.ts';

/** The most a translations file may weigh. */
const csvMaxBytes = 2 * 1024 * 1024;
/** What browsers and spreadsheets call a CSV file they send. */
const csvTypes = ['text/csv', 'text/plain', 'application/vnd.ms-excel', 'application/csv'];

/** One kind's place for its languages: where it lives, who may read and change it, and its texts. */
interface LanguagesKind {
  kind: ItemKind;
  collection: string;
  tag: string;
  noun: string;
  read: Ability;
  write: Ability;
  table: typeof quizzes | typeof polls | typeof feedbacks | typeof wheels;
  /** The item of the caller's account (404 otherwise), its stored languages and its texts. */
  load(db: Db, accountId: string, id: string, forUpdate: boolean): Promise<{ id: string; i18n: unknown; texts: ItemText[] }>;
}

/** A poll's, web response's or wheel's place: read and changed with the engagement abilities, its texts its row's. */
function engagementLanguages<K extends Exclude<ItemKind, 'quiz'>>(
  kind: K,
  names: Pick<LanguagesKind, 'collection' | 'tag' | 'noun'>,
  table: LanguagesKind['table'],
  find: (
    db: Db,
    auth: { accountId: string },
    id: string,
    options: { forUpdate: boolean },
  ) => Promise<ItemShapes[K] & { id: string; i18n: unknown }>,
): LanguagesKind {
  return {
    kind,
    ...names,
    read: 'engagement.read',
    write: 'engagement.write',
    table,
    async load(db, accountId, id, forUpdate) {
      const item = await find(db, { accountId }, id, { forUpdate });
      return { id: item.id, i18n: item.i18n, texts: itemTexts(kind, item) };
    },
  };
}

const kinds: LanguagesKind[] = [
  {
    kind: 'quiz',
    collection: 'quizzes',
    tag: 'quizzes',
    noun: 'quiz',
    read: 'quiz.read',
    write: 'quiz.write',
    table: quizzes,
    async load(db, accountId, id, forUpdate) {
      const quiz = await findOwnQuiz(db, { accountId }, id, { forUpdate });
      const questions = await loadQuestions(db, quiz.id);
      return { id: quiz.id, i18n: quiz.i18n, texts: itemTexts('quiz', { ...quiz, questions }) };
    },
  },
  engagementLanguages('poll', { collection: 'polls', tag: 'polls', noun: 'poll' }, polls, findOwnPoll),
  engagementLanguages(
    'feedback',
    { collection: 'feedbacks', tag: 'web responses', noun: 'web response' },
    feedbacks,
    findOwnFeedback,
  ),
  engagementLanguages('wheel', { collection: 'wheels', tag: 'wheels', noun: 'wheel' }, wheels, findOwnWheel),
];

/** The imported languages checked as a save's body is (a file cannot add what a save could not). */
function parsedLanguages(languages: TItemLanguages): TItemLanguages {
  const parsed = ZItemLanguages.safeParse(languages);
  if (!parsed.success) throw ValidationError(parsed.error.issues[0]!.message);
  return parsed.data;
}

/** The languages as the builder reads them: the stored ones, with only the translations of texts the item still has. */
function view(languages: TItemLanguages, texts: ItemText[]) {
  const keys = new Set(texts.map((text) => text.key));
  const translations: TItemLanguages['translations'] = {};
  for (const language of languages.languages) {
    const entries = Object.entries(languages.translations[language] ?? {}).filter(([key]) => keys.has(key));
    if (entries.length) translations[language] = Object.fromEntries(entries);
  }
  return { languages: { ...languages, translations }, texts };
}

/**
 * Every kind's Languages place (issue 34, "The owner's words"): its languages and translations with the
 * texts to translate, saved whole; and the same texts as a CSV file for translators, exported and imported.
 */
export function itemLanguageRoutes(api: ApiRouter): void {
  for (const kind of kinds) {
    /** Saves the item's languages (a save's body or an imported file's). */
    const save = (
      deps: Parameters<typeof itemLanguagesSaver>[0],
      accountId: string,
      item: { id: string; texts: ItemText[] },
      languages: TItemLanguages,
    ) => itemLanguagesSaver(deps, { table: kind.table, accountId, itemId: item.id, texts: item.texts, languages });
    const path = `/${kind.collection}/:id`;
    const notFound = `No such ${kind.noun} in this account`;
    const tags = [kind.tag, 'languages'];
    const params = ZEngagementParams;

    api.route({
      method: 'get',
      path: `${path}/languages`,
      summary: `A ${kind.noun}’s languages and translations, with every text there is to translate`,
      tags,
      access: 'owner',
      can: kind.read,
      params,
      responses: { 200: ZItemLanguagesViewResponse, 404: notFound },
      handler: async ({ ctx, db, auth, params }) => {
        const item = await kind.load(db, auth.accountId, params.id, false);
        ctx.body = { data: view(itemLanguagesOf(item.i18n), item.texts) };
      },
    });

    api.route({
      method: 'put',
      path: `${path}/languages`,
      summary: `Save a ${kind.noun}’s default, fixed and added languages and its translations (each within its text’s limit)`,
      tags,
      access: 'owner',
      can: kind.write,
      params,
      body: ZItemLanguages,
      transaction: true,
      responses: { 200: ZItemLanguagesViewResponse, 400: 'The first field that is wrong', 404: notFound },
      handler: async ({ ctx, db, auth, params, body, changed }) => {
        const item = await kind.load(db, auth.accountId, params.id, true);
        const stored = await save({ db, changed }, auth.accountId, item, body);
        ctx.body = { data: view(stored, item.texts) };
      },
    });

    api.route({
      method: 'get',
      path: `${path}/translations.csv`,
      summary: `A ${kind.noun}’s texts as CSV for translators: key, default, then one column per added language`,
      tags,
      access: 'owner',
      can: kind.read,
      params,
      responses: { 200: 'The CSV file (attachment)', 404: notFound },
      handler: async ({ ctx, db, auth, params }) => {
        const item = await kind.load(db, auth.accountId, params.id, false);
        ctx.attachment(`${kind.kind}-${item.id}-translations.csv`);
        ctx.type = 'text/csv; charset=utf-8';
        ctx.body = translationsCsv(item.texts, itemLanguagesOf(item.i18n));
      },
    });

    api.route({
      method: 'put',
      path: `${path}/translations.csv`,
      summary: `Import a ${kind.noun}’s translations from CSV (key, default, one column per language); a bad file is refused whole, naming its row and column`,
      tags,
      access: 'owner',
      can: kind.write,
      params,
      rawBody: ['text/csv'],
      transaction: true,
      responses: {
        200: ZTranslationsImportResponse,
        400: 'The first row (and column) that is wrong',
        404: notFound,
        413: translationsCsvMessages.tooLarge,
        415: translationsCsvMessages.contentType,
      },
      handler: async ({ ctx, db, auth, params, changed }) => {
        // Another account's id is a 404 whatever it sends.
        const item = await kind.load(db, auth.accountId, params.id, true);
        const declared = ctx.get('content-type').split(';')[0]!.trim().toLowerCase();
        if (!csvTypes.includes(declared)) throw new AppError(415, 'unsupported_media_type', translationsCsvMessages.contentType);
        const bytes = await readRawBody(ctx.req, csvMaxBytes, translationsCsvMessages.tooLarge);
        let file: string;
        try {
          file = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
        } catch {
          throw ValidationError(translationsCsvMessages.unreadable);
        }
        const { languages, imported, columns } = importTranslationsCsv(file, item.texts, itemLanguagesOf(item.i18n));
        const stored = await save({ db, changed }, auth.accountId, item, parsedLanguages(languages));
        ctx.body = { data: { ...view(stored, item.texts), message: translationsCsvMessages.imported(columns, imported) } };
      },
    });
  }
}
