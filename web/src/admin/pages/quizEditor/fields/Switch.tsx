import { InlineStack, Text } from '@shopify/polaris';
import { useId } from 'react';

interface Props {
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
  disabled?: boolean;
  helpText?: string;
}

/** An on/off switch (Polaris 13 has none): a button with role="switch", styled in quizEditor.css. */
export function Switch({ label, checked, onChange, disabled, helpText }: Props) {
  const id = useId();
  return (
    <InlineStack gap="300" blockAlign="center" wrap={false}>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={helpText ? `${id}-help` : undefined}
        className="ql-switch"
        disabled={disabled}
        onClick={() => onChange(!checked)}
      >
        <span className="ql-switch__knob" />
      </button>
      <div>
        <Text as="span" id={`${id}-label`} fontWeight="medium">
          {label}
        </Text>
        {helpText ? (
          <Text as="p" id={`${id}-help`} tone="subdued" variant="bodySm">
            {helpText}
          </Text>
        ) : null}
      </div>
    </InlineStack>
  );
}
