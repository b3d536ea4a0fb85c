import { Banner, BlockStack, Card, InlineStack, Select, Spinner, Tag, Text, TextField } from '@shopify/polaris';
import { outcomeOptions, recommendedProductFields } from '@quizlead/shared/engine/products.ts';
import {
  recommendationLimits,
  type TProductRecommendations,
  type TRecommendationMode,
} from '@quizlead/shared/schemas/recommendations.ts';
import { useMemo, useRef, type ReactNode } from 'react';
import type { TProductCollection } from '@quizlead/shared/schemas/products.ts';
import { listProductCollections } from '../../../api/products.ts';
import { useResource } from '../../../data/useResource.ts';
import { adminLink } from '../../../urls.ts';
import type { QuizDraftApi } from '../useQuizDraft.ts';
import { OutcomeItem } from '../tabs/OutcomeItem.tsx';
import { ChosenProducts } from './ChosenProducts.tsx';
import { ProductPicker } from './ProductPicker.tsx';
import { RulesEditor } from './RulesEditor.tsx';
import { productTexts } from './texts.ts';
import { useProductCatalog, type ProductCatalog } from './useProductCatalog.ts';

const modeOptions = (['off', 'outcomes', 'rules'] as const).map((mode) => ({ label: productTexts.modes[mode], value: mode }));

const toCount = (value: string) =>
  Math.min(recommendationLimits.count, Math.max(1, Math.round(Number(value)) || recommendationLimits.defaultCount));

/** The Outcome tab's Products card: the mode, then products per outcome or rules; saved with the quiz. */
export function ProductsPanel({ editor }: { editor: QuizDraftApi }) {
  const { draft, update } = editor;
  const value: TProductRecommendations = draft.productRecommendations ?? { mode: 'off' };
  /** What each mode held when the owner switched away, so switching back restores it. */
  const stash = useRef<Partial<Record<TRecommendationMode, TProductRecommendations>>>({});
  const set = (productRecommendations: TProductRecommendations) => update({ productRecommendations });

  const changeMode = (mode: string) => {
    if (mode === value.mode) return;
    stash.current[value.mode] = value;
    const count = value.mode === 'off' ? recommendationLimits.defaultCount : value.count;
    const kept = stash.current[mode as TRecommendationMode];
    if (kept) return set(kept.mode === 'off' ? kept : { ...kept, count });
    if (mode === 'outcomes') return set({ mode: 'outcomes', outcomes: [], count });
    if (mode === 'rules') return set({ mode: 'rules', rules: [], exclude: { productIds: [], tags: [] }, count });
    set({ mode: 'off' });
  };

  return (
    <section aria-labelledby="quiz-products-title">
      <Card>
        <BlockStack gap="400">
          <Text as="h2" variant="headingMd" id="quiz-products-title">
            {productTexts.title}
          </Text>
          <Text as="p" tone="subdued">
            {productTexts.intro}
          </Text>
          <Select label={productTexts.mode} options={modeOptions} value={value.mode} onChange={changeMode} />
          {value.mode === 'off' ? null : <ProductsEditor value={value} editor={editor} onChange={set} />}
        </BlockStack>
      </Card>
    </section>
  );
}

/** The catalogue is read only while the quiz recommends products. */
function ProductsEditor({
  value,
  editor,
  onChange,
}: {
  value: Exclude<TProductRecommendations, { mode: 'off' }>;
  editor: QuizDraftApi;
  onChange(value: TProductRecommendations): void;
}) {
  const chosenIds = useMemo(() => recommendedProductFields(value).map(({ id }) => id), [value]);
  const catalog = useProductCatalog(chosenIds);
  return (
    <CatalogState catalog={catalog}>
      <TextField
        label={productTexts.count}
        type="number"
        min={1}
        max={recommendationLimits.count}
        value={String(value.count)}
        onChange={(count) => onChange({ ...value, count: toCount(count) })}
        helpText={productTexts.countHelp}
        autoComplete="off"
      />
      {value.mode === 'outcomes' ? (
        <OutcomeProducts value={value} editor={editor} catalog={catalog} onChange={onChange} />
      ) : (
        <RulesEditor value={value} questions={editor.saved.questions} catalog={catalog} onChange={onChange} />
      )}
    </CatalogState>
  );
}

/** Loading, failed and empty catalogues in place of the editors. */
function CatalogState({ catalog, children }: { catalog: ProductCatalog; children: ReactNode }) {
  const { status } = catalog;
  if (status.status === 'loading')
    return (
      <InlineStack gap="200" blockAlign="center">
        <Spinner size="small" accessibilityLabel={productTexts.loading} />
        <Text as="span" tone="subdued">
          {productTexts.loading}
        </Text>
      </InlineStack>
    );
  if (status.status === 'failed')
    return (
      <Banner tone="critical" title={productTexts.failed} action={{ content: productTexts.tryAgain, onAction: catalog.retry }}>
        <p>{status.message}</p>
      </Banner>
    );
  if (status.total === 0)
    return (
      <Banner tone="info" action={adminLink(productTexts.goToProducts, 'Products')}>
        <p>{productTexts.empty}</p>
      </Banner>
    );
  return <BlockStack gap="400">{children}</BlockStack>;
}

type OutcomesRecommendations = Extract<TProductRecommendations, { mode: 'outcomes' }>;

function OutcomeProducts({
  value,
  editor,
  catalog,
  onChange,
}: {
  value: OutcomesRecommendations;
  editor: QuizDraftApi;
  catalog: ProductCatalog;
  onChange(value: OutcomesRecommendations): void;
}) {
  const options = outcomeOptions(editor.draft);
  // A Shopify shop's collections (from its products); standalone accounts have none and see no picker.
  const loaded = useResource(['product-collections'], (signal) => listProductCollections(signal));
  const collections = loaded.loaded.state === 'ready' ? loaded.loaded.data : [];
  if (options.length === 0)
    return (
      <Text as="p" tone="subdued">
        {productTexts.noOutcomes}
      </Text>
    );
  const entryOf = (key: string) => value.outcomes.find((entry) => entry.outcome === key);
  const idsOf = (key: string) => entryOf(key)?.productIds ?? [];
  const setEntry = (key: string, patch: { productIds?: string[]; collectionIds?: string[] }) => {
    const others = value.outcomes.filter((entry) => entry.outcome !== key);
    const entry = { outcome: key, productIds: idsOf(key), collectionIds: entryOf(key)?.collectionIds ?? [], ...patch };
    // Outcomes keep the builder's order; an outcome with no products and no collections is not stored.
    const outcomes = options.flatMap((option) => {
      if (option.key === key) return entry.productIds.length > 0 || entry.collectionIds.length > 0 ? [entry] : [];
      return others.filter((other) => other.outcome === option.key);
    });
    onChange({ ...value, outcomes });
  };
  const setIds = (key: string, productIds: string[]) => setEntry(key, { productIds });
  return (
    <BlockStack gap="300">
      <Text as="p" tone="subdued">
        {productTexts.outcomesHelp}
      </Text>
      {options.map((option) => {
        const ids = idsOf(option.key);
        const full = ids.length >= recommendationLimits.count;
        return (
          <OutcomeItem key={option.key} name={option.label} removable={false} onRemove={() => undefined}>
            <ChosenProducts ids={ids} catalog={catalog} onChange={(next) => setIds(option.key, next)} />
            <ProductPicker
              label={productTexts.addProduct(option.label)}
              catalog={catalog}
              taken={ids}
              disabled={full}
              onPick={(product) => setIds(option.key, [...ids, product.id])}
            />
            {full ? (
              <Text as="p" tone="subdued">
                {productTexts.full}
              </Text>
            ) : null}
            {collections.length > 0 ? (
              <OutcomeCollections
                outcome={option.label}
                chosen={entryOf(option.key)?.collectionIds ?? []}
                collections={collections}
                onChange={(collectionIds) => setEntry(option.key, { collectionIds })}
              />
            ) : null}
          </OutcomeItem>
        );
      })}
    </BlockStack>
  );
}

/** An outcome's collections: the chosen ones (removable) and a picker for one more. */
function OutcomeCollections({
  outcome,
  chosen,
  collections,
  onChange,
}: {
  outcome: string;
  chosen: readonly string[];
  collections: readonly TProductCollection[];
  onChange(collectionIds: string[]): void;
}) {
  const full = chosen.length >= recommendationLimits.collections;
  const left = collections.filter((collection) => !chosen.includes(collection.id));
  const titleOf = (id: string) => collections.find((collection) => collection.id === id)?.title ?? productTexts.collectionGone;
  return (
    <BlockStack gap="200">
      <Text as="h4" variant="headingXs">
        {productTexts.collections}
      </Text>
      {chosen.length > 0 ? (
        <InlineStack gap="200">
          {chosen.map((id) => (
            <Tag
              key={id}
              onRemove={() => onChange(chosen.filter((other) => other !== id))}
              accessibilityLabel={productTexts.removeCollection(titleOf(id))}
            >
              {titleOf(id)}
            </Tag>
          ))}
        </InlineStack>
      ) : null}
      <Select
        label={productTexts.addCollection(outcome)}
        labelHidden
        options={[
          { label: productTexts.chooseCollection, value: '' },
          ...left.map((collection) => ({
            label: `${collection.title} (${productTexts.collectionProducts(collection.products)})`,
            value: collection.id,
          })),
        ]}
        value=""
        disabled={full || left.length === 0}
        onChange={(id) => {
          if (id) onChange([...chosen, id]);
        }}
        helpText={full ? productTexts.collectionsFull : productTexts.collectionsHelp}
      />
    </BlockStack>
  );
}
