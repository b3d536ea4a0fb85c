import { Banner, BlockStack, Button, Form, FormLayout, Link } from '@shopify/polaris';
import { ZNewPassword } from '@quizlead/shared/schemas/common.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { ApiError, errorMessage } from '@quizlead/web/admin/api/client.ts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { resetPassword } from '../api/auth.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { FailureBanner } from './FailureBanner.tsx';
import { PasswordField } from '@quizlead/web/admin/components/CredentialFields.tsx';

type Outcome = { kind: 'done' } | { kind: 'invalid'; message: string } | null;

export function ResetPassword() {
  const token = useSearchParams()[0].get('token') ?? '';
  const [values, setValues] = useState({ password: '', confirm: '' });
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(token ? null : { kind: 'invalid', message: messages.auth.resetInvalid });
  const [saving, setSaving] = useState(false);

  const set = (field: 'password' | 'confirm') => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function submit() {
    const parsed = ZNewPassword.safeParse(values.password);
    if (!parsed.success) return setErrors({ password: parsed.error.issues[0]?.message });
    if (values.confirm !== values.password) return setErrors({ confirm: messages.account.passwordsDiffer });
    setFailure(null);
    setSaving(true);
    try {
      await resetPassword(token, parsed.data);
      setOutcome({ kind: 'done' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.field !== 'password') {
        setOutcome({ kind: 'invalid', message: error.message });
      } else if (error instanceof ApiError && error.field === 'password') {
        setErrors({ password: error.message });
      } else {
        setFailure(errorMessage(error));
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <AuthLayout title="Choose a new password" subtitle="Pick a password you do not use anywhere else.">
      {outcome?.kind === 'done' ? (
        <Banner tone="success" action={{ content: 'Sign in', url: '/index.html' }}>
          <p>{messages.auth.resetDone}</p>
        </Banner>
      ) : outcome?.kind === 'invalid' ? (
        <Banner tone="warning" action={{ content: 'Request a new link', url: '/ForgetPassword' }}>
          <p>{outcome.message}</p>
        </Banner>
      ) : (
        <Form onSubmit={submit} noValidate implicitSubmit={false}>
          <BlockStack gap="400">
            <FailureBanner failure={failure} onDismiss={() => setFailure(null)} />
            <FormLayout>
              <PasswordField
                purpose="new"
                showRule
                label="New password"
                value={values.password}
                onChange={set('password')}
                error={errors.password}
                autoFocus
              />
              <PasswordField
                purpose="new"
                label="Confirm new password"
                value={values.confirm}
                onChange={set('confirm')}
                error={errors.confirm}
              />
            </FormLayout>
            <Button variant="primary" size="large" submit fullWidth loading={saving}>
              Reset password
            </Button>
            <Link url="/index.html">Back to sign in</Link>
          </BlockStack>
        </Form>
      )}
    </AuthLayout>
  );
}
