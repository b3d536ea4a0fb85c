import { Banner, BlockStack, Button, Form, FormLayout, Link } from '@shopify/polaris';
import { ZResetPasswordRequest } from '@quizlead/shared/schemas/auth.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { ApiError, errorMessage } from '@quizlead/web/admin/api/client.ts';
import { useSchemaForm } from '@quizlead/web/admin/forms/useSchemaForm.ts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { resetPassword } from '../api/auth.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { PasswordField } from '@quizlead/web/admin/components/CredentialFields.tsx';

type Outcome = { kind: 'done' } | { kind: 'invalid'; message: string } | null;

/** The request's password (the token comes from the link). */
const ZNewPasswordRequest = ZResetPasswordRequest.pick({ password: true });

export function ResetPassword() {
  const token = useSearchParams()[0].get('token') ?? '';
  const [failure, setFailure] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(token ? null : { kind: 'invalid', message: messages.auth.resetInvalid });
  const form = useSchemaForm({
    initial: { password: '', confirm: '' },
    schema: ZNewPasswordRequest,
    // The confirmation is compared once the password itself passes: a wrong password is said alone.
    check: ({ password, confirm }): Record<string, string> =>
      confirm !== password && ZNewPasswordRequest.safeParse({ password }).success
        ? { confirm: messages.account.passwordsDiffer }
        : {},
    save({ password }) {
      setFailure(null);
      return resetPassword(token, password);
    },
    saved: () => setOutcome({ kind: 'done' }),
    // The forms layer puts a validation refusal of the password under it; every other failure comes here.
    failed(error) {
      if (error instanceof ApiError && error.status === 400 && error.field !== 'password') {
        // A link the server does not take (spent, expired, unknown) is said in place of the form.
        setOutcome({ kind: 'invalid', message: error.message });
      } else if (error instanceof ApiError && error.field === 'password') {
        // Any other refusal of the password goes under it too.
        form.refuse('password', error.message);
      } else {
        setFailure(errorMessage(error));
      }
    },
  });

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
        <Form onSubmit={form.submit} noValidate implicitSubmit={false}>
          <BlockStack gap="400">
            {failure ? (
              <Banner tone="critical" onDismiss={() => setFailure(null)}>
                <p>{failure}</p>
              </Banner>
            ) : null}
            <FormLayout>
              <PasswordField purpose="new" showRule label="New password" {...form.field('password')} autoFocus />
              <PasswordField purpose="new" label="Confirm new password" {...form.field('confirm')} />
            </FormLayout>
            <Button variant="primary" size="large" submit fullWidth loading={form.saving}>
              Reset password
            </Button>
            <Link url="/index.html">Back to sign in</Link>
          </BlockStack>
        </Form>
      )}
    </AuthLayout>
  );
}
