import { Banner, BlockStack, Button, Form, Link, Text } from '@shopify/polaris';
import { ZForgotPasswordRequest } from '@quizlead/shared/schemas/auth.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { useSchemaForm } from '@quizlead/web/admin/forms/useSchemaForm.ts';
import { useState } from 'react';
import { forgotPassword } from '../api/auth.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { EmailField } from '@quizlead/web/admin/components/CredentialFields.tsx';

export function ForgotPassword() {
  // The button waits for the first keystroke; a field emptied after it says the email is required.
  const [edited, setEdited] = useState(false);
  const [sent, setSent] = useState(false);
  const form = useSchemaForm({
    initial: { email: '' },
    schema: ZForgotPasswordRequest,
    // The answer never says whether the address is registered, and neither do we: whatever it is, the notice.
    save: ({ email }) => forgotPassword(email).catch(() => undefined),
    saved: () => setSent(true),
    failed: () => setSent(true),
    changed: () => setEdited(true),
  });

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
        <Form onSubmit={() => edited && !form.saving && form.submit()} noValidate implicitSubmit={false}>
          <BlockStack gap="400">
            <EmailField {...form.field('email')} autoFocus />
            <Button variant="primary" size="large" submit fullWidth disabled={!edited} loading={form.saving}>
              EMAIL MY PASSWORD
            </Button>
          </BlockStack>
        </Form>
      )}
    </AuthLayout>
  );
}
