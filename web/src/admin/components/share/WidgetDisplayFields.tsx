import { BlockStack, Box, Checkbox, InlineGrid, Select, TextField } from '@shopify/polaris';
import {
  clampScrollPercent,
  embedMaxDelaySeconds,
  embedScrollLimits,
  type EmbedDisplay,
  type EmbedDisplayOptions,
  type EmbedTrigger,
} from '@quizlead/shared/sharing.ts';
import { embedRuleLabels } from '@quizlead/shared/embedRulesText.ts';
import { EmbedRulesFields } from './EmbedRulesFields.tsx';

const displayOptions: { label: string; value: EmbedDisplay }[] = [
  { label: 'In the page', value: 'inline' },
  { label: 'Pop-up', value: 'popup' },
  { label: 'Slide-in (bottom right)', value: 'slidein' },
];

const triggerOptions: { label: string; value: EmbedTrigger }[] = [
  { label: 'When the page loads', value: 'load' },
  { label: 'After a delay', value: 'delay' },
  { label: 'When the visitor is about to leave', value: 'exit' },
  { label: 'When the visitor scrolls down the page', value: 'scroll' },
];

interface Props {
  value: EmbedDisplayOptions;
  onChange(next: EmbedDisplayOptions): void;
  /** 'quiz', 'poll'…: names the thing in the help texts. */
  thing: string;
}

/**
 * How the widget code shows its item (docs/api.md, "Embedding"): in the page, or as a pop-up or
 * slide-in with its trigger, delay or scroll depth, and once-per-visitor cap; then who sees it and how
 * often (data-rules, issue 35). The code beside it follows live.
 */
export function WidgetDisplayFields({ value, onChange, thing }: Props) {
  const set = (changes: Partial<EmbedDisplayOptions>) => onChange({ ...value, ...changes });
  const overlay = value.display !== 'inline';
  return (
    <BlockStack gap="300">
      <InlineGrid columns={{ xs: 1, sm: overlay ? 2 : 1 }} gap="300">
        <Select
          label="Display"
          options={displayOptions}
          value={value.display}
          onChange={(display) => set({ display: display as EmbedDisplay })}
          helpText={overlay ? undefined : `The ${thing} appears where you paste the code and resizes to fit.`}
        />
        {overlay ? (
          <Select
            label="Show it"
            options={triggerOptions}
            value={value.trigger}
            onChange={(trigger) => set({ trigger: trigger as EmbedTrigger })}
          />
        ) : null}
      </InlineGrid>
      {overlay ? (
        <InlineGrid columns={{ xs: 1, sm: 2 }} gap="300">
          {value.trigger === 'scroll' ? (
            <TextField
              label="Scrolled down (%)"
              type="number"
              min={embedScrollLimits.min}
              max={embedScrollLimits.max}
              value={String(value.scrollPercent)}
              onChange={(text) => set({ scrollPercent: clampScrollPercent(Number(text)) })}
              autoComplete="off"
              helpText={`The ${thing} appears once the visitor has scrolled this far down the page.`}
            />
          ) : null}
          {value.trigger === 'load' || value.trigger === 'scroll' ? null : (
            <TextField
              label="Delay (seconds)"
              type="number"
              min={0}
              max={embedMaxDelaySeconds}
              value={String(value.delaySeconds)}
              onChange={(text) => {
                const seconds = Math.round(Number(text));
                set({ delaySeconds: Number.isFinite(seconds) ? Math.min(embedMaxDelaySeconds, Math.max(0, seconds)) : 0 });
              }}
              autoComplete="off"
              helpText={value.trigger === 'exit' ? 'Used instead on touch screens, which have no pointer to leave.' : undefined}
            />
          )}
          {/* Beside the delay field, level with its box rather than its label. */}
          <Box paddingBlockStart={value.trigger === 'load' ? '0' : { xs: '0', sm: '600' }}>
            <Checkbox
              label="Show once per visitor"
              checked={value.once && !value.rules.every}
              disabled={!!value.rules.every}
              onChange={(once) => set({ once })}
              helpText={
                value.rules.every
                  ? embedRuleLabels.onceReplaced
                  : 'A visitor who has seen it does not see it again on this browser.'
              }
            />
          </Box>
        </InlineGrid>
      ) : null}
      <EmbedRulesFields rules={value.rules} onChange={(rules) => set({ rules })} overlay={overlay} once={value.once} />
    </BlockStack>
  );
}
