import { Banner, BlockStack, Button, Form, FormLayout, InlineStack, Link, Spinner, Text } from '@shopify/polaris';
import { ZSignInRequest } from '@quizlead/shared/schemas/auth.ts';
import { socialSignInFailedParam, socialSignInMessages } from '@quizlead/shared/socialSignIn.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { errorMessage } from '@quizlead/web/admin/api/client.ts';
import { fieldErrors } from '@quizlead/web/admin/forms/issues.ts';
import { adminUrl } from '@quizlead/web/admin/urls.ts';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { getSession, signIn } from '../api/auth.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { FailureBanner } from './FailureBanner.tsx';
import { noticeFrom } from './notice.ts';
import { SocialSignInButtons } from './SocialSignInButtons.tsx';
import { EmailField, PasswordField } from '@quizlead/web/admin/components/CredentialFields.tsx';

export function SignIn() {
  const navigate = useNavigate();
  const location = useLocation();
  const notice = noticeFrom(location.state);
  // A failed "Continue with …" comes back as /index.html?social=failed.
  const [socialFailed, setSocialFailed] = useState(
    () => new URLSearchParams(location.search).get(socialSignInFailedParam.name) === socialSignInFailedParam.value,
  );
  const [checking, setChecking] = useState(true);
  const [values, setValues] = useState({ email: '', password: '' });
  const [edited, setEdited] = useState({ email: false, password: false });
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  // An open session skips the form.
  useEffect(() => {
    const controller = new AbortController();
    getSession(controller.signal).then(
      () => navigate(adminUrl('Dashboard'), { replace: true }),
      () => {
        if (!controller.signal.aborted) setChecking(false);
      },
    );
    return () => controller.abort();
  }, [navigate]);

  // The banner stays; the flag leaves the address, so a reload or a shared link does not show it again.
  useEffect(() => {
    const search = new URLSearchParams(location.search);
    if (!search.has(socialSignInFailedParam.name)) return;
    search.delete(socialSignInFailedParam.name);
    const query = search.toString();
    navigate({ pathname: location.pathname, search: query ? `?${query}` : '' }, { replace: true, state: location.state });
  }, [location, navigate]);

  const set = (field: 'email' | 'password') => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setEdited((current) => ({ ...current, [field]: true }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const canSubmit = edited.email && edited.password && values.email.trim() !== '';

  async function submit() {
    if (!canSubmit || submitting) return;
    const parsed = ZSignInRequest.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setFailure(null);
    setSubmitting(true);
    try {
      await signIn(parsed.data);
      navigate(adminUrl('Dashboard'), { replace: true });
    } catch (error) {
      setFailure(errorMessage(error));
      setSubmitting(false);
    }
  }

  return (
    <AuthLayout
      title="Sign in"
      subtitle="Welcome back. Sign in to build quizzes and collect leads."
      footer={
        <Text as="p" tone="subdued">
          New here? <Link url="/Signup">Sign up</Link>
        </Text>
      }
    >
      {checking ? (
        <InlineStack align="center">
          <Spinner size="small" accessibilityLabel="Checking your session" />
        </InlineStack>
      ) : (
        <Form onSubmit={submit} noValidate implicitSubmit={false}>
          <BlockStack gap="400">
            {notice ? (
              <Banner tone="info">
                <p>{notice}</p>
              </Banner>
            ) : null}
            {socialFailed ? (
              <Banner tone="critical" title={socialSignInMessages.failedTitle} onDismiss={() => setSocialFailed(false)}>
                <p>{socialSignInMessages.failed}</p>
              </Banner>
            ) : null}
            <FormLayout>
              <EmailField value={values.email} onChange={set('email')} error={errors.email} />
              <PasswordField
                purpose="current"
                value={values.password}
                onChange={set('password')}
                error={errors.password}
                labelAction={{ content: 'Forgot Password', url: '/ForgetPassword' }}
              />
            </FormLayout>
            <Button variant="primary" size="large" submit fullWidth disabled={!canSubmit} loading={submitting}>
              Sign in
            </Button>
            <FailureBanner failure={failure} title={messages.auth.loginErrorTitle} onDismiss={() => setFailure(null)} />
            <SocialSignInButtons intent="signin" />
          </BlockStack>
        </Form>
      )}
    </AuthLayout>
  );
}
