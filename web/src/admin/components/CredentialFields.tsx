import { TextField } from '@shopify/polaris';
import { limits } from '@quizlead/shared/validations.ts';

interface FieldProps {
  label?: string;
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  autoFocus?: boolean;
  labelAction?: { content: string; url: string };
}

/** An email input with the browser hints and length limit every form wants. */
export function EmailField({ label = 'Email', ...props }: FieldProps) {
  return <TextField label={label} type="email" autoComplete="email" maxLength={limits.email} {...props} />;
}

/**
 * A password input. `new` passwords tell password managers to suggest one; `showRule` adds the
 * length rule under the field.
 */
export function PasswordField({
  purpose,
  showRule = false,
  label = 'Password',
  ...props
}: FieldProps & { purpose: 'current' | 'new'; showRule?: boolean }) {
  return (
    <TextField
      label={label}
      type="password"
      autoComplete={purpose === 'current' ? 'current-password' : 'new-password'}
      maxLength={limits.passwordMax}
      helpText={showRule ? `At least ${limits.passwordMin} characters, not a common password` : undefined}
      {...props}
    />
  );
}
