import { TextField } from '@shopify/polaris';

/** A webhook endpoint's URL, as typed when adding or editing one, with the form's message for it. */
export function EndpointUrlField(props: {
  value: string;
  error: string | undefined;
  onChange(value: string): void;
  placeholder?: string;
  helpText?: string;
  disabled?: boolean;
}) {
  return (
    <TextField
      label="Endpoint URL"
      type="url"
      value={props.value}
      onChange={props.onChange}
      autoComplete="off"
      placeholder={props.placeholder}
      helpText={props.helpText}
      disabled={props.disabled}
      error={props.error}
    />
  );
}
