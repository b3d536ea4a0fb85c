import { eq, sql } from 'drizzle-orm';
import { adminMessages } from '@quizlead/shared/admin.ts';
import { validateForPublish } from '@quizlead/shared/engine/index.ts';
import type { Db } from '../../db/client.ts';
import { templateCatalogue, type TemplateRow } from '../../db/queries/admin.ts';
import { loadQuestions } from '../../db/queries/quizzes.ts';
import { quizzes } from '../../db/schema/index.ts';
import { ValidationError } from '../../errors.ts';
import type { FileStorage } from '../../integrations/storage/fileStorage.ts';
import type { QuizRow } from '../../policies/quiz.ts';
import { recordAudit, type AuditActor } from '../auditRecorder.ts';
import { quizData } from '../quizSaver.ts';
import { templateCopier } from '../templateCopier.ts';
import { lockCatalogueOrder, templateSnapshot } from './templateCatalogue.ts';

/**
 * Copies a quiz of any account into the catalogue as its last template, kept in `accountId` (the
 * administrator's), with the addition in the audit log. The source must not be a template and must be valid
 * for publishing: otherwise a 400 on `quizId`. Returns the new template.
 */
export async function templateAdder(
  deps: { db: Db; storage: FileStorage },
  input: { source: QuizRow; accountId: string; actor: AuditActor },
): Promise<TemplateRow> {
  const { db, storage } = deps;
  const { source } = input;
  if (source.isTemplate) throw ValidationError(adminMessages.alreadyTemplate, 'quizId');
  const problem = validateForPublish({ ...quizData(source), questions: await loadQuestions(db, source.id) });
  if (problem) throw ValidationError(`${source.title || source.id}: ${problem}`, 'quizId');
  await lockCatalogueOrder(db);
  const [last] = await db
    .select({ position: sql<number | null>`max(${quizzes.templatePosition})` })
    .from(quizzes)
    .where(eq(quizzes.isTemplate, true));
  const copy = await templateCopier({ db, source, accountId: input.accountId, asTemplate: true, storage });
  await db
    .update(quizzes)
    .set({ templatePosition: (last?.position ?? -1) + 1 })
    .where(eq(quizzes.id, copy.quiz.id));
  const [template] = await templateCatalogue(db, copy.quiz.id);
  await recordAudit(db, {
    ...input.actor,
    action: 'template.add',
    targetType: 'template',
    targetId: template!.id,
    before: null,
    after: { ...templateSnapshot(template!), sourceQuizId: source.id, sourceAccountId: source.accountId },
  });
  return template!;
}
