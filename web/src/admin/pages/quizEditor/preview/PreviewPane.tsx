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

interface Props {
  quiz: TQuiz;
  tab: TQuizTab;
  /** The question hovered in the list or being edited; else the first one. */
  focusQuestion: TQuestion | null;
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

/** A live preview of the screen the current tab edits. */
export function PreviewPane({ quiz, tab, focusQuestion, companyLogoUrl, free }: Props) {
  const [picks, setPicks] = useState<Record<string, readonly string[]>>({});
  const question = focusQuestion ?? quiz.questions[0] ?? null;
  const answers = useMemo(() => sampleAnswers(quiz.questions, picks), [quiz.questions, picks]);
  const position = question ? quiz.questions.findIndex((candidate) => candidate.id === question.id) : -1;

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

  // A question being added is not in the list yet: it will be the last one.
  const total = quiz.questions.length + (position < 0 ? 1 : 0);
  const footerNote = tab === 'design' && question ? `${position < 0 ? total : position + 1} / ${total}` : undefined;
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
