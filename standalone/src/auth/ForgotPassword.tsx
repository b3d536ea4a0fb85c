import { Banner, BlockStack, Button, Form, Link, Text } from '@shopify/polaris';
import { ZEmail } from '@quizlead/shared/schemas/common.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { useState } from 'react';
import { forgotPassword } from '../api/auth.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { EmailField } from '@quizlead/web/admin/components/CredentialFields.tsx';

export function ForgotPassword() {
  const [email, setEmail] = useState('');
  const [edited, setEdited] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  async function submit() {
    if (!edited || sending) return;
    const parsed = ZEmail.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setSending(true);
    // The answer never says whether the address is registered, and neither do we.
    await forgotPassword(parsed.data).catch(() => undefined);
    setSending(false);
    setSent(true);
  }

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter the email you registered with and we will email you a link to choose a new password."
      footer={
        <Text as="p">
          <Link url="/index.html">Back to sign in</Link>
        </Text>
      }
    >
      {sent ? (
        <Banner tone="success">
          <p>{messages.auth.forgotNotice}</p>
        </Banner>
      ) : (
        <Form onSubmit={submit} noValidate implicitSubmit={false}>
          <BlockStack gap="400">
            <EmailField
              value={email}
              onChange={(value) => {
                setEmail(value);
                setEdited(true);
                setError(undefined);
              }}
              error={error}
              autoFocus
            />
            <Button variant="primary" size="large" submit fullWidth disabled={!edited} loading={sending}>
              EMAIL MY PASSWORD
            </Button>
          </BlockStack>
        </Form>
      )}
    </AuthLayout>
  );
}
