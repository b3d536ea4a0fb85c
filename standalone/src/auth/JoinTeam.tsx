import { Banner, BlockStack, Button, Form, FormLayout, Link, SkeletonBodyText, Text, TextField } from '@shopify/polaris';
import { teamMessages, ZJoinRequest, type TJoinPreview } from '@quizlead/shared/schemas/team.ts';
import { limits } from '@quizlead/shared/validations.ts';
import { ApiError, errorMessage } from '@quizlead/web/admin/api/client.ts';
import { PasswordField } from '@quizlead/web/admin/components/CredentialFields.tsx';
import { useSchemaForm } from '@quizlead/web/admin/forms/useSchemaForm.ts';
import { adminUrl } from '@quizlead/web/admin/urls.ts';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { joinTeam, previewInvitation } from '../api/auth.ts';
import { AuthLayout } from './AuthLayout.tsx';

type Invitation = { state: 'loading' } | { state: 'invalid'; message: string } | { state: 'ready'; preview: TJoinPreview };

/** What the invitee chooses (the token comes from the link). */
const ZJoinFields = ZJoinRequest.pick({ fullName: true, password: true });

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
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm({
    initial: { fullName: '', password: '' },
    schema: ZJoinFields,
    save(body) {
      setFailure(null);
      return joinTeam({ token, ...body });
    },
    saved: () => navigate(adminUrl('Dashboard'), { replace: true }),
    // The forms layer puts a validation refusal of the name or the password under it; every other failure comes here.
    failed(error) {
      if (error instanceof ApiError && (error.field === 'fullName' || error.field === 'password')) {
        form.refuse(error.field, error.message);
      } else if (error instanceof ApiError && error.field === 'token') {
        // Spent, withdrawn, or for an address that has an account of its own: said in place of the form.
        setInvitation({ state: 'invalid', message: error.message });
      } else {
        setFailure(errorMessage(error));
      }
    },
  });

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
      <Form onSubmit={form.submit} noValidate implicitSubmit={false}>
        <BlockStack gap="400">
          {failure ? (
            <Banner tone="critical" onDismiss={() => setFailure(null)}>
              <p>{failure}</p>
            </Banner>
          ) : null}
          <FormLayout>
            <TextField label="Email" type="email" value={preview.email} readOnly autoComplete="username" />
            <TextField label="Full name" {...form.field('fullName')} autoComplete="name" maxLength={limits.fullName} autoFocus />
            <PasswordField purpose="new" showRule label="Password" {...form.field('password')} />
          </FormLayout>
          <Button variant="primary" size="large" submit fullWidth loading={form.saving}>
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
