import { BlockStack, Button } from '@shopify/polaris';
import { LogoFacebookIcon, LogoGoogleIcon } from '@shopify/polaris-icons';
import { ZReferralCode } from '@quizlead/shared/schemas/referrals.ts';
import {
  socialProviderNames,
  socialSignInStartPath,
  type SocialProvider,
  type SocialSignInIntent,
} from '@quizlead/shared/socialSignIn.ts';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { getSocialProviders } from '../api/socialSignIn.ts';

const icons: Record<SocialProvider, typeof LogoGoogleIcon> = { facebook: LogoFacebookIcon, google: LogoGoogleIcon };

/**
 * "Continue with Facebook" / "Continue with Google" under the sign-in and sign-up forms, one per
 * provider configured on the server. Each is a link to the server's redirect to the provider; on the
 * sign-up page it carries the referral code of the link the visitor came through (?ref=).
 */
export function SocialSignInButtons({ intent }: { intent: SocialSignInIntent }) {
  const [providers, setProviders] = useState<SocialProvider[]>([]);
  const [searchParams] = useSearchParams();
  const ref = intent === 'signup' ? ZReferralCode.parse(searchParams.get('ref') ?? undefined) : undefined;

  useEffect(() => {
    const controller = new AbortController();
    // Until the list arrives, and if it cannot be had, no buttons: the email form works on its own.
    getSocialProviders(controller.signal).then(
      ({ providers: configured }) => setProviders(configured),
      () => undefined,
    );
    return () => controller.abort();
  }, []);

  if (providers.length === 0) return null;
  return (
    <BlockStack gap="300">
      <div className="ql-auth__or">
        <span>or</span>
      </div>
      {providers.map((provider) => (
        <Button
          key={provider}
          size="large"
          fullWidth
          icon={icons[provider]}
          // An absolute address, so the link loads the server's redirect instead of moving within the app.
          url={`${window.location.origin}${socialSignInStartPath(provider, intent, ref)}`}
        >
          {`Continue with ${socialProviderNames[provider]}`}
        </Button>
      ))}
    </BlockStack>
  );
}
