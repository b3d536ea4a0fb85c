import { Banner, BlockStack, Button, Form, FormLayout, InlineStack, List } from '@shopify/polaris';
import { ZChangePasswordRequest } from '@quizlead/shared/schemas/account.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { useState } from 'react';
import { changePassword } from '../../api/account.ts';
import { errorNotice } from '../../api/client.ts';
import { useSchemaForm } from '../../forms/useSchemaForm.ts';
import { useShowToast } from '../../toast.ts';
import { PasswordField } from '../../components/CredentialFields.tsx';

const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };
type Field = keyof typeof empty;
const fields = Object.keys(empty) as Field[];

export function ChangePasswordForm() {
  const showToast = useShowToast();
  // A refusal from the server that names no field; the fields' own messages are the form's.
  const [refusal, setRefusal] = useState<string>();
  const form = useSchemaForm({
    initial: empty,
    schema: ZChangePasswordRequest,
    save(body) {
      setRefusal(undefined);
      return changePassword(body);
    },
    saved(_done, reset) {
      reset();
      showToast(messages.account.passwordUpdated);
    },
    refused: (message, field) => {
      if (!field) setRefusal(message);
    },
    failed: (error) => showToast(errorNotice(error), { error: true }),
  });

  // The problems are listed above the fields, one per field in form order (an empty new password is not also
  // 'too short'), and stay there while they are put right: until the next submit or the banner is dismissed.
  const problems = [...fields.map((field) => form.error(field)), refusal].filter((problem) => problem !== undefined);
  const dismiss = () => {
    form.clear();
    setRefusal(undefined);
  };
  const field = (name: Field) => ({
    value: form.values[name],
    onChange: (value: string) => form.update((current) => ({ ...current, [name]: value })),
  });

  return (
    <Form onSubmit={form.submit} noValidate implicitSubmit={false}>
      <BlockStack gap="400">
        {problems.length > 0 ? (
          <Banner tone="critical" title={messages.account.validationErrorTitle} onDismiss={dismiss}>
            {problems.length === 1 ? (
              <p>{problems[0]}</p>
            ) : (
              <List>
                {problems.map((problem) => (
                  <List.Item key={problem}>{problem}</List.Item>
                ))}
              </List>
            )}
          </Banner>
        ) : null}
        <FormLayout>
          <PasswordField purpose="current" label="Current password" {...field('currentPassword')} />
          <FormLayout.Group>
            <PasswordField purpose="new" showRule label="New password" {...field('newPassword')} />
            <PasswordField purpose="new" label="Confirm new password" {...field('confirmPassword')} />
          </FormLayout.Group>
        </FormLayout>
        <InlineStack align="end">
          <Button variant="primary" submit loading={form.saving}>
            Change password
          </Button>
        </InlineStack>
      </BlockStack>
    </Form>
  );
}
