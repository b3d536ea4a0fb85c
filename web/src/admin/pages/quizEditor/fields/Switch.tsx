import { InlineStack, Text } from '@shopify/polaris';
import { useId } from 'react';

interface Props {
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
  disabled?: boolean;
  /** What each state does; the one shown is the current state's, so it never describes the other. */
  helpText?: { on: string; off: string };
}

/**
 * An on/off switch (Polaris 13 has none): a button with role="switch", styled in quizEditor.css. Its
 * label is a real <label>, so clicking the words toggles it like clicking the switch.
 */
export function Switch({ label, checked, onChange, disabled, helpText }: Props) {
  const id = useId();
  const help = helpText ? (checked ? helpText.on : helpText.off) : null;
  return (
    <InlineStack gap="300" blockAlign="center" wrap={false}>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={help ? `${id}-help` : undefined}
        className="ql-switch"
        disabled={disabled}
        onClick={() => onChange(!checked)}
      >
        <span className="ql-switch__knob" />
      </button>
      <div>
        <label htmlFor={id} className={`ql-switch__label${disabled ? ' ql-switch__label--disabled' : ''}`}>
          <Text as="span" fontWeight="medium">
            {label}
          </Text>
        </label>
        {help ? (
          <Text as="p" id={`${id}-help`} tone="subdued" variant="bodySm">
            {help}
          </Text>
        ) : null}
      </div>
    </InlineStack>
  );
}
