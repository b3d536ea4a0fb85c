import { BlockStack, Button, InlineStack, Text } from '@shopify/polaris';
import { useId } from 'react';

interface Props {
  label: string;
  value: string;
  onChange(value: string): void;
  /** Shown with a Reset button when the colour may be left unset. */
  onReset?: () => void;
}

/** A labelled native colour input drawn in the Polaris style. */
export function ColorField({ label, value, onChange, onReset }: Props) {
  const id = useId();
  return (
    <BlockStack gap="100">
      <label htmlFor={id}>
        <Text as="span">{label}</Text>
      </label>
      <InlineStack gap="200" blockAlign="center" wrap={false}>
        <input id={id} type="color" className="ql-color" value={value} onChange={(event) => onChange(event.target.value)} />
        <Text as="span" tone="subdued" numeric>
          {value.toUpperCase()}
        </Text>
        {onReset ? (
          <Button variant="plain" onClick={onReset} accessibilityLabel={`Reset ${label}`}>
            Reset
          </Button>
        ) : null}
      </InlineStack>
    </BlockStack>
  );
}
