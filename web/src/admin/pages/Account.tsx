import { Banner, BlockStack, Box, Page } from '@shopify/polaris';
import type { TProfile } from '@quizlead/shared/schemas/account.ts';
import { useSetAtom } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { getProfile } from '../api/account.ts';
import { errorNotice } from '../api/client.ts';
import { CollapsiblePanel } from '../components/CollapsiblePanel.tsx';
import { PanelsSkeleton } from '../components/PanelsSkeleton.tsx';
import { sessionUserAtom } from '../session.ts';
import { isEmbedded } from '../shell.ts';
import { ChangePasswordForm } from './account/ChangePasswordForm.tsx';
import { NotificationEmailForm } from './account/NotificationEmailForm.tsx';
import { PersonalDetailsForm } from './account/PersonalDetailsForm.tsx';
import { TeamPanel } from './account/TeamPanel.tsx';

const title = 'Account';

type Load = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; profile: TProfile };

export function Account() {
  const setUser = useSetAtom(sessionUserAtom);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getProfile(controller.signal).then(
      (profile) => setLoad({ state: 'ready', profile }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoad({ state: 'failed', message: errorNotice(error) });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const saved = useCallback(
    (profile: TProfile) => {
      setLoad({ state: 'ready', profile });
      setUser((user) => (user ? { ...user, name: profile.fullName, companyName: profile.companyName } : user));
    },
    [setUser],
  );

  const retry = () => {
    setLoad({ state: 'loading' });
    setAttempt((n) => n + 1);
  };

  if (load.state === 'loading') return <PanelsSkeleton title={title} narrowWidth panels={[4, 7]} />;
  if (load.state === 'failed') {
    return (
      <Page title={title} narrowWidth>
        <Banner tone="critical" action={{ content: 'Try again', onAction: retry }}>
          <p>{load.message}</p>
        </Banner>
      </Page>
    );
  }

  const { profile } = load;
  // Social and Shopify sign-ins have no password of ours to change, and inside the shop's admin
  // Shopify signs the merchant in.
  const hasPassword = profile.usertype === 'email' && !isEmbedded();
  return (
    <Page
      title={title}
      subtitle={
        isEmbedded()
          ? 'Where the app’s mail goes, and the company details shown on what you publish.'
          : 'Your sign-in and the company details shown on what you publish.'
      }
      narrowWidth
    >
      <BlockStack gap="400">
        {hasPassword ? (
          <CollapsiblePanel id="account-details" title="Account Details" description="Change your password.">
            <ChangePasswordForm />
          </CollapsiblePanel>
        ) : null}
        {/* Inside Shopify's admin there is no sign-in email of ours: the address the app's mail goes to. */}
        {isEmbedded() ? (
          <CollapsiblePanel
            id="notification-email"
            title="Notification email"
            description="Where lead notifications and other mail from the app go."
          >
            <NotificationEmailForm />
          </CollapsiblePanel>
        ) : null}
        <CollapsiblePanel
          id="personal-details"
          title="Personal Details"
          description="Your name and the company shown on your quizzes."
        >
          <PersonalDetailsForm profile={profile} onSaved={saved} />
        </CollapsiblePanel>
        {/* A shop's staff come through Shopify. */}
        {isEmbedded() ? null : (
          <CollapsiblePanel id="team" title="Team" description="The people who work in this account, and their roles.">
            <TeamPanel />
          </CollapsiblePanel>
        )}
      </BlockStack>
      <Box paddingBlockEnd="800" />
    </Page>
  );
}
