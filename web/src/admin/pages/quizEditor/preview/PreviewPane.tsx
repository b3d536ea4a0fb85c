import { BlockStack, Card, InlineStack, Text } from '@shopify/polaris';
import type { TPreviewScreen, TPreviewShow } from '@quizlead/shared/builderPreview.ts';
import {
  computeResult,
  isAnswered,
  picksNeeded,
  resultSummary,
  togglePick,
  visibleLength,
} from '@quizlead/shared/engine/index.ts';
import type { TPlayAnswers, TQuizTab } from '@quizlead/shared/engine/index.ts';
import { footerLinksFor } from '@quizlead/shared/poweredBy.ts';
import { publicQuizOf } from '@quizlead/shared/publicQuiz.ts';
import { typeTraits } from '@quizlead/shared/quizzes.ts';
import type { TQuestion, TQuiz } from '@quizlead/shared/schemas/quiz.ts';
import { memo, useCallback, useMemo, useState } from 'react';
import { PlayerFrame } from './PlayerFrame.tsx';
import { SearchSnippet } from './SearchSnippet.tsx';
import { isEmbedded } from '../../../shell.ts';

/**
 * Which question the Design preview shows: a listed one by id, so it always shows the stored copy and
 * falls back to the first question once that one is deleted, or the question form's working copy.
 */
export type PreviewFocus = { kind: 'listed'; id: string } | { kind: 'form'; question: TQuestion };

interface Props {
  quiz: TQuiz;
  tab: TQuizTab;
  /** The question hovered in the list or being edited; null: the first one. */
  focus: PreviewFocus | null;
  companyLogoUrl: string | null;
  free: boolean;
}

const captions: Record<TQuizTab, string> = {
  settings: 'Welcome screen',
  design: 'Question',
  lead: 'Lead form',
  outcome: 'Result',
  advanced: 'Search result',
};

/** Picks made in the preview, else each question's first answers: a play the result screen can score. */
function sampleAnswers(questions: readonly TQuestion[], picks: TPlayAnswers): TPlayAnswers {
  const answers: Record<string, readonly string[]> = {};
  for (const question of questions) {
    const own = picks[question.id] ?? [];
    answers[question.id] = isAnswered(question, own)
      ? own
      : question.answers.slice(0, picksNeeded(question)).map((answer) => answer.id);
  }
  return answers;
}

/**
 * The question to show and its place (1-based) among `total`. Only the form's copy of a question not in
 * the list yet counts as one more, at the end: a listed question that is gone is not shown at all.
 */
export function focusedQuestion(
  questions: readonly TQuestion[],
  focus: PreviewFocus | null,
): { question: TQuestion; number: number; total: number } | null {
  if (focus?.kind === 'form') {
    const index = questions.findIndex((candidate) => candidate.id === focus.question.id);
    return index >= 0
      ? { question: focus.question, number: index + 1, total: questions.length }
      : { question: focus.question, number: questions.length + 1, total: questions.length + 1 };
  }
  const index = focus ? questions.findIndex((candidate) => candidate.id === focus.id) : -1;
  const shown = questions[Math.max(index, 0)];
  return shown ? { question: shown, number: Math.max(index, 0) + 1, total: questions.length } : null;
}

/** What the preview says where a visitor would see nothing (spec: builder-widgets-shell.md §2.6). */
export const previewNotes = {
  noQuestion: 'Add a question to see it here.',
  emailOff: 'Email collection is off: players go straight to their result.',
  landingPage: (url: string) => `Players are sent to your landing page: ${url || 'no url yet'}`,
  questionTitle: 'Your question appears here.',
  answerText: (number: number) => `Answer ${number}`,
};

/** A question as the preview shows it: blanks the owner has not filled yet say what goes there. */
function withPlaceholders(question: TQuestion): TQuestion {
  return {
    ...question,
    title: visibleLength(question.title) > 0 ? question.title : `<p>${previewNotes.questionTitle}</p>`,
    answers: question.answers.map((answer, index) => ({ ...answer, text: answer.text || previewNotes.answerText(index + 1) })),
  };
}

/** The questions with the form's working copy in its place (or last, when it is new). */
function questionsShown(questions: readonly TQuestion[], focus: PreviewFocus | null): TQuestion[] {
  if (focus?.kind !== 'form') return [...questions];
  const index = questions.findIndex((candidate) => candidate.id === focus.question.id);
  return index >= 0
    ? questions.map((question, at) => (at === index ? focus.question : question))
    : [...questions, focus.question];
}

/** The screen the tab edits, as the player will draw it. */
function previewScreen(quiz: TQuiz, tab: TQuizTab, focus: PreviewFocus | null, picks: TPlayAnswers): TPreviewScreen {
  const { settings } = quiz;
  if (tab === 'design') {
    const focused = focusedQuestion(quiz.questions, focus);
    if (!focused) return { name: 'note', text: previewNotes.noQuestion };
    const { question, number, total } = focused;
    return { name: 'question', questionId: question.id, number, total, picks: picks[question.id] ?? [] };
  }
  if (tab === 'lead') {
    if (!settings.collectEmail) return { name: 'note', text: previewNotes.emailOff };
    if (settings.emailFormType !== 'custom') return { name: 'lead', form: { type: 'standard' } };
    const code = typeTraits(quiz.quizType).personalities ? quiz.personalities[0]?.emailFormCode : settings.emailFormCode;
    return { name: 'lead', form: { type: 'custom', code: code ?? '' } };
  }
  if (tab === 'outcome') {
    const result = computeResult(quiz, sampleAnswers(quiz.questions, picks));
    if (settings.landingType === 'custom') {
      const personality = result.kind === 'personality' || result.kind === 'range' ? result.personality : null;
      return { name: 'note', text: previewNotes.landingPage(personality ? personality.landingUrl : settings.landingUrl) };
    }
    return { name: 'result', result, summary: resultSummary(result) };
  }
  return { name: 'start' };
}

/**
 * A live preview of the screen the current tab edits: the public player itself, drawing the draft. Memoised:
 * the wizard redraws on every edit, the preview only when what it shows has changed.
 */
export const PreviewPane = memo(function PreviewPane({ quiz, tab, focus, companyLogoUrl, free }: Props) {
  const [picks, setPicks] = useState<Record<string, readonly string[]>>({});
  const show = useMemo((): TPreviewShow => {
    const questions = questionsShown(quiz.questions, focus).map(withPlaceholders);
    const owner = {
      mode: free ? 'free' : 'paid',
      footerLinks: footerLinksFor(isEmbedded() ? 'shopify' : 'standalone', ''),
      companyName: '',
      companyUrl: '',
      logoUrl: companyLogoUrl,
    } as const;
    return {
      type: 'quizlead-preview-show',
      quiz: publicQuizOf(quiz, questions, owner),
      screen: previewScreen(quiz, tab, focus, picks),
    };
  }, [quiz, tab, focus, picks, free, companyLogoUrl]);

  const questions = show.quiz.questions;
  const pick = useCallback(
    (questionId: string, answerId: string) => {
      const question = questions.find((candidate) => candidate.id === questionId);
      if (!question) return;
      setPicks((current) => ({ ...current, [questionId]: togglePick(question, current[questionId] ?? [], answerId) }));
    },
    [questions],
  );

  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            Preview
          </Text>
          <Text as="span" tone="subdued">
            {captions[tab]}
          </Text>
        </InlineStack>
        {tab === 'advanced' ? <SearchSnippet quiz={quiz} /> : null}
        <PlayerFrame show={show} onPick={pick} />
      </BlockStack>
    </Card>
  );
});
