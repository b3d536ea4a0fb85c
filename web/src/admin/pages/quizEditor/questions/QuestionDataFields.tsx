import { BlockStack, Button, Checkbox, Collapsible, InlineGrid, Text, TextField } from '@shopify/polaris';
import { ChevronDownIcon, ChevronUpIcon } from '@shopify/polaris-icons';
import { visibleText } from '@quizlead/shared/engine/text.ts';
import { quizLimits } from '@quizlead/shared/quizzes.ts';
import {
  optionSentValue,
  optionTagsProblem,
  parseOptionTags,
  propertyLimits,
  quizAnswerType,
} from '@quizlead/shared/schemas/answerProperties.ts';
import type { TAnswer, TQuestion } from '@quizlead/shared/schemas/quiz.ts';
import { useState } from 'react';

interface Props {
  question: TQuestion;
  /** The key the server would send this question under if "Send as" stays empty. */
  defaultKey: string;
  /** Why the key would be refused (ours or the server's 400 `questions.N.propertyKey`), or null. */
  keyProblem: string | null;
  onChange(patch: Partial<TQuestion>): void;
}

/** `skin_type: "Oily"`, `goals: ["Glow","Calm"]`: what one answer sends, as destinations will read it. */
export function valuePreview(key: string, question: TQuestion): string {
  const values = question.answers.map(optionSentValue).filter(Boolean);
  const value = quizAnswerType(question.kind) === 'choices' ? values.slice(0, 2) : (values[0] ?? '');
  return `${key}: ${JSON.stringify(value)}`;
}

/**
 * A question's "Data" (issue 33): the name its answer is sent under, whether Shopify can segment by it, and
 * per option the value sent instead of its text and the tags added to the contact. Folded away by default
 * so the answers stay compact; it opens by itself when the key is refused.
 */
export function QuestionDataFields({ question, defaultKey, keyProblem, onChange }: Props) {
  const [open, setOpen] = useState(question.propertyKey !== '' || question.answers.some((a) => a.value || a.tags.length));
  const shown = open || keyProblem !== null;
  const key = question.propertyKey.trim() || defaultKey;
  const id = `question-data-${question.id}`;
  const setAnswer = (index: number, patch: Partial<TAnswer>) =>
    onChange({ answers: question.answers.map((answer, i) => (i === index ? { ...answer, ...patch } : answer)) });

  return (
    <div className="ql-question-data">
      <BlockStack gap="300">
        <div className="ql-question-data__head">
          <Button
            variant="tertiary"
            icon={shown ? ChevronUpIcon : ChevronDownIcon}
            onClick={() => setOpen(!shown)}
            ariaExpanded={shown}
            ariaControls={id}
          >
            Data: Send as, values and tags
          </Button>
          <code className="ql-question-data__preview" aria-label="Sent as">
            {valuePreview(key, question)}
          </code>
        </div>
        <Collapsible id={id} open={shown} transition={{ duration: '150ms', timingFunction: 'ease-in-out' }}>
          <BlockStack gap="300">
            <TextField
              label="Send as"
              value={question.propertyKey}
              placeholder={defaultKey}
              onChange={(propertyKey) => onChange({ propertyKey })}
              autoComplete="off"
              maxLength={propertyLimits.keyMaxLength + 10}
              monospaced
              error={keyProblem ?? undefined}
              helpText={`The name this answer reaches your CRM, webhooks and Shopify under. Empty: ${defaultKey}`}
            />
            <Checkbox
              label="Use in segments"
              checked={question.segment}
              onChange={(segment) => onChange({ segment })}
              helpText="Sent to Shopify as a filterable customer metafield, so you can build customer segments from it."
            />
            {question.answers.map((answer, index) => (
              <OptionDataFields key={answer.id} answer={answer} index={index} onChange={(patch) => setAnswer(index, patch)} />
            ))}
          </BlockStack>
        </Collapsible>
      </BlockStack>
    </div>
  );
}

function OptionDataFields({
  answer,
  index,
  onChange,
}: {
  answer: TAnswer;
  index: number;
  onChange(patch: Partial<TAnswer>): void;
}) {
  // The field keeps what is typed ("dry, " while typing the next tag); the answer keeps the parsed tags.
  const [tagsText, setTagsText] = useState(answer.tags.join(', '));
  const name = `Answer ${index + 1}`;
  const text = visibleText(answer.text) || name;
  return (
    <div role="group" aria-label={`${name} data`} className="ql-question-data__option">
      <BlockStack gap="200">
        <Text as="p" variant="bodySm" fontWeight="semibold" truncate>
          {text}
        </Text>
        <InlineGrid columns={{ xs: 1, sm: 2 }} gap="300">
          <TextField
            label={`${name} value`}
            value={answer.value}
            placeholder={visibleText(answer.text)}
            onChange={(value) => onChange({ value })}
            autoComplete="off"
            maxLength={quizLimits.answerText}
            helpText="Sent instead of the text. Empty: the text."
          />
          <TextField
            label={`${name} tags`}
            value={tagsText}
            placeholder="skin-oily, routine-am"
            onChange={(typed) => {
              setTagsText(typed);
              onChange({ tags: parseOptionTags(typed) });
            }}
            autoComplete="off"
            error={optionTagsProblem(answer.tags)}
            helpText={`Comma separated, at most ${propertyLimits.tagsPerOption}: added to the contact who picks it.`}
          />
        </InlineGrid>
      </BlockStack>
    </div>
  );
}
