import type { TQuizDetail, TQuizSettings } from '@quizlead/shared/schemas/quiz.ts';
import { useCallback, useMemo, useState } from 'react';
import { saveQuiz, setQuizStatus } from '../../api/quizzes.ts';
import { sameValue, toDraft, toInput, toQuiz } from './quizModel.ts';
import type { QuizDraft } from './quizModel.ts';

interface State {
  /** The quiz as the server last answered it. */
  saved: TQuizDetail;
  /** The tabs' edits, saved with saveQuiz. */
  draft: QuizDraft;
}

/**
 * The quiz being edited. Question, branch and image calls answer with the whole quiz; those
 * answers replace the saved copy but never the draft, so unsaved tab edits survive them.
 */
export function useQuizDraft(initial: TQuizDetail) {
  const [state, setState] = useState<State>(() => ({ saved: initial, draft: toDraft(initial) }));
  const { saved, draft } = state;

  const dirty = useMemo(() => !sameValue(draft, toDraft(saved)), [draft, saved]);
  const quiz = useMemo(() => toQuiz(draft, saved), [draft, saved]);

  const update = useCallback((patch: Partial<QuizDraft>) => {
    setState((current) => ({ ...current, draft: { ...current.draft, ...patch } }));
  }, []);

  const updateSettings = useCallback((patch: Partial<TQuizSettings>) => {
    setState((current) => ({ ...current, draft: { ...current.draft, settings: { ...current.draft.settings, ...patch } } }));
  }, []);

  /** Drops the unsaved tab edits: the draft is the saved quiz again. */
  const discard = useCallback(() => {
    setState((current) => ({ ...current, draft: toDraft(current.saved) }));
  }, []);

  /** Takes a server answer from a question, branch or status call. */
  const receive = useCallback((detail: TQuizDetail) => {
    setState((current) => ({ ...current, saved: detail }));
  }, []);

  /** Saves the draft; the stored (normalised) copy replaces it unless it was edited meanwhile. */
  const save = useCallback(async (): Promise<TQuizDetail> => {
    const sent = draft;
    const detail = await saveQuiz(saved.id, toInput(sent, saved));
    setState((current) => ({ saved: detail, draft: current.draft === sent ? toDraft(detail) : current.draft }));
    return detail;
  }, [draft, saved]);

  const setStatus = useCallback(
    async (status: TQuizDetail['status']) => {
      const detail = await setQuizStatus(saved.id, status);
      receive(detail);
      return detail;
    },
    [saved.id, receive],
  );

  return { saved, draft, quiz, dirty, update, updateSettings, discard, receive, save, setStatus };
}

export type QuizDraftApi = ReturnType<typeof useQuizDraft>;
