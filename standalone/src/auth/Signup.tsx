import { BlockStack, Link, Text } from '@shopify/polaris';
import { StepProgress } from '@quizlead/web/admin/components/StepProgress.tsx';
import { ZCompanyUrl } from '@quizlead/shared/schemas/common.ts';
import { ZSignupRequest } from '@quizlead/shared/schemas/auth.ts';
import { ZReferralCode } from '@quizlead/shared/schemas/referrals.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { ApiError, errorMessage } from '@quizlead/web/admin/api/client.ts';
import { fieldErrors } from '@quizlead/web/admin/forms/issues.ts';
import { adminUrl } from '@quizlead/web/admin/urls.ts';
import { useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { checkSignupPassword, requestSignupToken, signUp } from '../api/auth.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { FailureBanner } from './FailureBanner.tsx';
import { AccountStep, PersonalStep, VerificationStep } from './signupSteps.tsx';
import { SocialSignInButtons } from './SocialSignInButtons.tsx';
import type { Busy, SignupValues, StepProps } from './signupSteps.tsx';

const steps = ['Account Details', 'Personal Details', 'Verification'] as const;
const accountFields = ZSignupRequest.pick({ fullName: true, email: true, password: true });

const initialValues: SignupValues = {
  fullName: '',
  email: '',
  password: '',
  companyName: '',
  companyUrl: '',
  token: '',
};

/**
 * The three-step sign-up wizard. Leaving step 1 asks the server whether it takes the password, then
 * has the token emailed (once per name and email).
 */
export function Signup() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // The referral link's code (/Signup?ref=…), read once: it goes with the account whatever the steps do.
  const [ref] = useState(() => ZReferralCode.parse(searchParams.get('ref') ?? undefined));
  const [step, setStep] = useState(0);
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [companySkipped, setCompanySkipped] = useState(false);
  // The name and email the current token was mailed for; unchanged ones need no new token.
  const tokenFor = useRef<string | null>(null);

  const set = (field: keyof SignupValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  function go(next: number) {
    setFailure(null);
    setErrors({});
    setStep(next);
  }

  async function call(kind: NonNullable<Busy>, action: () => Promise<void>) {
    setFailure(null);
    setBusy(kind);
    try {
      await action();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  async function sendToken() {
    const { message } = await requestSignupToken({ fullName: values.fullName, email: values.email });
    tokenFor.current = `${values.fullName.trim()}\n${values.email.trim().toLowerCase()}`;
    setNotice(message);
  }

  function continueFromAccount() {
    const parsed = accountFields.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    const key = `${parsed.data.fullName}\n${parsed.data.email.toLowerCase()}`;
    void call('continue', async () => {
      // The server's password rules (its list of common passwords) are met here, where the password is typed.
      try {
        await checkSignupPassword({ email: parsed.data.email, password: parsed.data.password });
      } catch (error) {
        if (!(error instanceof ApiError && error.field === 'password')) throw error;
        setErrors({ password: error.message });
        return;
      }
      if (tokenFor.current !== key) await sendToken();
      go(1);
    });
  }

  function continueFromPersonal(skip: boolean) {
    setCompanySkipped(skip);
    if (skip) return go(2);
    const found: Record<string, string> = {};
    if (values.companyName.trim() === '') found.companyName = messages.auth.companyNameEmpty;
    const url = ZCompanyUrl.safeParse(values.companyUrl);
    if (!url.success) found.companyUrl = url.error.issues[0]?.message ?? messages.account.companyUrlInvalid;
    if (Object.keys(found).length > 0) return setErrors(found);
    go(2);
  }

  function createAccount() {
    const company = companySkipped ? { companyName: '', companyUrl: '' } : {};
    const parsed = ZSignupRequest.safeParse({ ...values, ...company, ref });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      if (found.token) return setErrors(found);
      return setFailure(Object.values(found)[0] ?? null);
    }
    void call('create', async () => {
      try {
        await signUp(parsed.data);
      } catch (error) {
        // A password the server refuses (a common one) is fixed on step 1, where it was typed.
        if (!(error instanceof ApiError && error.field === 'password')) throw error;
        go(0);
        setErrors({ password: error.message });
        return;
      }
      navigate(adminUrl('Dashboard'), { replace: true });
    });
  }

  const stepProps: StepProps = { values, errors, busy, set };
  return (
    <AuthLayout
      title="Create your account"
      subtitle="Build quizzes, polls and web responses that capture leads."
      footer={
        <Text as="p" tone="subdued">
          Already have an account? <Link url="/index.html">Sign in</Link>
        </Text>
      }
    >
      <BlockStack gap="200">
        <StepProgress step={step + 1} total={steps.length} name={steps[step]!} />
        <Text as="h2" variant="headingMd">
          <Text as="span" tone="subdued">{`Step ${step + 1} of ${steps.length}: `}</Text>
          {steps[step]}
        </Text>
      </BlockStack>
      <FailureBanner failure={failure} onDismiss={() => setFailure(null)} />
      {step === 0 ? <AccountStep {...stepProps} onContinue={continueFromAccount} /> : null}
      {step === 0 ? <SocialSignInButtons intent="signup" /> : null}
      {step === 1 ? (
        <PersonalStep
          {...stepProps}
          onBack={() => go(0)}
          onSkip={() => continueFromPersonal(true)}
          onNext={() => continueFromPersonal(false)}
        />
      ) : null}
      {step === 2 ? (
        <VerificationStep
          {...stepProps}
          notice={failure ? null : notice}
          onBack={() => go(1)}
          onCreate={createAccount}
          onSendAgain={() => void call('resend', sendToken)}
        />
      ) : null}
    </AuthLayout>
  );
}
