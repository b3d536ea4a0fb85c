import { Banner, BlockStack, Button, ButtonGroup, Form, FormLayout, InlineStack, TextField } from '@shopify/polaris';
import { limits } from '@quizlead/shared/validations.ts';
import type { ReactNode } from 'react';
import { EmailField, PasswordField } from '@quizlead/web/admin/components/CredentialFields.tsx';

export interface SignupValues {
  fullName: string;
  email: string;
  password: string;
  companyName: string;
  companyUrl: string;
  token: string;
}

export type Busy = 'continue' | 'create' | 'resend' | null;

export interface StepProps {
  values: SignupValues;
  errors: Partial<Record<string, string>>;
  busy: Busy;
  set(field: keyof SignupValues): (value: string) => void;
}

export function AccountStep({ values, errors, busy, set, onContinue }: StepProps & { onContinue(): void }) {
  return (
    <Form onSubmit={onContinue} noValidate implicitSubmit={false}>
      <BlockStack gap="400">
        <FormLayout>
          <TextField
            label="Full name"
            autoComplete="name"
            value={values.fullName}
            onChange={set('fullName')}
            error={errors.fullName}
            maxLength={limits.fullName}
            autoFocus={!errors.password}
          />
          <EmailField value={values.email} onChange={set('email')} error={errors.email} />
          {/* Back from the last step with the server's reason: the cursor goes where the fix is. */}
          <PasswordField
            purpose="new"
            showRule
            value={values.password}
            onChange={set('password')}
            error={errors.password}
            autoFocus={Boolean(errors.password)}
          />
        </FormLayout>
        <Button variant="primary" size="large" submit fullWidth loading={busy === 'continue'}>
          Continue
        </Button>
      </BlockStack>
    </Form>
  );
}

interface PersonalProps extends StepProps {
  onBack(): void;
  onSkip(): void;
  onNext(): void;
}

export function PersonalStep({ values, errors, busy, set, onBack, onSkip, onNext }: PersonalProps) {
  return (
    <Form onSubmit={onNext} noValidate implicitSubmit={false}>
      <BlockStack gap="400">
        <FormLayout>
          <TextField
            label="Company name"
            autoComplete="organization"
            value={values.companyName}
            onChange={set('companyName')}
            error={errors.companyName}
            maxLength={limits.companyName}
            autoFocus
          />
          <TextField
            label="Company URL"
            inputMode="url"
            autoComplete="url"
            placeholder="https://example.com"
            value={values.companyUrl}
            onChange={set('companyUrl')}
            error={errors.companyUrl}
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

interface VerificationProps extends StepProps {
  notice: string | null;
  onBack(): void;
  onCreate(): void;
  onSendAgain(): void;
}

export function VerificationStep(props: VerificationProps) {
  const { values, errors, busy, set, notice, onBack, onCreate, onSendAgain } = props;
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
          helpText={`The ${limits.signupTokenLength}-digit code we emailed to ${values.email.trim()}.`}
          autoComplete="one-time-code"
          inputMode="numeric"
          value={values.token}
          onChange={set('token')}
          error={errors.token}
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
