import { Banner, BlockStack, Link, Text } from '@shopify/polaris';
import { StepProgress } from '@quizlead/web/admin/components/StepProgress.tsx';
import { ZSignupRequest } from '@quizlead/shared/schemas/auth.ts';
import { ZReferralCode } from '@quizlead/shared/schemas/referrals.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { ApiError, errorMessage } from '@quizlead/web/admin/api/client.ts';
import { useSchemaForm } from '@quizlead/web/admin/forms/useSchemaForm.ts';
import { adminUrl } from '@quizlead/web/admin/urls.ts';
import { useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { requestSignupToken, signUp } from '../api/auth.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { AccountStep, PersonalStep, VerificationStep } from './signupSteps.tsx';
import { SocialSignInButtons } from './SocialSignInButtons.tsx';
import type { Busy } from './signupSteps.tsx';

const steps = ['Account Details', 'Personal Details', 'Verification'] as const;
const accountFields = ZSignupRequest.pick({ fullName: true, email: true, password: true });
const companyFields = ZSignupRequest.pick({ companyUrl: true });
const noCompany = { companyName: '', companyUrl: '' };

/** The name and email a token is mailed for: unchanged ones need no new token. */
const tokenKey = (fullName: string, email: string) => `${fullName.trim()}\n${email.trim().toLowerCase()}`;

/** A password the server refuses (a common one): fixed on step 1, where it was typed. */
const refusesPassword = (error: unknown): error is ApiError => error instanceof ApiError && error.field === 'password';

/**
 * The wizard says the server's refusals in its banner, one naming a field too: as a plain error, the forms layer
 * does not put it under that field.
 */
const inBanner = (error: unknown) => Promise.reject(new Error(errorMessage(error)));

/** The three-step sign-up wizard; the emailed token is requested when step 1 is left. */
export function Signup() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // The referral link's code (/Signup?ref=…), read once: it goes with the account whatever the steps do.
  const [ref] = useState(() => ZReferralCode.parse(searchParams.get('ref') ?? undefined));
  const [step, setStep] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const [companySkipped, setCompanySkipped] = useState(false);
  // The name and email the current token was mailed for.
  const tokenFor = useRef<string | null>(null);

  // Step 1: the token is mailed when it is left, for the name and email as typed.
  const account = useSchemaForm({
    initial: { fullName: '', email: '', password: '' },
    schema: accountFields,
    async save({ fullName, email }) {
      if (tokenFor.current === tokenKey(fullName, email)) return;
      setFailure(null);
      await sendToken().catch(inBanner);
    },
    saved: () => go(1),
    failed: (error) => setFailure(errorMessage(error)),
  });

  // Step 2: the company, checked here and sent with the account (or left out by Skip for Now).
  const company = useSchemaForm({
    initial: noCompany,
    schema: companyFields,
    check: ({ companyName }): Record<string, string> =>
      companyName.trim() === '' ? { companyName: messages.auth.companyNameEmpty } : {},
    save: async () => undefined,
    saved: () => go(2),
    failed: () => undefined, // Nothing is sent.
  });

  // Step 3: the emailed token, and the account created with every step's values. The earlier steps' values
  // passed their own checks when those steps were left.
  const verification = useSchemaForm({
    initial: { token: '' },
    schema: ZSignupRequest,
    toBody: ({ token }) => ({ ...account.values, ...(companySkipped ? noCompany : company.values), token, ref }),
    save(body) {
      setFailure(null);
      return signUp(body).catch((error: unknown) => (refusesPassword(error) ? Promise.reject(error) : inBanner(error)));
    },
    saved: () => navigate(adminUrl('Dashboard'), { replace: true }),
    failed(error) {
      if (!refusesPassword(error)) return setFailure(errorMessage(error));
      go(0);
      account.refuse('password', error.message);
    },
  });

  const busy: Busy = account.saving ? 'continue' : verification.saving ? 'create' : resending ? 'resend' : null;

  function go(next: number) {
    setFailure(null);
    account.clear('fullName', 'email', 'password');
    company.clear('companyName', 'companyUrl');
    verification.clear('token');
    setStep(next);
  }

  async function sendToken() {
    const { fullName, email } = account.values;
    const { message } = await requestSignupToken({ fullName, email });
    tokenFor.current = tokenKey(fullName, email);
    setNotice(message);
  }

  async function sendAgain() {
    setFailure(null);
    setResending(true);
    try {
      await sendToken();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setResending(false);
    }
  }

  function continueFromPersonal(skip: boolean) {
    setCompanySkipped(skip);
    if (skip) go(2);
    else company.submit();
  }

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
      {failure ? (
        <Banner tone="critical" onDismiss={() => setFailure(null)}>
          <p>{failure}</p>
        </Banner>
      ) : null}
      {step === 0 ? <AccountStep field={account.field} busy={busy} onContinue={account.submit} /> : null}
      {step === 0 ? <SocialSignInButtons intent="signup" /> : null}
      {step === 1 ? (
        <PersonalStep
          field={company.field}
          busy={busy}
          onBack={() => go(0)}
          onSkip={() => continueFromPersonal(true)}
          onNext={() => continueFromPersonal(false)}
        />
      ) : null}
      {step === 2 ? (
        <VerificationStep
          field={verification.field}
          email={account.values.email}
          busy={busy}
          notice={failure ? null : notice}
          onBack={() => go(1)}
          onCreate={verification.submit}
          onSendAgain={() => void sendAgain()}
        />
      ) : null}
    </AuthLayout>
  );
}
