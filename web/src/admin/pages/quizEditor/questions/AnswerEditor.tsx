import { BlockStack, Box, Button, Checkbox, InlineGrid, Select, TextField } from '@shopify/polaris';
import { DeleteIcon } from '@shopify/polaris-icons';
import { quizLimits, typeTraits } from '@quizlead/shared/quizzes.ts';
import type { QuizType } from '@quizlead/shared/quizzes.ts';
import type { TAnswer, TPersonality } from '@quizlead/shared/schemas/quiz.ts';
import { ImageField } from '../../../components/ImageField.tsx';

interface Props {
  answer: TAnswer;
  index: number;
  quizType: QuizType;
  personalities: TPersonality[];
  /** True-False answers keep their fixed text. */
  fixedText: boolean;
  onChange(answer: TAnswer): void;
  /** Absent when the answer cannot be removed (two answers left, or True-False). */
  onRemove?: () => void;
}

/** One answer: its text, optional image and the control its quiz type scores it by. */
export function AnswerEditor({ answer, index, quizType, personalities, fixedText, onChange, onRemove }: Props) {
  const traits = typeTraits(quizType);
  const name = `Answer ${index + 1}`;
  const set = (patch: Partial<TAnswer>) => onChange({ ...answer, ...patch });
  const personalityOptions = [
    { label: 'Choose a personality', value: '' },
    ...personalities.map((personality, position) => ({
      label: personality.title || `Personality ${position + 1}`,
      value: personality.id,
    })),
  ];

  return (
    <div role="group" aria-label={name} className="ql-answer">
      <BlockStack gap="200">
        <TextField
          label={name}
          value={answer.text}
          onChange={(text) => set({ text })}
          autoComplete="off"
          maxLength={quizLimits.answerText}
          showCharacterCount={!fixedText}
          readOnly={fixedText}
          connectedRight={
            onRemove ? (
              <Button icon={DeleteIcon} onClick={onRemove} accessibilityLabel={`Remove ${name.toLowerCase()}`} />
            ) : undefined
          }
        />
        <InlineGrid columns={{ xs: 1, sm: 2 }} gap="300" alignItems="center">
          <ImageField
            label={`${name} image`}
            value={answer.image}
            onChange={(image) => set({ image })}
            preferredSize="382×178"
            compact
          />
          <Box>
            {traits.graded ? (
              <Checkbox label="Correct" checked={answer.correct} onChange={(correct) => set({ correct })} />
            ) : null}
            {traits.weighted ? (
              <TextField
                label="Weight"
                value={answer.weight}
                onChange={(weight) => set({ weight })}
                autoComplete="off"
                inputMode="decimal"
                maxLength={quizLimits.weight}
                showCharacterCount
              />
            ) : null}
            {traits.answerPersonality ? (
              <Select
                label="Personality"
                options={personalityOptions}
                value={answer.personalityId ?? ''}
                onChange={(personalityId) => set({ personalityId: personalityId || null })}
              />
            ) : null}
          </Box>
        </InlineGrid>
      </BlockStack>
    </div>
  );
}
