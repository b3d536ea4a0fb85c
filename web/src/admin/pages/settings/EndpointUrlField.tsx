import { TextField } from '@shopify/polaris';

/** A webhook endpoint's URL, as typed when adding or editing one; typing clears the server's last complaint. */
export function EndpointUrlField(props: {
  value: string;
  error: string;
  onChange(value: string): void;
  onClearError(): void;
  placeholder?: string;
  helpText?: string;
  disabled?: boolean;
}) {
  return (
    <TextField
      label="Endpoint URL"
      type="url"
      value={props.value}
      onChange={(value) => {
        props.onChange(value);
        props.onClearError();
      }}
      autoComplete="off"
      placeholder={props.placeholder}
      helpText={props.helpText}
      disabled={props.disabled}
      error={props.error || undefined}
    />
  );
}
