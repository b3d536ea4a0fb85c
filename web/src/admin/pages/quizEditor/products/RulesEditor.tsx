import { BlockStack, Box, Button, FormLayout, Select, Text, TextField } from '@shopify/polaris';
import { PlusIcon } from '@shopify/polaris-icons';
import { visibleText } from '@quizlead/shared/engine/text.ts';
import type { TQuestion } from '@quizlead/shared/schemas/quiz.ts';
import { recommendationLimits, type TProductRule } from '@quizlead/shared/schemas/recommendations.ts';
import { useState } from 'react';
import { OutcomeItem } from '../tabs/OutcomeItem.tsx';
import { ChosenProducts } from './ChosenProducts.tsx';
import { ProductPicker } from './ProductPicker.tsx';
import { productTexts } from './texts.ts';
import type { ProductCatalog } from './useProductCatalog.ts';

type RulesRecommendations = {
  mode: 'rules';
  rules: TProductRule[];
  exclude: { productIds: string[]; tags: string[] };
  count: number;
};

interface Props {
  value: RulesRecommendations;
  questions: readonly TQuestion[];
  catalog: ProductCatalog;
  onChange(value: RulesRecommendations): void;
}

const shortText = (html: string) => {
  const text = visibleText(html).trim();
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
};

const toPoints = (value: string) => {
  const points = Math.round(Number(value));
  const limit = recommendationLimits.points;
  return Number.isFinite(points) ? Math.min(limit, Math.max(-limit, points)) : 0;
};

/** A tag rule keeps its `tag` key while the owner types it (empty until then). */
const isTagRule = (rule: TProductRule) => rule.tag !== undefined;

/** Rules mode: each picked answer gives points to a product or a tag; what never shows. */
export function RulesEditor({ value, questions, catalog, onChange }: Props) {
  const { rules } = value;
  const setRule = (index: number, rule: TProductRule) =>
    onChange({ ...value, rules: rules.map((one, at) => (at === index ? rule : one)) });
  const questionOptions = questions.map((question, index) => ({
    label: productTexts.questionLabel(index, shortText(question.title)),
    value: question.id,
  }));

  const addRule = () => {
    const question = questions[0];
    if (!question) return;
    onChange({ ...value, rules: [...rules, { questionId: question.id, answerId: question.answers[0]?.id ?? '', points: 10 }] });
  };

  return (
    <BlockStack gap="400">
      <Text as="p" tone="subdued">
        {productTexts.rulesHelp}
      </Text>
      {rules.map((rule, index) => {
        const question = questions.find((one) => one.id === rule.questionId);
        const answerOptions = (question?.answers ?? []).map((answer, at) => ({
          label: productTexts.answerLabel(at, answer.text.trim()),
          value: answer.id,
        }));
        return (
          <OutcomeItem
            key={index}
            name={productTexts.rule(index)}
            removable
            onRemove={() => onChange({ ...value, rules: rules.filter((_, at) => at !== index) })}
          >
            <FormLayout>
              <FormLayout.Group>
                <Select
                  label={productTexts.question}
                  options={questionOptions}
                  value={rule.questionId}
                  onChange={(questionId) => {
                    const picked = questions.find((one) => one.id === questionId);
                    setRule(index, { ...rule, questionId, answerId: picked?.answers[0]?.id ?? '' });
                  }}
                />
                <Select
                  label={productTexts.answer}
                  options={answerOptions}
                  value={rule.answerId}
                  onChange={(answerId) => setRule(index, { ...rule, answerId })}
                />
              </FormLayout.Group>
              <FormLayout.Group>
                <Select
                  label={productTexts.give}
                  options={[
                    { label: productTexts.target.product, value: 'product' },
                    { label: productTexts.target.tag, value: 'tag' },
                  ]}
                  value={isTagRule(rule) ? 'tag' : 'product'}
                  onChange={(kind) => {
                    const { productId: _product, tag: _tag, ...rest } = rule;
                    setRule(index, kind === 'tag' ? { ...rest, tag: '' } : rest);
                  }}
                />
                <TextField
                  label={productTexts.points}
                  type="number"
                  min={-recommendationLimits.points}
                  max={recommendationLimits.points}
                  value={String(rule.points)}
                  onChange={(points) => setRule(index, { ...rule, points: toPoints(points) })}
                  helpText={productTexts.pointsHelp}
                  autoComplete="off"
                />
              </FormLayout.Group>
              {isTagRule(rule) ? (
                <TextField
                  label={productTexts.tag}
                  value={rule.tag ?? ''}
                  onChange={(tag) => setRule(index, { ...rule, tag })}
                  autoComplete="off"
                />
              ) : (
                <BlockStack gap="200">
                  <ChosenProducts
                    ids={rule.productId ? [rule.productId] : []}
                    catalog={catalog}
                    ordered={false}
                    onChange={() => {
                      const { productId: _product, ...rest } = rule;
                      setRule(index, rest);
                    }}
                  />
                  {rule.productId ? null : (
                    <ProductPicker
                      label={`${productTexts.product} (${productTexts.rule(index)})`}
                      catalog={catalog}
                      taken={[]}
                      onPick={(product) => setRule(index, { ...rule, productId: product.id })}
                    />
                  )}
                </BlockStack>
              )}
            </FormLayout>
          </OutcomeItem>
        );
      })}
      <Box>
        {questions.length === 0 ? (
          <Text as="p" tone="subdued">
            {productTexts.needQuestions}
          </Text>
        ) : (
          <Button icon={PlusIcon} onClick={addRule} disabled={rules.length >= recommendationLimits.rules}>
            {productTexts.addRule}
          </Button>
        )}
      </Box>
      <ExcludedProducts value={value} catalog={catalog} onChange={onChange} />
    </BlockStack>
  );
}

function ExcludedProducts({ value, catalog, onChange }: Omit<Props, 'questions'>) {
  const { exclude } = value;
  // The owner's typing, commas and all; the tags are what it parses to.
  const [tagsText, setTagsText] = useState(() => exclude.tags.join(', '));
  return (
    <BlockStack gap="200">
      <Text as="h3" variant="headingSm">
        {productTexts.exclude}
      </Text>
      <Text as="p" tone="subdued">
        {productTexts.excludeHelp}
      </Text>
      <ChosenProducts
        ids={exclude.productIds}
        catalog={catalog}
        ordered={false}
        onChange={(productIds) => onChange({ ...value, exclude: { ...exclude, productIds } })}
      />
      <ProductPicker
        label={productTexts.excludeProduct}
        catalog={catalog}
        taken={exclude.productIds}
        onPick={(product) => onChange({ ...value, exclude: { ...exclude, productIds: [...exclude.productIds, product.id] } })}
        disabled={exclude.productIds.length >= recommendationLimits.excluded}
      />
      <TextField
        label={productTexts.excludeTags}
        helpText={productTexts.excludeTagsHelp}
        value={tagsText}
        onChange={(text) => {
          setTagsText(text);
          const tags = text
            .split(',')
            .map((tag) => tag.trim())
            .filter((tag, index, all) => tag !== '' && all.indexOf(tag) === index);
          onChange({ ...value, exclude: { ...exclude, tags } });
        }}
        autoComplete="off"
      />
    </BlockStack>
  );
}
