import { validateQuestion } from '@quizlead/shared/engine/index.ts';
import { quizMessages } from '@quizlead/shared/quizzes.ts';
import type { TBranch, TQuestion, TQuizDetail } from '@quizlead/shared/schemas/quiz.ts';
import { useState } from 'react';
import { ApiError, errorNotice } from '../../../api/client.ts';
import { deleteQuestion, saveBranches, saveQuestions } from '../../../api/quizzes.ts';
import { useShowToast } from '../../../toast.ts';
import type { QuizDraftApi } from '../useQuizDraft.ts';

/** Why a question was not saved; `onKey`: the message belongs on its "Send as" field. */
export interface QuestionProblem {
  message: string;
  onKey: boolean;
}

/** The question list's server calls; each answers with the whole quiz, which replaces the saved copy. */
export function useQuestionActions(editor: QuizDraftApi) {
  const showToast = useShowToast();
  const [busy, setBusy] = useState(false);
  const { saved } = editor;

  async function run(call: () => Promise<TQuizDetail>, success: string): Promise<boolean> {
    setBusy(true);
    try {
      editor.receive(await call());
      showToast(success);
      return true;
    } catch (error) {
      showToast(errorNotice(error), { error: true });
      return false;
    } finally {
      setBusy(false);
    }
  }

  /** Checks and saves one question; resolves to the problem to show, or null when saved. */
  async function saveQuestion(question: TQuestion): Promise<QuestionProblem | null> {
    const existing = saved.questions.find((candidate) => candidate.id === question.id);
    if (existing && saved.status === 'published' && existing.kind !== question.kind) {
      return { message: quizMessages.questionTypeLocked, onKey: false };
    }
    const message = validateQuestion(question, editor.draft.quizType);
    if (message) return { message, onKey: false };
    const questions = existing
      ? saved.questions.map((candidate) => (candidate.id === question.id ? question : candidate))
      : [...saved.questions, question];
    setBusy(true);
    try {
      // Answers may point at personalities or categories added since the last save: store those first.
      if (editor.dirty) await editor.save();
      editor.receive(await saveQuestions(saved.id, questions));
      showToast(quizMessages.questionSaved);
      return null;
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'validation')) return { message: errorNotice(error), onKey: false };
      // The server names the question whose "Send as" it refused: `questions.N.propertyKey`.
      const onKey = error.field === `questions.${questions.indexOf(question)}.propertyKey`;
      return { message: error.message, onKey };
    } finally {
      setBusy(false);
    }
  }

  const remove = (questionId: string) => run(() => deleteQuestion(saved.id, questionId), quizMessages.questionDeleted);

  function move(index: number, delta: -1 | 1) {
    const questions = [...saved.questions];
    const [moved] = questions.splice(index, 1);
    if (!moved) return Promise.resolve(false);
    questions.splice(index + delta, 0, moved);
    return run(() => saveQuestions(saved.id, questions), 'Question order saved');
  }

  const setBranching = (enabled: boolean) =>
    run(
      () => saveBranches(saved.id, { enabled, branches: enabled ? saved.branching.branches : [] }),
      enabled ? 'Logic branching is on' : 'Logic branching is off',
    );

  /** Replaces the rules that leave one question. */
  function saveBranchesOf(questionId: string, rules: TBranch[]) {
    const others = saved.branching.branches.filter((branch) => branch.questionId !== questionId);
    return run(() => saveBranches(saved.id, { enabled: true, branches: [...others, ...rules] }), 'Branches saved');
  }

  return { busy, saveQuestion, remove, move, setBranching, saveBranchesOf };
}
