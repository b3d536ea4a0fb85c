import { BlockStack, Button, Divider, Form, FormLayout, InlineStack, TextField } from '@shopify/polaris';
import type { TProfile } from '@quizlead/shared/schemas/account.ts';
import { ZUpdateProfileRequest } from '@quizlead/shared/schemas/account.ts';
import { permissionMessages } from '@quizlead/shared/permissions.ts';
import { normalizeCompanyUrl } from '@quizlead/shared/schemas/common.ts';
import { limits, messages } from '@quizlead/shared/validations.ts';
import { updateProfile } from '../../api/account.ts';
import { errorNotice } from '../../api/client.ts';
import { useSchemaForm } from '../../forms/useSchemaForm.ts';
import { useShowToast } from '../../toast.ts';
import { isEmbedded } from '../../shell.ts';
import { useCan } from '../../useCan.ts';
import { LogoField } from './LogoField.tsx';

type Field = 'fullName' | 'companyName' | 'companyUrl';

const withFullUrl = (values: Record<Field, string>) => ({ ...values, companyUrl: normalizeCompanyUrl(values.companyUrl) });

interface Props {
  profile: TProfile;
  onSaved(profile: TProfile): void;
}

export function PersonalDetailsForm({ profile, onSaved }: Props) {
  // Members see the company (it is on their quizzes) but only the owner changes it.
  const companyEditable = useCan('account.manage');
  const showToast = useShowToast();
  const form = useSchemaForm({
    initial: { fullName: profile.fullName, companyName: profile.companyName, companyUrl: profile.companyUrl },
    schema: ZUpdateProfileRequest,
    toBody: withFullUrl,
    save(body) {
      // The address is shown as it is sent: https:// before a bare domain.
      form.update(withFullUrl);
      return updateProfile(body);
    },
    saved(saved) {
      form.update(() => ({ fullName: saved.fullName, companyName: saved.companyName, companyUrl: saved.companyUrl }));
      onSaved(saved);
      showToast(messages.account.profileUpdated);
    },
    failed: (error) => showToast(errorNotice(error), { error: true }),
  });
  const { field } = form;

  return (
    <BlockStack gap="500">
      <Form onSubmit={form.submit} noValidate implicitSubmit={false}>
        <BlockStack gap="400">
          <FormLayout>
            {/* A shop's owner signs in through Shopify: its address is the Notification email panel's. */}
            {isEmbedded() ? null : (
              <TextField
                label="Email"
                type="email"
                value={profile.email}
                readOnly
                autoComplete="email"
                helpText="Your sign-in email cannot be changed."
              />
            )}
            <TextField label="Full name" {...field('fullName')} autoComplete="name" maxLength={limits.fullName} />
            <FormLayout.Group>
              <TextField
                label="Company name"
                {...field('companyName')}
                disabled={!companyEditable}
                autoComplete="organization"
                maxLength={limits.companyName}
              />
              <TextField
                label="Company URL"
                inputMode="url"
                {...field('companyUrl')}
                disabled={!companyEditable}
                helpText={companyEditable ? undefined : permissionMessages.companyOwnerOnly}
                autoComplete="url"
                placeholder="https://example.com"
                maxLength={limits.companyUrl}
              />
            </FormLayout.Group>
          </FormLayout>
          <InlineStack align="end">
            <Button variant="primary" submit loading={form.saving}>
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
