import { Banner, BlockStack, Button, ButtonGroup, Form, FormLayout, InlineStack, TextField } from '@shopify/polaris';
import { limits } from '@quizlead/shared/validations.ts';
import type { ReactNode } from 'react';
import { EmailField, PasswordField } from '@quizlead/web/admin/components/CredentialFields.tsx';

export type Busy = 'continue' | 'create' | 'resend' | null;

/** A step's text fields bound to its form: each one's value, change and message (useSchemaForm's `field`). */
type Fields<Key extends string> = (key: Key) => { value: string; onChange(value: string): void; error: string | undefined };

interface StepProps<Key extends string> {
  field: Fields<Key>;
  busy: Busy;
}

export function AccountStep({ field, busy, onContinue }: StepProps<'fullName' | 'email' | 'password'> & { onContinue(): void }) {
  const password = field('password');
  return (
    <Form onSubmit={onContinue} noValidate implicitSubmit={false}>
      <BlockStack gap="400">
        <FormLayout>
          <TextField
            label="Full name"
            autoComplete="name"
            {...field('fullName')}
            maxLength={limits.fullName}
            autoFocus={!password.error}
          />
          <EmailField {...field('email')} />
          {/* Back from the last step with the server's reason: the cursor goes where the fix is. */}
          <PasswordField purpose="new" showRule {...password} autoFocus={Boolean(password.error)} />
        </FormLayout>
        <Button variant="primary" size="large" submit fullWidth loading={busy === 'continue'}>
          Continue
        </Button>
      </BlockStack>
    </Form>
  );
}

interface PersonalProps extends StepProps<'companyName' | 'companyUrl'> {
  onBack(): void;
  onSkip(): void;
  onNext(): void;
}

export function PersonalStep({ field, busy, onBack, onSkip, onNext }: PersonalProps) {
  return (
    <Form onSubmit={onNext} noValidate implicitSubmit={false}>
      <BlockStack gap="400">
        <FormLayout>
          <TextField
            label="Company name"
            autoComplete="organization"
            {...field('companyName')}
            maxLength={limits.companyName}
            autoFocus
          />
          <TextField
            label="Company URL"
            inputMode="url"
            autoComplete="url"
            placeholder="https://example.com"
            {...field('companyUrl')}
            maxLength={limits.companyUrl}
          />
        </FormLayout>
        <StepActions onBack={onBack}>
          <Button onClick={onSkip} disabled={busy !== null}>
            Skip for Now
          </Button>
          <Button variant="primary" submit disabled={busy !== null}>
            Create Account
          </Button>
        </StepActions>
      </BlockStack>
    </Form>
  );
}

interface VerificationProps extends StepProps<'token'> {
  /** Where the token was mailed. */
  email: string;
  notice: string | null;
  onBack(): void;
  onCreate(): void;
  onSendAgain(): void;
}

export function VerificationStep(props: VerificationProps) {
  const { field, email, busy, notice, onBack, onCreate, onSendAgain } = props;
  return (
    <Form onSubmit={onCreate} noValidate implicitSubmit={false}>
      <BlockStack gap="400">
        {notice ? (
          <Banner tone="success">
            <p>{`${notice} It is valid for ${limits.signupTokenMinutes} minutes.`}</p>
          </Banner>
        ) : null}
        <TextField
          label="Verification token"
          helpText={`The ${limits.signupTokenLength}-digit code we emailed to ${email.trim()}.`}
          autoComplete="one-time-code"
          inputMode="numeric"
          {...field('token')}
          maxLength={limits.signupTokenLength}
          autoFocus
        />
        <StepActions onBack={onBack}>
          <Button onClick={onSendAgain} loading={busy === 'resend'} disabled={busy === 'create'}>
            Send Again
          </Button>
          <Button variant="primary" submit loading={busy === 'create'} disabled={busy === 'resend'}>
            Create Account
          </Button>
        </StepActions>
      </BlockStack>
    </Form>
  );
}

function StepActions({ onBack, children }: { onBack(): void; children: ReactNode }) {
  return (
    <InlineStack align="space-between" blockAlign="center" gap="200">
      <Button variant="tertiary" onClick={onBack}>
        Back
      </Button>
      <ButtonGroup>{children}</ButtonGroup>
    </InlineStack>
  );
}
