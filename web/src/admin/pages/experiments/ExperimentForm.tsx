import { BlockStack, Box, Button, ButtonGroup, Form, FormLayout, InlineStack, Select, Text, TextField } from '@shopify/polaris';
import {
  experimentLimits,
  experimentSubjectLabels,
  leadGateLabels,
  ZExperimentInput,
  type TExperiment,
  type TExperimentSubject,
  type TLeadGate,
} from '@quizlead/shared/schemas/experiments.ts';
import { quizLimits } from '@quizlead/shared/quizzes.ts';
import { sliceChances } from '@quizlead/shared/schemas/prizes.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { useState } from 'react';
import { errorNotice } from '../../api/client.ts';
import { startExperiment } from '../../api/experiments.ts';
import { RichTextEditor } from '../../components/LazyRichTextEditor.tsx';
import { percent } from '../wheels/MarginGuard.tsx';
import { experimentTexts as texts } from './texts.ts';
import { FormProblem } from '../../components/FormProblem.tsx';
import { useSchemaForm } from '../../forms/useSchemaForm.ts';

/** What the form needs of the item: a quiz's intro and lead settings, or a wheel's slices. */
export type TestedItem =
  | { kind: 'quiz'; id: string; welcomeMessage: string; leadGate: TLeadGate; collectEmail: boolean }
  | { kind: 'wheel'; id: string; options: { text: string; weight: number }[] };

interface Draft {
  name: string;
  share: string;
  value: string | string[];
}

interface Values {
  subject: TExperimentSubject;
  variants: Draft[];
}

const evenShares = (count: number) =>
  Array.from({ length: count }, (_, index) => String(Math.floor(100 / count) + (index < 100 % count ? 1 : 0)));

const otherGate = (gate: TLeadGate): TLeadGate => (gate === 'before' ? 'after' : 'before');

/** The original's value now, and what a new variant starts from. */
function startingValue(item: TestedItem, subject: TExperimentSubject, original: boolean): Draft['value'] {
  if (item.kind === 'wheel') return item.options.map((option) => String(option.weight));
  if (subject === 'leadGate') return original ? item.leadGate : otherGate(item.leadGate);
  return original ? item.welcomeMessage : '';
}

function draftsFor(item: TestedItem, subject: TExperimentSubject, count: number): Draft[] {
  const shares = evenShares(count);
  return shares.map((share, index) => ({
    name: texts.defaultNames[index]!,
    share,
    value: startingValue(item, subject, index === 0),
  }));
}

/** The drafts as the API takes them; numbers typed badly become NaN so the schema names them. */
function inputOf({ subject, variants }: Values): unknown {
  return {
    subject,
    variants: variants.map((draft) => ({
      name: draft.name,
      share: draft.share.trim() === '' ? Number.NaN : Number(draft.share),
      value: Array.isArray(draft.value)
        ? draft.value.map((weight) => (weight.trim() === '' ? Number.NaN : Number(weight)))
        : draft.value,
    })),
  };
}

/**
 * The key a message shows under: its body path with dashes ('variants.1.value.0' → 'variants-1-value-0'), as
 * its field's id ends. The forms layer looks messages up by flat keys (react-hook-form nests a dotted one).
 */
const keyOf = (path: string) => path.replaceAll('.', '-');
const fieldId = (key: string) => `ql-experiment-${key}`;
/** The key of each row a test can have, the original's first. */
const rowKeys = Array.from({ length: experimentLimits.variantsMax }, (_, index) => `variants-${index}`);

/**
 * Starting an A/B test: what to test (a quiz's intro text or lead gate, a wheel's odds), then the
 * original (what visitors see now, read-only) and up to three variants with their share of visitors.
 * The shared schema checks it as the server will (forms/useSchemaForm.ts), so each mistake shows on its
 * field before sending, and the first one takes the focus.
 */
export function ExperimentForm({
  item,
  onStarted,
  onCancel,
}: {
  item: TestedItem;
  onStarted(experiment: TExperiment): void;
  onCancel(): void;
}) {
  const subjects: TExperimentSubject[] = item.kind === 'quiz' ? ['intro', 'leadGate'] : ['odds'];
  const [problem, setProblem] = useState<string | null>(null);
  const form = useSchemaForm({
    initial: { subject: subjects[0]!, variants: draftsFor(item, subjects[0]!, 2) },
    schema: ZExperimentInput,
    toBody: inputOf,
    fieldOf: keyOf,
    save: (body) => startExperiment(item.kind, item.id, body),
    saved: (started) => onStarted(started),
    refused: (message, field) => {
      if (field) document.getElementById(fieldId(field))?.focus();
      // A refusal under no field the form shows: said as errorNotice says any refusal of the server.
      else setProblem(`${messages.generic.serverErrorPrefix}${message}`);
    },
    failed: (error) => setProblem(errorNotice(error)),
  });
  const { subject, variants: drafts } = form.values;
  const maxVariants = subject === 'leadGate' ? 2 : experimentLimits.variantsMax;

  /** A row's value and, on a wheel, each slice's weight. */
  const valueKeys = (row: string) => [
    `${row}-value`,
    ...(item.kind === 'wheel' ? item.options.map((_, slice) => `${row}-value-${slice}`) : []),
  ];
  // A new subject starts its variants afresh, without any message of the last one's.
  const choose = (next: TExperimentSubject) => {
    form.update(() => ({ subject: next, variants: draftsFor(item, next, 2) }));
    form.clear();
  };
  // An edited field's message goes (shares are checked together, so any share clears theirs).
  const change = (index: number, patch: Partial<Draft>) =>
    form.update(
      (current) => ({
        ...current,
        variants: current.variants.map((draft, at) => (at === index ? { ...draft, ...patch } : draft)),
      }),
      ...('name' in patch ? [`variants-${index}-name`] : []),
      ...('share' in patch ? rowKeys.map((row) => `${row}-share`) : []),
      ...('value' in patch ? valueKeys(`variants-${index}`) : []),
    );
  const resplit = (next: Draft[]) => {
    const shares = evenShares(next.length);
    return next.map((draft, index) => ({ ...draft, share: shares[index]! }));
  };
  const add = () =>
    form.update((current) => ({
      ...current,
      variants: resplit([
        ...current.variants,
        { name: texts.defaultNames[current.variants.length]!, share: '0', value: startingValue(item, subject, false) },
      ]),
    }));
  const remove = (index: number) =>
    form.update((current) => ({ ...current, variants: resplit(current.variants.filter((_, at) => at !== index)) }));

  const submit = () => {
    if (form.saving) return;
    setProblem(null);
    form.submit();
  };

  const shareError = form.error('variants');

  return (
    <Form onSubmit={submit} noValidate implicitSubmit={false}>
      <BlockStack gap="400">
        {subjects.length > 1 ? (
          <Select
            id="ql-experiment-subject"
            label={texts.whatToTest}
            options={subjects.map((value) => ({
              label: experimentSubjectLabels[value],
              value,
              disabled: value === 'leadGate' && item.kind === 'quiz' && !item.collectEmail,
            }))}
            value={subject}
            onChange={(value) => choose(value as TExperimentSubject)}
            helpText={item.kind === 'quiz' && !item.collectEmail ? texts.needsEmail : undefined}
            error={form.error('subject')}
          />
        ) : (
          <Text as="p" variant="bodyMd">
            {`${texts.whatToTest}: ${experimentSubjectLabels[subject]}`}
          </Text>
        )}
        {drafts.map((draft, index) => {
          const key = `variants-${index}`;
          const original = index === 0;
          return (
            <Box key={index} padding="400" borderWidth="025" borderColor="border" borderRadius="200">
              <BlockStack gap="300">
                <InlineStack align="space-between" blockAlign="center">
                  <Text as="h3" variant="headingSm">
                    {original ? texts.original : `${texts.variant} ${String.fromCharCode(65 + index)}`}
                  </Text>
                  {!original && drafts.length > experimentLimits.variantsMin ? (
                    <Button variant="plain" tone="critical" onClick={() => remove(index)}>
                      {texts.removeVariant(draft.name || `${texts.variant} ${String.fromCharCode(65 + index)}`)}
                    </Button>
                  ) : null}
                </InlineStack>
                <FormLayout>
                  <FormLayout.Group>
                    <TextField
                      id={fieldId(`${key}-name`)}
                      label={texts.name}
                      value={draft.name}
                      onChange={(name) => change(index, { name })}
                      autoComplete="off"
                      maxLength={experimentLimits.name}
                      error={form.error(`${key}-name`)}
                    />
                    <TextField
                      id={fieldId(`${key}-share`)}
                      label={texts.share}
                      type="number"
                      min={experimentLimits.shareMin}
                      max={experimentLimits.shareMax}
                      value={draft.share}
                      onChange={(share) => change(index, { share })}
                      autoComplete="off"
                      error={form.error(`${key}-share`) ?? (index === 0 ? shareError : undefined)}
                    />
                  </FormLayout.Group>
                  <VariantValue
                    item={item}
                    subject={subject}
                    original={original}
                    value={draft.value}
                    fieldId={fieldId(`${key}-value`)}
                    error={form.error(`${key}-value`)}
                    errorOfWeight={(slice) => form.error(`${key}-value-${slice}`)}
                    onChange={(value) => change(index, { value })}
                  />
                </FormLayout>
              </BlockStack>
            </Box>
          );
        })}
        <FormProblem problem={problem} />
        <InlineStack align="space-between" gap="200">
          {maxVariants > experimentLimits.variantsMin ? (
            <Button onClick={add} disabled={drafts.length >= maxVariants}>
              {texts.addVariant}
            </Button>
          ) : (
            <span />
          )}
          <ButtonGroup>
            <Button onClick={onCancel}>{texts.cancel}</Button>
            <Button variant="primary" submit loading={form.saving}>
              {texts.start}
            </Button>
          </ButtonGroup>
        </InlineStack>
      </BlockStack>
    </Form>
  );
}

function VariantValue(props: {
  item: TestedItem;
  subject: TExperimentSubject;
  original: boolean;
  value: Draft['value'];
  fieldId: string;
  error: string | undefined;
  errorOfWeight(slice: number): string | undefined;
  onChange(value: Draft['value']): void;
}) {
  const { item, subject, original, value, fieldId, error } = props;
  if (item.kind === 'wheel' && Array.isArray(value)) {
    const chances = sliceChances(value.map((weight) => Math.max(0, Number(weight) || 0)));
    return (
      <BlockStack gap="200">
        <Text as="p" variant="bodySm" tone="subdued">
          {original ? `${texts.value.odds}: ${texts.originalHelp}` : texts.value.odds}
        </Text>
        {item.options.map((option, slice) => (
          <TextField
            key={slice}
            id={slice === 0 ? fieldId : `${fieldId}-${slice}`}
            label={option.text || `Slice ${slice + 1}`}
            type="number"
            min={0}
            value={value[slice] ?? ''}
            disabled={original}
            onChange={(weight) => props.onChange(value.map((old, at) => (at === slice ? weight : old)))}
            autoComplete="off"
            suffix={texts.chance(percent(chances[slice] ?? 0))}
            error={props.errorOfWeight(slice) ?? (slice === 0 ? error : undefined)}
          />
        ))}
      </BlockStack>
    );
  }
  if (subject === 'leadGate') {
    return (
      <Select
        id={fieldId}
        label={texts.value.leadGate}
        options={(['before', 'after'] as const).map((gate) => ({ label: leadGateLabels[gate], value: gate }))}
        value={String(value)}
        disabled={original}
        helpText={original ? texts.originalHelp : undefined}
        onChange={(gate) => props.onChange(gate)}
        error={error}
      />
    );
  }
  if (original) {
    const shown = String(value)
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    return (
      <TextField
        id={fieldId}
        label={texts.value.intro}
        value={shown}
        disabled
        multiline={2}
        autoComplete="off"
        helpText={texts.originalHelp}
      />
    );
  }
  return (
    <RichTextEditor
      label={texts.value.intro}
      value={String(value)}
      onChange={(html) => props.onChange(html)}
      maxVisible={quizLimits.richTextVisible}
      error={error}
    />
  );
}
