import { Banner, BlockStack, Button, Card, InlineStack, Select, Text } from '@shopify/polaris';
import { PlusIcon } from '@shopify/polaris-icons';
import { questionKindLabels, quizLimits, quizMessages, typeTraits } from '@quizlead/shared/quizzes.ts';
import type { QuestionKind, QuizType } from '@quizlead/shared/quizzes.ts';
import type { TAnswer, TCategory, TPersonality, TQuestion } from '@quizlead/shared/schemas/quiz.ts';
import {
  type KeyedQuestion,
  optionTagsProblem,
  propertyKeyProblem,
  questionPropertyKeys,
} from '@quizlead/shared/schemas/answerProperties.ts';
import { useMemo, useState } from 'react';
import { ImageField } from '../../../components/ImageField.tsx';
import { RichTextEditor } from '../../../components/LazyRichTextEditor.tsx';
import { answersFor, blankAnswer } from '../quizModel.ts';
import { AnswerEditor } from './AnswerEditor.tsx';
import { QuestionDataFields } from './QuestionDataFields.tsx';
import type { QuestionProblem } from './useQuestionActions.ts';

interface Props {
  initial: TQuestion;
  /** The saved question's kind when it may not change (an existing question of a published quiz). */
  lockedKind: QuestionKind | null;
  quizType: QuizType;
  personalities: TPersonality[];
  categories: TCategory[];
  /** The quiz's saved questions: this one's default key is unique among theirs. */
  questions: TQuestion[];
  saving: boolean;
  onChange(question: TQuestion): void;
  /** Resolves to the problem to show, or null once saved. */
  onSave(question: TQuestion): Promise<QuestionProblem | null>;
  onCancel(): void;
}

/** The question wizard: kind, category, title, image and two to four answers. */
export function QuestionForm({
  initial,
  lockedKind,
  quizType,
  personalities,
  categories,
  questions,
  saving,
  onChange,
  onSave,
  onCancel,
}: Props) {
  const [question, setQuestion] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [serverKeyProblem, setServerKeyProblem] = useState<string | null>(null);
  const traits = typeTraits(quizType);
  const trueFalse = question.kind === 'true_false';
  const { defaultKey, ownKeyProblem } = useKeyRules(question, questions);
  const keyProblem = ownKeyProblem ?? serverKeyProblem;

  const set = (patch: Partial<TQuestion>) => {
    const next = { ...question, ...patch };
    setProblem(null);
    if ('propertyKey' in patch) setServerKeyProblem(null);
    setQuestion(next);
    onChange(next);
  };
  const setAnswer = (index: number, answer: TAnswer) =>
    set({ answers: question.answers.map((a, i) => (i === index ? answer : a)) });

  const chooseKind = (value: string) => {
    const kind = value as QuestionKind;
    if (lockedKind && kind !== lockedKind) {
      setProblem(quizMessages.questionTypeLocked);
      return;
    }
    setProblem(null);
    set({ kind, answers: answersFor(kind, question.answers) });
  };

  const save = async () => {
    setProblem(null);
    const tagsProblem = question.answers.map((answer) => optionTagsProblem(answer.tags)).find(Boolean);
    if (ownKeyProblem || tagsProblem) return setProblem(ownKeyProblem ?? tagsProblem!);
    const refused = await onSave(question);
    if (refused?.onKey) setServerKeyProblem(refused.message);
    setProblem(refused?.message ?? null);
  };

  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          {initial.title ? 'Edit question' : 'Add a question'}
        </Text>
        {problem ? (
          <Banner tone="critical" title="Validation Error" onDismiss={() => setProblem(null)}>
            <p>{problem}</p>
          </Banner>
        ) : null}
        {traits.questionKinds.length > 1 ? (
          <Select
            label="Question type"
            options={traits.questionKinds.map((kind) => ({ label: questionKindLabels[kind], value: kind }))}
            value={question.kind}
            onChange={chooseKind}
          />
        ) : null}
        {traits.categories ? (
          <Select
            label="Category"
            options={[
              { label: 'Choose a category', value: '' },
              ...categories.map((category, index) => ({ label: category.title || `Category ${index + 1}`, value: category.id })),
            ]}
            value={question.categoryId ?? ''}
            onChange={(categoryId) => set({ categoryId: categoryId || null })}
          />
        ) : null}
        <RichTextEditor
          key={initial.id}
          label="Question"
          value={initial.title}
          onChange={(title) => set({ title })}
          maxVisible={quizLimits.questionTitle}
        />
        <ImageField label="Question image" value={question.image} onChange={(image) => set({ image })} preferredSize="1920×540" />
        <QuestionDataFields question={question} defaultKey={defaultKey} keyProblem={keyProblem} onChange={set} />
        {traits.answerPersonality && personalities.every((personality) => !personality.title) ? (
          <Banner tone="info">
            <p>Name your personalities in the Outcome tab to pick one for each answer.</p>
          </Banner>
        ) : null}
        <BlockStack gap="300">
          {question.answers.map((answer, index) => (
            <AnswerEditor
              key={answer.id}
              answer={answer}
              index={index}
              quizType={quizType}
              personalities={personalities}
              fixedText={trueFalse}
              onChange={(next) => setAnswer(index, next)}
              onRemove={
                trueFalse || question.answers.length <= quizLimits.answersMin
                  ? undefined
                  : () => set({ answers: question.answers.filter((_, i) => i !== index) })
              }
            />
          ))}
        </BlockStack>
        <InlineStack align="space-between" gap="200">
          {trueFalse ? (
            <span />
          ) : (
            <Button
              icon={PlusIcon}
              onClick={() => set({ answers: [...question.answers, blankAnswer()] })}
              disabled={question.answers.length >= quizLimits.answersMax}
            >
              Add answer
            </Button>
          )}
          <InlineStack gap="200">
            <Button onClick={onCancel} disabled={saving}>
              Cancel
            </Button>
            <Button variant="primary" onClick={save} loading={saving}>
              Save
            </Button>
          </InlineStack>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}

/**
 * The key this question gets when "Send as" stays empty, computed as the server does over the quiz's questions
 * with this one in its place (so `_2` suffixes show), and why the owner's own key would be refused. The check
 * runs with this question last, so a clash with another question's key is reported on this one.
 */
function useKeyRules(question: TQuestion, saved: TQuestion[]) {
  const { propertyKey, title, id } = question;
  return useMemo(() => {
    const others = saved.filter((candidate) => candidate.id !== id);
    const found = saved.findIndex((candidate) => candidate.id === id);
    const index = found < 0 ? saved.length : found;
    const inPlace: KeyedQuestion[] = [...others];
    inPlace.splice(index, 0, { propertyKey: '', title });
    const defaultKey = questionPropertyKeys(inPlace)[index]!;
    const problem = propertyKey.trim() ? propertyKeyProblem([...others, { propertyKey, title }]) : undefined;
    return { defaultKey, ownKeyProblem: problem?.index === others.length ? problem.message : null };
  }, [propertyKey, title, id, saved]);
}
