import { Banner, BlockStack, Button, Form, FormLayout, Link, SkeletonBodyText, Text, TextField } from '@shopify/polaris';
import { ZFullName } from '@quizlead/shared/schemas/auth.ts';
import { ZNewPassword } from '@quizlead/shared/schemas/common.ts';
import { teamMessages, type TJoinPreview } from '@quizlead/shared/schemas/team.ts';
import { limits } from '@quizlead/shared/validations.ts';
import { ApiError, errorMessage } from '@quizlead/web/admin/api/client.ts';
import { PasswordField } from '@quizlead/web/admin/components/CredentialFields.tsx';
import { adminUrl } from '@quizlead/web/admin/urls.ts';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { joinTeam, previewInvitation } from '../api/auth.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { FailureBanner } from './FailureBanner.tsx';

type Invitation = { state: 'loading' } | { state: 'invalid'; message: string } | { state: 'ready'; preview: TJoinPreview };

/**
 * /Join?token=…: the page an invitation mail links to. It names the account and the address invited;
 * the invitee chooses their name and password and lands in the dashboard as a member of that account.
 */
export function JoinTeam() {
  const token = useSearchParams()[0].get('token') ?? '';
  const navigate = useNavigate();
  const [invitation, setInvitation] = useState<Invitation>(
    token ? { state: 'loading' } : { state: 'invalid', message: teamMessages.invitationInvalid },
  );
  const [values, setValues] = useState({ fullName: '', password: '' });
  const [errors, setErrors] = useState<{ fullName?: string; password?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [joining, setJoining] = useState(false);

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    previewInvitation(token, controller.signal).then(
      (preview) => setInvitation({ state: 'ready', preview }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const invalid = error instanceof ApiError && (error.status === 404 || error.status === 400);
        setInvitation({ state: 'invalid', message: invalid ? teamMessages.invitationInvalid : errorMessage(error) });
      },
    );
    return () => controller.abort();
  }, [token]);

  const set = (field: 'fullName' | 'password') => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function submit() {
    const fullName = ZFullName.safeParse(values.fullName);
    const password = ZNewPassword.safeParse(values.password);
    if (!fullName.success || !password.success) {
      return setErrors({
        fullName: fullName.success ? undefined : fullName.error.issues[0]?.message,
        password: password.success ? undefined : password.error.issues[0]?.message,
      });
    }
    setFailure(null);
    setJoining(true);
    try {
      await joinTeam({ token, fullName: fullName.data, password: password.data });
      navigate(adminUrl('Dashboard'), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && (error.field === 'fullName' || error.field === 'password')) {
        setErrors({ [error.field]: error.message });
      } else if (error instanceof ApiError && error.field === 'token') {
        setInvitation({ state: 'invalid', message: error.message });
      } else {
        setFailure(errorMessage(error));
      }
      setJoining(false);
    }
  }

  if (invitation.state === 'loading') {
    return (
      <AuthLayout title="Join your team" subtitle="Checking your invitation…">
        <SkeletonBodyText lines={4} />
      </AuthLayout>
    );
  }
  if (invitation.state === 'invalid') {
    return (
      <AuthLayout title="Join your team" subtitle="Invitations come by email from an account owner.">
        <Banner tone="warning" action={{ content: 'Sign in', url: '/index.html' }}>
          <p>{invitation.message}</p>
        </Banner>
      </AuthLayout>
    );
  }

  const { preview } = invitation;
  const company = preview.companyName || 'their account';
  return (
    <AuthLayout
      title={`Join ${company}`}
      subtitle={`${preview.inviterName || 'An owner'} invited you as ${preview.role === 'owner' ? 'an owner' : 'a member'}.`}
    >
      <Form onSubmit={submit} noValidate implicitSubmit={false}>
        <BlockStack gap="400">
          <FailureBanner failure={failure} onDismiss={() => setFailure(null)} />
          <FormLayout>
            <TextField label="Email" type="email" value={preview.email} readOnly autoComplete="username" />
            <TextField
              label="Full name"
              value={values.fullName}
              onChange={set('fullName')}
              error={errors.fullName}
              autoComplete="name"
              maxLength={limits.fullName}
              autoFocus
            />
            <PasswordField
              purpose="new"
              showRule
              label="Password"
              value={values.password}
              onChange={set('password')}
              error={errors.password}
            />
          </FormLayout>
          <Button variant="primary" size="large" submit fullWidth loading={joining}>
            Join the team
          </Button>
          <Text as="p" variant="bodySm" tone="subdued">
            Already have an account? <Link url="/index.html">Sign in</Link>
          </Text>
        </BlockStack>
      </Form>
    </AuthLayout>
  );
}
