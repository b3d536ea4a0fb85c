import { TextField } from '@shopify/polaris';

interface Props {
  id?: string;
  label: string;
  value: string;
  /** The box's height, in lines. */
  lines: number;
  helpText: string;
}

/** A snippet to paste into a page: read-only and monospaced, selected whole when it takes focus. */
export function EmbedCodeField({ id, label, value, lines, helpText }: Props) {
  return (
    <TextField
      id={id}
      label={label}
      value={value}
      readOnly
      multiline={lines}
      monospaced
      autoComplete="off"
      selectTextOnFocus
      helpText={helpText}
    />
  );
}
