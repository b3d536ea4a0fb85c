import { BlockStack, Button, Divider, Form, FormLayout, InlineStack, TextField } from '@shopify/polaris';
import type { TProfile } from '@quizlead/shared/schemas/account.ts';
import { ZUpdateProfileRequest } from '@quizlead/shared/schemas/account.ts';
import { permissionMessages } from '@quizlead/shared/permissions.ts';
import { normalizeCompanyUrl } from '@quizlead/shared/schemas/common.ts';
import { limits, messages } from '@quizlead/shared/validations.ts';
import { useState } from 'react';
import { updateProfile } from '../../api/account.ts';
import { ApiError, errorNotice } from '../../api/client.ts';
import { fieldErrors } from '../../forms/issues.ts';
import { useShowToast } from '../../toast.ts';
import { useCan } from '../../useCan.ts';
import { LogoField } from './LogoField.tsx';

interface Props {
  profile: TProfile;
  onSaved(profile: TProfile): void;
}

type Field = 'fullName' | 'companyName' | 'companyUrl';

export function PersonalDetailsForm({ profile, onSaved }: Props) {
  // Members see the company (it is on their quizzes) but only the owner changes it.
  const companyEditable = useCan('account.manage');
  const showToast = useShowToast();
  const [values, setValues] = useState<Record<Field, string>>({
    fullName: profile.fullName,
    companyName: profile.companyName,
    companyUrl: profile.companyUrl,
  });
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [saving, setSaving] = useState(false);

  const set = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function submit() {
    const request = { ...values, companyUrl: normalizeCompanyUrl(values.companyUrl) };
    const parsed = ZUpdateProfileRequest.safeParse(request);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setValues(request);
    setSaving(true);
    try {
      const saved = await updateProfile(parsed.data);
      setValues({ fullName: saved.fullName, companyName: saved.companyName, companyUrl: saved.companyUrl });
      onSaved(saved);
      showToast(messages.account.profileUpdated);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'validation' && error.field) {
        setErrors({ [error.field]: error.message });
      } else {
        showToast(errorNotice(error), { error: true });
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <BlockStack gap="500">
      <Form onSubmit={submit} noValidate implicitSubmit={false}>
        <BlockStack gap="400">
          <FormLayout>
            <TextField
              label="Email"
              type="email"
              value={profile.email}
              readOnly
              autoComplete="email"
              helpText="Your sign-in email cannot be changed."
            />
            <TextField
              label="Full name"
              value={values.fullName}
              onChange={set('fullName')}
              autoComplete="name"
              maxLength={limits.fullName}
              error={errors.fullName}
            />
            <FormLayout.Group>
              <TextField
                label="Company name"
                value={values.companyName}
                onChange={set('companyName')}
                disabled={!companyEditable}
                autoComplete="organization"
                maxLength={limits.companyName}
                error={errors.companyName}
              />
              <TextField
                label="Company URL"
                inputMode="url"
                value={values.companyUrl}
                onChange={set('companyUrl')}
                disabled={!companyEditable}
                helpText={companyEditable ? undefined : permissionMessages.companyOwnerOnly}
                autoComplete="url"
                placeholder="https://example.com"
                maxLength={limits.companyUrl}
                error={errors.companyUrl}
              />
            </FormLayout.Group>
          </FormLayout>
          <InlineStack align="end">
            <Button variant="primary" submit loading={saving}>
              Save
            </Button>
          </InlineStack>
        </BlockStack>
      </Form>
      {companyEditable ? (
        <>
          <Divider />
          <LogoField profile={profile} onSaved={onSaved} />
        </>
      ) : null}
    </BlockStack>
  );
}
