import { BlockStack } from '@shopify/polaris';
import type { PreviewFocus } from '../preview/PreviewPane.tsx';
import { QuestionsCard } from '../questions/QuestionsCard.tsx';
import type { QuizDraftApi } from '../useQuizDraft.ts';
import { ThemeCard } from './ThemeCard.tsx';

interface Props {
  editor: QuizDraftApi;
  onPreview(focus: PreviewFocus | null): void;
}

/** Tab 2: the questions, then how the quiz looks. */
export function DesignTab({ editor, onPreview }: Props) {
  return (
    <BlockStack gap="400">
      <QuestionsCard editor={editor} onPreview={onPreview} />
      <ThemeCard editor={editor} />
    </BlockStack>
  );
}
