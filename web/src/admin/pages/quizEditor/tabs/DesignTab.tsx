import { BlockStack } from '@shopify/polaris';
import type { TQuestion } from '@quizlead/shared/schemas/quiz.ts';
import { QuestionsCard } from '../questions/QuestionsCard.tsx';
import type { QuizDraftApi } from '../useQuizDraft.ts';
import { ThemeCard } from './ThemeCard.tsx';

interface Props {
  editor: QuizDraftApi;
  onPreviewQuestion(question: TQuestion | null): void;
}

/** Tab 2: the questions, then how the quiz looks. */
export function DesignTab({ editor, onPreviewQuestion }: Props) {
  return (
    <BlockStack gap="400">
      <QuestionsCard editor={editor} onPreview={onPreviewQuestion} />
      <ThemeCard editor={editor} />
    </BlockStack>
  );
}
