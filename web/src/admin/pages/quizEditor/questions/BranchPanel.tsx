import { BlockStack, Button, Card, InlineStack, Select, Text } from '@shopify/polaris';
import { visibleText } from '@quizlead/shared/engine/index.ts';
import type { TBranch, TQuestion } from '@quizlead/shared/schemas/quiz.ts';
import { useState } from 'react';

interface Props {
  question: TQuestion;
  questions: TQuestion[];
  /** The rules that leave this question now. */
  branches: TBranch[];
  saving: boolean;
  onSave(branches: TBranch[]): void;
  onCancel(): void;
}

const short = (text: string) => (text.length > 40 ? `${text.slice(0, 39)}…` : text);

/** Where the player goes after each answer of one question; unset rules fall through to the next question. */
export function BranchPanel({ question, questions, branches, saving, onSave, onCancel }: Props) {
  const [targets, setTargets] = useState<Record<string, string>>(() =>
    Object.fromEntries(branches.map((branch) => [branch.answerId, branch.to])),
  );
  const number = questions.findIndex((candidate) => candidate.id === question.id) + 1;
  const options = [
    { label: 'Next question (in order)', value: '' },
    ...questions.flatMap((candidate, index) =>
      candidate.id === question.id
        ? []
        : [{ label: `Question ${index + 1}: ${short(visibleText(candidate.title))}`, value: candidate.id }],
    ),
    { label: 'landing page', value: 'landing' },
  ];

  const rule = (answerId: string, caption: string) => (
    <div role="group" aria-label={caption} key={answerId} className="ql-branch-rule">
      <InlineStack gap="300" blockAlign="end" wrap>
        <div className="ql-branch-rule__caption">
          <Text as="span" tone="subdued">
            {caption}
          </Text>
        </div>
        <div className="ql-branch-rule__select">
          <Select
            label="Redirect to"
            options={options}
            value={targets[answerId] ?? ''}
            onChange={(to) => setTargets((current) => ({ ...current, [answerId]: to }))}
          />
        </div>
      </InlineStack>
    </div>
  );

  const save = () => {
    const rules = Object.entries(targets)
      .filter(([, to]) => to !== '')
      .map(([answerId, to]): TBranch => ({ questionId: question.id, answerId, to }));
    onSave(rules);
  };

  return (
    <Card>
      <BlockStack gap="400">
        <BlockStack gap="100">
          <Text as="h2" variant="headingMd">
            {`Logic branching · question ${number}`}
          </Text>
          <Text as="p" tone="subdued">
            {visibleText(question.title)}
          </Text>
        </BlockStack>
        {question.answers.map((answer, index) =>
          rule(answer.id, `If selected answer is ${answer.text || `Answer ${index + 1}`}`),
        )}
        {rule('any', 'If any answer is selected (when no rule above applies)')}
        <InlineStack align="end" gap="200">
          <Button onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button variant="primary" onClick={save} loading={saving}>
            Save branches
          </Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
