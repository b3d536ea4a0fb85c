import { BlockStack, Card, InlineStack, Text } from '@shopify/polaris';
import { isAnswered, picksNeeded, togglePick } from '@quizlead/shared/engine/index.ts';
import type { TPlayAnswers, TQuizTab } from '@quizlead/shared/engine/index.ts';
import type { TQuestion, TQuiz } from '@quizlead/shared/schemas/quiz.ts';
import { useMemo, useState } from 'react';
import { LeadScreen } from './LeadScreen.tsx';
import { PreviewFrame } from './PreviewFrame.tsx';
import { QuestionScreen } from './QuestionScreen.tsx';
import { ResultScreen } from './ResultScreen.tsx';
import { SearchSnippet } from './SearchSnippet.tsx';
import { WelcomeScreen } from './WelcomeScreen.tsx';

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

/** A live preview of the screen the current tab edits. */
export function PreviewPane({ quiz, tab, focus, companyLogoUrl, free }: Props) {
  const [picks, setPicks] = useState<Record<string, readonly string[]>>({});
  const focused = focusedQuestion(quiz.questions, focus);
  const question = focused?.question ?? null;
  const answers = useMemo(() => sampleAnswers(quiz.questions, picks), [quiz.questions, picks]);

  const pick = (answerId: string) => {
    if (!question) return;
    setPicks((current) => ({ ...current, [question.id]: togglePick(question, current[question.id] ?? [], answerId) }));
  };

  let screen;
  if (tab === 'design') {
    screen = (
      <QuestionScreen
        question={question}
        settings={quiz.settings}
        picks={question ? (picks[question.id] ?? []) : []}
        onPick={pick}
      />
    );
  } else if (tab === 'lead') screen = <LeadScreen quiz={quiz} />;
  else if (tab === 'outcome') screen = <ResultScreen quiz={quiz} answers={answers} />;
  else screen = <WelcomeScreen quiz={quiz} />;

  const footerNote = tab === 'design' && focused ? `${focused.number} / ${focused.total}` : undefined;
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
        <PreviewFrame quiz={quiz} companyLogoUrl={companyLogoUrl} free={free} footerNote={footerNote}>
          {screen}
        </PreviewFrame>
      </BlockStack>
    </Card>
  );
}
