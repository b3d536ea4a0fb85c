import { BlockStack, Box, Button, Card, Divider, InlineStack, Text } from '@shopify/polaris';
import { PlusIcon } from '@shopify/polaris-icons';
import { quizMessages, typeTraits } from '@quizlead/shared/quizzes.ts';
import type { TQuestion } from '@quizlead/shared/schemas/quiz.ts';
import { startTransition, useState } from 'react';
import { ConfirmModal } from '../fields/ConfirmModal.tsx';
import type { PreviewFocus } from '../preview/PreviewPane.tsx';
import { Switch } from '../fields/Switch.tsx';
import { blankQuestion } from '../quizModel.ts';
import type { QuizDraftApi } from '../useQuizDraft.ts';
import { BranchPanel } from './BranchPanel.tsx';
import { QuestionForm } from './QuestionForm.tsx';
import { QuestionRow } from './QuestionRow.tsx';
import { useQuestionActions } from './useQuestionActions.ts';

type View = { kind: 'list' } | { kind: 'edit'; question: TQuestion } | { kind: 'branch'; questionId: string };
type Confirm = { kind: 'delete'; questionId: string } | { kind: 'branching'; enable: boolean } | null;

interface Props {
  editor: QuizDraftApi;
  /** Shows a question in the preview (null: back to the first one). */
  onPreview(focus: PreviewFocus | null): void;
}

/** The Design tab's question list, question wizard and logic branching. */
export function QuestionsCard({ editor, onPreview }: Props) {
  const { saved, draft } = editor;
  const actions = useQuestionActions(editor);
  const [view, setView] = useState<View>({ kind: 'list' });
  const [confirm, setConfirm] = useState<Confirm>(null);
  const { questions, branching } = saved;
  const traits = typeTraits(draft.quizType);

  // A transition: the question form (its rich-text editor) and the preview's new screen are drawn between
  // frames, so the click is answered at once. Drawn in the click, Add A Question took 500 ms and more at 4×
  // CPU slowdown (docs/performance.md, "Interactions under 4× CPU slowdown").
  const open = (next: View) =>
    startTransition(() => {
      setView(next);
      onPreview(next.kind === 'edit' ? { kind: 'form', question: next.question } : null);
    });
  const close = () => open({ kind: 'list' });

  if (view.kind === 'edit') {
    const existing = questions.find((question) => question.id === view.question.id);
    return (
      <QuestionForm
        initial={view.question}
        lockedKind={existing && saved.status === 'published' ? existing.kind : null}
        quizType={draft.quizType}
        personalities={draft.personalities}
        categories={draft.categories}
        questions={questions}
        saving={actions.busy}
        onChange={(question) => onPreview({ kind: 'form', question })}
        onSave={async (question) => {
          const problem = await actions.saveQuestion(question);
          if (!problem) close();
          return problem;
        }}
        onCancel={close}
      />
    );
  }

  const branchQuestion = view.kind === 'branch' ? questions.find((question) => question.id === view.questionId) : undefined;
  if (branchQuestion) {
    return (
      <BranchPanel
        question={branchQuestion}
        questions={questions}
        branches={branching.branches.filter((branch) => branch.questionId === branchQuestion.id)}
        saving={actions.busy}
        onSave={async (rules) => {
          if (await actions.saveBranchesOf(branchQuestion.id, rules)) close();
        }}
        onCancel={close}
      />
    );
  }

  const confirmed = async () => {
    if (!confirm) return;
    if (confirm.kind === 'delete') await actions.remove(confirm.questionId);
    else await actions.setBranching(confirm.enable);
    setConfirm(null);
  };

  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <Text as="h2" variant="headingMd">
            {`Questions (${questions.length})`}
          </Text>
          {branching.enabled ? null : (
            <Button
              variant="primary"
              icon={PlusIcon}
              onClick={() => open({ kind: 'edit', question: blankQuestion(draft.quizType) })}
            >
              Add A Question
            </Button>
          )}
        </InlineStack>
        {questions.length === 0 ? (
          <Box paddingBlock="400">
            <Text as="p" tone="subdued" alignment="center">
              {quizMessages.emptyQuestions}
            </Text>
          </Box>
        ) : (
          <BlockStack gap="0">
            {questions.map((question, index) => (
              <QuestionRow
                key={question.id}
                question={question}
                index={index}
                count={questions.length}
                showKind={traits.questionKinds.length > 1}
                categories={draft.categories}
                branching={branching.enabled}
                branchCount={branching.branches.filter((branch) => branch.questionId === question.id).length}
                busy={actions.busy}
                onPreview={() => onPreview({ kind: 'listed', id: question.id })}
                onEdit={() => open({ kind: 'edit', question })}
                onDelete={() => setConfirm({ kind: 'delete', questionId: question.id })}
                onMove={(delta) => void actions.move(index, delta)}
                onBranch={() => open({ kind: 'branch', questionId: question.id })}
              />
            ))}
          </BlockStack>
        )}
        <Divider />
        <Switch
          label="Logic branching"
          checked={branching.enabled}
          disabled={actions.busy}
          onChange={(enable) => setConfirm({ kind: 'branching', enable })}
          helpText={quizMessages.branchingHelp}
        />
      </BlockStack>
      <ConfirmModal
        open={confirm !== null}
        title={confirm?.kind === 'delete' ? 'Delete question' : 'Logic branching'}
        message={
          confirm?.kind === 'delete'
            ? quizMessages.questionDeleteConfirm
            : confirm?.enable
              ? quizMessages.branchingEnableConfirm
              : quizMessages.branchingDisableConfirm
        }
        confirm={confirm?.kind === 'delete' ? 'Delete' : confirm?.enable ? 'Turn on' : 'Turn off'}
        destructive={confirm?.kind === 'delete' || confirm?.enable === false}
        busy={actions.busy}
        onConfirm={() => void confirmed()}
        onClose={() => setConfirm(null)}
      />
    </Card>
  );
}
