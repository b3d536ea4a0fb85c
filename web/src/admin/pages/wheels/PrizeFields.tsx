import { Badge, BlockStack, Checkbox, InlineGrid, InlineStack, Select, Text, TextField } from '@shopify/polaris';
import {
  prizeLimits,
  prizeValueTypes,
  type TPrizePool,
  type TPrizeSettings,
  type TPrizeSettingsInput,
  type TPrizeValueType,
} from '@quizlead/shared/schemas/prizes.ts';
import { prizeTexts } from './texts.ts';

/** A unique-code prize as the form holds it: numbers as typed. */
export interface PrizeDraft {
  valueType: TPrizeValueType;
  value: string;
  /** Empty: the codes never expire. */
  expiresInDays: string;
  combinesWith: TPrizeSettings['combinesWith'];
}

export const prizeDraft = (prize: TPrizeSettings | null | undefined): PrizeDraft => ({
  valueType: prize?.valueType ?? 'percentage',
  value: prize ? String(prize.value) : '',
  expiresInDays: prize?.expiresInDays ? String(prize.expiresInDays) : '',
  combinesWith: prize?.combinesWith ?? { orderDiscounts: false, productDiscounts: false, shippingDiscounts: false },
});

/** What the API takes; a blank or unreadable value is sent as NaN so the schema names the field. */
export const prizeFromDraft = (draft: PrizeDraft): TPrizeSettingsInput => ({
  kind: 'unique',
  valueType: draft.valueType,
  value: draft.value.trim() === '' ? Number.NaN : Number(draft.value),
  expiresInDays: draft.expiresInDays.trim() === '' ? null : Number(draft.expiresInDays),
  appliesOncePerCustomer: true,
  combinesWith: draft.combinesWith,
});

/** The draft's value when it reads as a number, for the margin guard. */
export const draftValue = (draft: PrizeDraft): number | null => {
  const value = Number(draft.value);
  return draft.value.trim() !== '' && Number.isFinite(value) && value > 0 ? value : null;
};

const valueTypeOptions = prizeValueTypes.map((type) => ({ label: prizeTexts.valueTypes[type], value: type }));
const combineKeys = ['orderDiscounts', 'productDiscounts', 'shippingDiscounts'] as const;

/** The value, expiry and combinations of one slice's unique codes. */
export function UniquePrizeFields(props: {
  idPrefix: string;
  draft: PrizeDraft;
  onChange(draft: PrizeDraft, field: 'prizeValue' | 'prizeExpiry' | 'prize'): void;
  errors: { value?: string; expiry?: string };
  pool: TPrizePool | null;
}) {
  const { draft, onChange } = props;
  const percentage = draft.valueType === 'percentage';
  return (
    <BlockStack gap="300">
      <InlineGrid columns={{ xs: 1, md: 3 }} gap="300">
        <Select
          id={`${props.idPrefix}-type`}
          label={prizeTexts.valueType}
          options={valueTypeOptions}
          value={draft.valueType}
          onChange={(valueType) => onChange({ ...draft, valueType: valueType as TPrizeValueType }, 'prizeValue')}
        />
        <TextField
          id={`${props.idPrefix}-value`}
          label={prizeTexts.value}
          type="number"
          min={percentage ? prizeLimits.percentMin : 0}
          max={percentage ? prizeLimits.percentMax : prizeLimits.amountMax}
          step={percentage ? 1 : 0.01}
          suffix={percentage ? '%' : undefined}
          helpText={percentage ? prizeTexts.percentHelp : prizeTexts.amountHelp}
          value={draft.value}
          onChange={(value) => onChange({ ...draft, value }, 'prizeValue')}
          autoComplete="off"
          error={props.errors.value}
        />
        <TextField
          id={`${props.idPrefix}-expiry`}
          label={prizeTexts.expiry}
          type="number"
          min={prizeLimits.expiresInDaysMin}
          max={prizeLimits.expiresInDaysMax}
          step={1}
          helpText={prizeTexts.expiryHelp}
          value={draft.expiresInDays}
          onChange={(expiresInDays) => onChange({ ...draft, expiresInDays }, 'prizeExpiry')}
          autoComplete="off"
          error={props.errors.expiry}
        />
      </InlineGrid>
      <fieldset className="ql-prize-combines">
        <legend>
          <Text as="span" variant="bodyMd">
            {prizeTexts.combinesWith}
          </Text>
        </legend>
        <InlineStack gap="400">
          {combineKeys.map((key) => (
            <Checkbox
              key={key}
              label={prizeTexts.combines[key]}
              checked={draft.combinesWith[key]}
              onChange={(checked) => onChange({ ...draft, combinesWith: { ...draft.combinesWith, [key]: checked } }, 'prize')}
            />
          ))}
        </InlineStack>
      </fieldset>
      <PoolStatus pool={props.pool} />
    </BlockStack>
  );
}

/** Where the slice's codes stand (a slice not saved yet has no pool). */
function PoolStatus({ pool }: { pool: TPrizePool | null }) {
  if (!pool) {
    return (
      <Text as="p" tone="subdued" variant="bodySm">
        {prizeTexts.pool.saved}
      </Text>
    );
  }
  if (pool.status === 'failed') {
    return (
      <BlockStack gap="100">
        <InlineStack gap="200" blockAlign="center">
          <Badge tone="critical">{prizeTexts.pool.failed}</Badge>
          <Text as="span" tone="critical" variant="bodySm">
            {pool.error ?? ''}
          </Text>
        </InlineStack>
        <Text as="p" tone="subdued" variant="bodySm">
          {prizeTexts.pool.saveToRetry}
        </Text>
      </BlockStack>
    );
  }
  return (
    <InlineStack gap="200" blockAlign="center">
      {pool.status === 'ready' ? (
        <Badge tone="success">{prizeTexts.pool.ready(pool.codesLeft, pool.codesGiven)}</Badge>
      ) : (
        <Badge tone="attention">{prizeTexts.pool.pending}</Badge>
      )}
    </InlineStack>
  );
}
