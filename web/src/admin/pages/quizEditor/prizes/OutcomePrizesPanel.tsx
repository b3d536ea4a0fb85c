import { Banner, BlockStack, Box, Card, Checkbox, Text } from '@shopify/polaris';
import { outcomeOptions } from '@quizlead/shared/engine/products.ts';
import { ZPrizeSettings, type TPrizeSettings } from '@quizlead/shared/schemas/prizes.ts';
import { useState } from 'react';
import { getPrizeOptions } from '../../../api/wheels.ts';
import { useResource } from '../../../data/useResource.ts';
import { prizeDraft, prizeFromDraft, UniquePrizeFields, type PrizeDraft } from '../../wheels/PrizeFields.tsx';
import type { QuizDraftApi } from '../useQuizDraft.ts';

export const outcomePrizeTexts = {
  title: 'Discount codes',
  help: 'Give each player who reaches an outcome and leaves an email a unique, single-use Shopify discount code. One email gets one code of this quiz.',
  give: 'Give a unique discount code',
  needsEmail: 'Turn on “Collect email” in the Lead tab: codes are given once per email.',
  noOutcomes: 'Add outcomes first: codes are given per outcome.',
} as const;

/**
 * The Outcome tab's Discount codes card (a Shopify shop's quiz): per outcome, whether it gives unique
 * codes and their value, expiry and combinations, saved with the quiz. The shared schema checks each
 * field as it is typed, as the server will.
 */
export function OutcomePrizesPanel({ editor }: { editor: QuizDraftApi }) {
  const options = useResource(['prize-options'], (signal) => getPrizeOptions(signal));
  if (options.loaded.state !== 'ready' || !options.loaded.data.uniqueCodes) return null;
  return <ShopOutcomePrizes editor={editor} />;
}

function ShopOutcomePrizes({ editor }: { editor: QuizDraftApi }) {
  const { draft, update } = editor;
  const prizes = draft.outcomePrizes ?? {};
  const outcomes = outcomeOptions(draft);
  /** What each outcome's fields hold as typed (numbers as text), kept while it is switched off. */
  const [drafts, setDrafts] = useState<Record<string, PrizeDraft>>(() =>
    Object.fromEntries(Object.entries(prizes).map(([key, prize]) => [key, prizeDraft(prize)])),
  );
  const store = (next: Record<string, TPrizeSettings>) => update({ outcomePrizes: next });
  const set = (key: string, typed: PrizeDraft) => {
    setDrafts((current) => ({ ...current, [key]: typed }));
    store({ ...prizes, [key]: prizeFromDraft(typed) as TPrizeSettings });
  };
  const toggle = (key: string, on: boolean) => {
    if (on) return set(key, drafts[key] ?? prizeDraft(null));
    const { [key]: _dropped, ...rest } = prizes;
    store(rest);
  };
  const errorsOf = (key: string) => {
    const checked = ZPrizeSettings.safeParse(prizes[key]);
    if (checked.success) return {};
    const at = (field: string) => checked.error.issues.find((issue) => issue.path[0] === field)?.message;
    return { value: at('value') ?? at('valueType'), expiry: at('expiresInDays') };
  };

  return (
    <Card>
      <BlockStack gap="400">
        <BlockStack gap="100">
          <Text as="h2" variant="headingMd">
            {outcomePrizeTexts.title}
          </Text>
          <Text as="p" tone="subdued">
            {outcomePrizeTexts.help}
          </Text>
        </BlockStack>
        {!draft.settings.collectEmail && Object.keys(prizes).length > 0 ? (
          <Banner tone="warning">
            <p>{outcomePrizeTexts.needsEmail}</p>
          </Banner>
        ) : null}
        {outcomes.length === 0 || (!draft.settings.collectEmail && Object.keys(prizes).length === 0) ? (
          <Text as="p" tone="subdued">
            {outcomes.length === 0 ? outcomePrizeTexts.noOutcomes : outcomePrizeTexts.needsEmail}
          </Text>
        ) : (
          outcomes.map((outcome) => {
            const on = prizes[outcome.key] !== undefined;
            return (
              <Box key={outcome.key} padding="300" borderWidth="025" borderColor="border" borderRadius="200">
                <BlockStack gap="300">
                  <Text as="h3" variant="headingSm">
                    {outcome.label}
                  </Text>
                  <Checkbox
                    label={outcomePrizeTexts.give}
                    checked={on}
                    disabled={!draft.settings.collectEmail && !on}
                    onChange={(checked) => toggle(outcome.key, checked)}
                  />
                  {on ? (
                    <UniquePrizeFields
                      idPrefix={`ql-outcome-prize-${outcome.key}`}
                      draft={drafts[outcome.key] ?? prizeDraft(prizes[outcome.key])}
                      onChange={(typed) => set(outcome.key, typed)}
                      errors={errorsOf(outcome.key)}
                      pool={null}
                    />
                  ) : null}
                </BlockStack>
              </Box>
            );
          })
        )}
      </BlockStack>
    </Card>
  );
}
