import { Badge, BlockStack, Button, ButtonGroup, InlineStack, Text } from '@shopify/polaris';
import { ArrowDownIcon, ArrowUpIcon, DeleteIcon, EditIcon } from '@shopify/polaris-icons';
import { visibleText } from '@quizlead/shared/engine/index.ts';
import { questionKindLabels } from '@quizlead/shared/quizzes.ts';
import type { TCategory, TQuestion } from '@quizlead/shared/schemas/quiz.ts';
import { counted } from '@quizlead/shared/plural.ts';

interface Props {
  question: TQuestion;
  index: number;
  count: number;
  showKind: boolean;
  categories: TCategory[];
  branching: boolean;
  /** How many branch rules leave this question. */
  branchCount: number;
  busy: boolean;
  onPreview(): void;
  onEdit(): void;
  onDelete(): void;
  onMove(delta: -1 | 1): void;
  onBranch(): void;
}

/** One row of the question list; hovering or focusing it previews the question. */
export function QuestionRow(props: Props) {
  const { question, index, count, showKind, categories, branching, branchCount, busy } = props;
  const number = index + 1;
  const category = question.categoryId ? categories.find((candidate) => candidate.id === question.categoryId) : undefined;
  return (
    <div className="ql-question-row" onMouseEnter={props.onPreview} onFocus={props.onPreview} data-question-row={number}>
      <InlineStack align="space-between" blockAlign="center" gap="200" wrap={false}>
        <BlockStack gap="100">
          <Text as="span" fontWeight="medium" breakWord>
            {`${number}. ${visibleText(question.title) || 'Untitled question'}`}
          </Text>
          <InlineStack gap="200" blockAlign="center">
            {showKind ? <Badge>{questionKindLabels[question.kind]}</Badge> : null}
            {category ? <Badge tone="info">{category.title || 'Category'}</Badge> : null}
            <Text as="span" tone="subdued" variant="bodySm">
              {counted(question.answers.length, 'answer')}
            </Text>
            {branching && branchCount > 0 ? (
              <Badge tone="magic">{`${branchCount} branch${branchCount > 1 ? 'es' : ''}`}</Badge>
            ) : null}
          </InlineStack>
        </BlockStack>
        <ButtonGroup noWrap>
          <Button
            icon={ArrowUpIcon}
            variant="tertiary"
            disabled={busy || index === 0}
            onClick={() => props.onMove(-1)}
            accessibilityLabel={`Move question ${number} up`}
          />
          <Button
            icon={ArrowDownIcon}
            variant="tertiary"
            disabled={busy || index === count - 1}
            onClick={() => props.onMove(1)}
            accessibilityLabel={`Move question ${number} down`}
          />
          {/* One child per button: ButtonGroup spaces and keeps on one line its children, not a fragment's. */}
          {branching ? (
            <Button onClick={props.onBranch} disabled={busy} accessibilityLabel={`Branch question ${number}`}>
              Branch
            </Button>
          ) : null}
          {branching ? null : (
            <Button icon={EditIcon} onClick={props.onEdit} disabled={busy} accessibilityLabel={`Edit question ${number}`} />
          )}
          {branching ? null : (
            <Button
              icon={DeleteIcon}
              tone="critical"
              onClick={props.onDelete}
              disabled={busy}
              accessibilityLabel={`Delete question ${number}`}
            />
          )}
        </ButtonGroup>
      </InlineStack>
    </div>
  );
}
