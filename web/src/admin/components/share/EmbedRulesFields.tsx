import { BlockStack, Box, Checkbox, InlineGrid, Select, Text, TextField } from '@shopify/polaris';
import type { EmbedRuleName, EmbedRules } from '@quizlead/shared/embedRules.ts';
import { describeEmbedRules, embedRuleLabels as labels } from '@quizlead/shared/embedRulesText.ts';

interface Props {
  rules: EmbedRules;
  onChange(next: EmbedRules): void;
  /** A pop-up or slide-in: the frequency rules apply. */
  overlay: boolean;
  /** The once-per-visitor cap, for the summary. */
  once: boolean;
}

const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as a datetime-local field shows it, in the owner's time zone. */
function localValue(instant: string | undefined): string {
  const date = new Date(instant ?? '');
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value (the owner's time zone) as the instant the rule stores. */
function instantOf(local: string): string {
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/** A whole number of at least `min`, or empty. */
const count = (text: string, min = 0) => {
  const value = Math.round(Number(text));
  return text.trim() && Number.isFinite(value) ? String(Math.max(min, value)) : '';
};

/** An amount (two decimals at most), or empty. */
const amount = (text: string) => {
  const value = Number(text);
  return text.trim() && Number.isFinite(value) && value >= 0 ? String(Math.round(value * 100) / 100) : '';
};

/**
 * Audience targeting and frequency of the widget code (issue 35; shared/src/embedRules.ts): who sees the
 * item and how often, every rule ANDed, with the rules in a sentence beside them. The code follows live.
 */
export function EmbedRulesFields({ rules, onChange, overlay, once }: Props) {
  const set = (name: EmbedRuleName, value: string) => {
    const next = { ...rules };
    if (value) next[name] = value;
    else delete next[name];
    onChange(next);
  };
  const [cartMin = '', cartMax = ''] = (rules.cart ?? '').split('-');
  const [itemsMin = '', itemsMax = ''] = (rules.items ?? '').split('-');
  const setRange = (name: 'cart' | 'items', min: string, max: string) => set(name, min || max ? `${min}-${max}` : '');
  const text = (name: EmbedRuleName, helpText?: string, placeholder?: string) => (
    <TextField
      label={labels[name as keyof typeof labels] as string}
      value={rules[name] ?? ''}
      onChange={(value) => set(name, value.replace(/;/g, ''))}
      autoComplete="off"
      helpText={helpText}
      placeholder={placeholder}
    />
  );

  return (
    <BlockStack gap="300">
      <BlockStack gap="100">
        <Text as="h3" variant="headingSm">
          {labels.heading}
        </Text>
        <Text as="p" tone="subdued">
          {labels.intro}
        </Text>
      </BlockStack>
      <InlineGrid columns={{ xs: 1, sm: 2 }} gap="300">
        <Select
          label={labels.visitor}
          options={[
            { label: labels.visitorOptions.any, value: '' },
            { label: labels.visitorOptions.new, value: 'new' },
            { label: labels.visitorOptions.returning, value: 'returning' },
          ]}
          value={rules.visitor ?? ''}
          onChange={(value) => set('visitor', value)}
        />
        <Select
          label={labels.device}
          options={[
            { label: labels.deviceOptions.any, value: '' },
            { label: labels.deviceOptions.mobile, value: 'mobile' },
            { label: labels.deviceOptions.desktop, value: 'desktop' },
          ]}
          value={rules.device ?? ''}
          onChange={(value) => set('device', value)}
        />
      </InlineGrid>
      <BlockStack gap="100">
        <InlineGrid columns={{ xs: 1, sm: 3 }} gap="300">
          {text('utm_source', undefined, 'mailchimp')}
          {text('utm_medium', undefined, 'email')}
          {text('utm_campaign', undefined, 'spring-sale')}
        </InlineGrid>
        <Text as="p" tone="subdued" variant="bodySm">
          {labels.utmHelp}
        </Text>
      </BlockStack>
      <InlineGrid columns={{ xs: 1, sm: 2 }} gap="300">
        {text('referrer', labels.referrerHelp, 'google.com')}
        {text('landing', labels.landingHelp, '/collections/sale')}
      </InlineGrid>
      {text('country', labels.countryHelp, 'DE, AT, CH')}
      <InlineGrid columns={{ xs: 1, sm: 2 }} gap="300">
        <TextField
          label={labels.from}
          type="datetime-local"
          value={localValue(rules.from)}
          onChange={(value) => set('from', instantOf(value))}
          autoComplete="off"
          helpText={labels.scheduleHelp(timeZone)}
        />
        <TextField
          label={labels.until}
          type="datetime-local"
          value={localValue(rules.until)}
          onChange={(value) => set('until', instantOf(value))}
          autoComplete="off"
          helpText={labels.scheduleHelp(timeZone)}
        />
      </InlineGrid>
      <BlockStack gap="100">
        <InlineGrid columns={{ xs: 2, md: 4 }} gap="300">
          <TextField
            label={labels.cartMin}
            type="number"
            min={0}
            value={cartMin}
            onChange={(value) => setRange('cart', amount(value), cartMax)}
            autoComplete="off"
          />
          <TextField
            label={labels.cartMax}
            type="number"
            min={0}
            value={cartMax}
            onChange={(value) => setRange('cart', cartMin, amount(value))}
            autoComplete="off"
          />
          <TextField
            label={labels.itemsMin}
            type="number"
            min={0}
            value={itemsMin}
            onChange={(value) => setRange('items', count(value), itemsMax)}
            autoComplete="off"
          />
          <TextField
            label={labels.itemsMax}
            type="number"
            min={0}
            value={itemsMax}
            onChange={(value) => setRange('items', itemsMin, count(value))}
            autoComplete="off"
          />
        </InlineGrid>
        <Text as="p" tone="subdued" variant="bodySm">
          {labels.cartHelp}
        </Text>
      </BlockStack>
      {overlay ? (
        <InlineGrid columns={{ xs: 1, sm: 2 }} gap="300">
          <TextField
            label={labels.everyDays}
            type="number"
            min={1}
            value={rules.every ?? ''}
            onChange={(value) => set('every', count(value, 1))}
            autoComplete="off"
            helpText={labels.everyDaysHelp}
          />
          <TextField
            label={labels.dismissals}
            type="number"
            min={1}
            value={rules.dismissals ?? ''}
            onChange={(value) => set('dismissals', count(value, 1))}
            autoComplete="off"
            helpText={labels.dismissalsHelp}
          />
          <Checkbox
            label={labels.converted}
            checked={rules.converted === 'stop'}
            onChange={(checked) => set('converted', checked ? 'stop' : '')}
          />
        </InlineGrid>
      ) : null}
      <Box background="bg-surface-secondary" padding="300" borderRadius="200">
        <BlockStack gap="100">
          <Text as="h4" variant="headingXs">
            {labels.summaryLabel}
          </Text>
          <p aria-live="polite">{describeEmbedRules(rules, { once, overlay, timeZone })}</p>
        </BlockStack>
      </Box>
    </BlockStack>
  );
}
