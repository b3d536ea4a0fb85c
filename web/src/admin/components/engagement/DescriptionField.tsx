import { TextField } from '@shopify/polaris';

interface Props {
  helpText: string;
  value: string;
  onChange(value: string): void;
  maxLength: number;
  error: string | undefined;
}

/** The description of a poll or wheel: what visitors see above the options, with its character count. */
export function DescriptionField({ helpText, value, onChange, maxLength, error }: Props) {
  return (
    <TextField
      label="Description"
      helpText={helpText}
      value={value}
      onChange={onChange}
      autoComplete="off"
      multiline={2}
      maxLength={maxLength}
      showCharacterCount
      error={error}
    />
  );
}
