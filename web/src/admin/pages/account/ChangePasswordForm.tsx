import { Banner, BlockStack, Button, Form, FormLayout, InlineStack, List } from '@shopify/polaris';
import { ZChangePasswordRequest } from '@quizlead/shared/schemas/account.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { useState } from 'react';
import { changePassword } from '../../api/account.ts';
import { ApiError, errorNotice } from '../../api/client.ts';
import { fieldErrors } from '../../forms/issues.ts';
import { useShowToast } from '../../toast.ts';
import { PasswordField } from '../../components/CredentialFields.tsx';

const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordForm() {
  const showToast = useShowToast();
  const [values, setValues] = useState(empty);
  const [problems, setProblems] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  const set = (field: keyof typeof empty) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  async function submit() {
    const parsed = ZChangePasswordRequest.safeParse(values);
    if (!parsed.success) {
      // One message per field, in form order: an empty new password is not also 'too short'.
      setProblems(Object.values(fieldErrors(parsed.error)));
      return;
    }
    setProblems([]);
    setSaving(true);
    try {
      await changePassword(parsed.data);
      setValues(empty);
      showToast(messages.account.passwordUpdated);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'validation') setProblems([error.message]);
      else showToast(errorNotice(error), { error: true });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Form onSubmit={submit} noValidate implicitSubmit={false}>
      <BlockStack gap="400">
        {problems.length > 0 ? (
          <Banner tone="critical" title={messages.account.validationErrorTitle} onDismiss={() => setProblems([])}>
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
          <PasswordField
            purpose="current"
            label="Current password"
            value={values.currentPassword}
            onChange={set('currentPassword')}
          />
          <FormLayout.Group>
            <PasswordField purpose="new" showRule label="New password" value={values.newPassword} onChange={set('newPassword')} />
            <PasswordField
              purpose="new"
              label="Confirm new password"
              value={values.confirmPassword}
              onChange={set('confirmPassword')}
            />
          </FormLayout.Group>
        </FormLayout>
        <InlineStack align="end">
          <Button variant="primary" submit loading={saving}>
            Change password
          </Button>
        </InlineStack>
      </BlockStack>
    </Form>
  );
}
