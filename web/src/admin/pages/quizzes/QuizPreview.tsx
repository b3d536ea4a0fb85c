import { Badge, BlockStack, Box, Divider, InlineStack, Modal, Spinner, Text, Thumbnail } from '@shopify/polaris';
import { quizTypeInfo, typeTraits } from '@quizlead/shared/quizzes.ts';
import type { TQuestion, TQuizDetail } from '@quizlead/shared/schemas/quiz.ts';
import { useEffect, useState } from 'react';
import { errorNotice } from '../../api/client.ts';
import { plainText } from './format.ts';
import styles from './quizzes.module.css';
import { counted } from '@quizlead/shared/plural.ts';

type Load = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; quiz: TQuizDetail };

interface Props {
  /** The quiz or template to show; null keeps the modal closed. */
  id: string | null;
  /** The quiz's title, as the list or card shows it. */
  title: string;
  load(id: string, signal: AbortSignal): Promise<TQuizDetail>;
  onClose(): void;
  /** Extra footer action, such as 'Use Template'. */
  primaryAction?: { content: string; onAction(): void; loading?: boolean };
  showStatus?: boolean;
}

/** A read-only look at a quiz: its title, type and every question with its answers. */
export function QuizPreviewModal({ id, title, load, onClose, primaryAction, showStatus = true }: Props) {
  return (
    <Modal
      open={id !== null}
      onClose={onClose}
      title={`Preview: ${title}`}
      size="large"
      primaryAction={primaryAction}
      secondaryActions={[{ content: 'Close', onAction: onClose }]}
    >
      <Modal.Section>{id ? <PreviewBody key={id} id={id} load={load} showStatus={showStatus} /> : null}</Modal.Section>
    </Modal>
  );
}

function PreviewBody({ id, load, showStatus }: { id: string; load: Props['load']; showStatus: boolean }) {
  const [state, setState] = useState<Load>({ state: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    load(id, controller.signal).then(
      (quiz) => setState({ state: 'ready', quiz }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ state: 'failed', message: errorNotice(error) });
      },
    );
    return () => controller.abort();
  }, [id, load]);

  if (state.state === 'loading') {
    return (
      <BlockStack gap="400" inlineAlign="center">
        <Spinner accessibilityLabel="Loading the quiz" size="large" />
      </BlockStack>
    );
  }
  if (state.state === 'failed') {
    return (
      <Text as="p" tone="critical">
        {state.message}
      </Text>
    );
  }
  return <QuizContent quiz={state.quiz} showStatus={showStatus} />;
}

function QuizContent({ quiz, showStatus }: { quiz: TQuizDetail; showStatus: boolean }) {
  const traits = typeTraits(quiz.quizType);
  const welcome = plainText(quiz.settings.welcomeMessage);
  const personalities = new Map(quiz.personalities.map((p) => [p.id, p.title]));
  const categories = new Map(quiz.categories.map((c) => [c.id, c.title]));
  return (
    <BlockStack gap="400">
      <InlineStack gap="200" blockAlign="center">
        <Badge tone="info">{quizTypeInfo[quiz.quizType].label}</Badge>
        {showStatus ? (
          <Badge tone={quiz.status === 'published' ? 'success' : undefined}>
            {quiz.status === 'published' ? 'Published' : 'Draft'}
          </Badge>
        ) : null}
        <Text as="span" tone="subdued">
          {counted(quiz.questions.length, 'question')}
        </Text>
      </InlineStack>
      {welcome ? <Text as="p">{welcome}</Text> : null}
      {traits.personalities && quiz.personalities.length > 0 ? (
        <BlockStack gap="100">
          <Text as="h3" variant="headingSm">
            Outcomes
          </Text>
          <Text as="p" tone="subdued">
            {quiz.personalities.map((p) => p.title || 'Untitled').join(' · ')}
          </Text>
        </BlockStack>
      ) : null}
      <Divider />
      {quiz.questions.length === 0 ? (
        <Text as="p" tone="subdued">
          This quiz has no questions yet.
        </Text>
      ) : (
        <ol className={styles.questions} aria-label="Questions">
          {quiz.questions.map((question, index) => (
            <QuestionView
              key={question.id}
              number={index + 1}
              question={question}
              graded={traits.graded}
              weighted={traits.weighted}
              personalities={traits.answerPersonality ? personalities : null}
              category={question.categoryId ? (categories.get(question.categoryId) ?? null) : null}
            />
          ))}
        </ol>
      )}
    </BlockStack>
  );
}

interface QuestionViewProps {
  number: number;
  question: TQuestion;
  graded: boolean;
  weighted: boolean;
  personalities: Map<string, string> | null;
  category: string | null;
}

function QuestionView({ number, question, graded, weighted, personalities, category }: QuestionViewProps) {
  return (
    <li>
      <Box paddingBlockEnd="400">
        <BlockStack gap="200">
          <InlineStack gap="200" blockAlign="start" wrap={false}>
            {question.image ? <Thumbnail source={question.image} alt="" size="small" /> : null}
            <BlockStack gap="100">
              <Text as="h3" variant="headingSm">
                {`${number}. ${plainText(question.title) || 'Untitled question'}`}
              </Text>
              {category ? (
                <Text as="span" variant="bodySm" tone="subdued">
                  {`Category: ${category}`}
                </Text>
              ) : null}
            </BlockStack>
          </InlineStack>
          <ul className={styles.answers}>
            {question.answers.map((answer) => {
              const personality = personalities && answer.personalityId ? personalities.get(answer.personalityId) : undefined;
              return (
                <li key={answer.id}>
                  <InlineStack gap="200" blockAlign="center">
                    {answer.image ? <Thumbnail source={answer.image} alt="" size="extraSmall" /> : null}
                    <Text as="span">{answer.text || '—'}</Text>
                    {graded && answer.correct ? <Badge tone="success">Correct</Badge> : null}
                    {weighted && answer.weight ? <Badge>{`Weight ${answer.weight}`}</Badge> : null}
                    {personality ? <Badge tone="info">{personality}</Badge> : null}
                  </InlineStack>
                </li>
              );
            })}
          </ul>
        </BlockStack>
      </Box>
    </li>
  );
}
