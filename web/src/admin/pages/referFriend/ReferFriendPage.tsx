import { BlockStack, Box, Card, Layout, Page, SkeletonBodyText, Text } from '@shopify/polaris';
import { referralMessages } from '@quizlead/shared/schemas/referrals.ts';
import { getReferrals } from '../../api/referrals.ts';
import { LoadFailed } from '../../components/engagement/LoadFailed.tsx';
import { useResource } from '../../data/useResource.ts';
import { CopyField } from '../settings/CopyField.tsx';
import { InvitationsCard } from './InvitationsCard.tsx';
import { ReferFriendForm } from './ReferFriendForm.tsx';
import { SignupsCard } from './SignupsCard.tsx';
import { referTexts } from './texts.ts';
import { LoadingCard } from '../../components/LoadingCard.tsx';
import '../../components/engagement/engagement.css';

/**
 * /app/refer-friend (spec: builder-widgets-shell.md §2.1 profile menu, §2.8): invite a friend by email, share
 * the referral link, and see who was invited and who signed up.
 */
export function ReferFriendPage() {
  const referrals = useResource(['referrals'], getReferrals);
  const { loaded, data } = referrals;

  let lists;
  if (loaded.state === 'failed' || loaded.state === 'missing') {
    lists = (
      <LoadFailed
        title={referralMessages.loadFailed}
        message={loaded.state === 'failed' ? loaded.message : referralMessages.loadFailed}
        onRetry={referrals.reload}
      />
    );
  } else if (!data) {
    lists = <LoadingCard message={referTexts.loading} lines={4} gap="300" />;
  } else {
    lists = (
      <BlockStack gap="400">
        <InvitationsCard invitations={data.invitations} loading={referrals.loading} />
        <SignupsCard signups={data.signups} loading={referrals.loading} />
      </BlockStack>
    );
  }

  return (
    <Page title={referTexts.title} subtitle={referTexts.subtitle}>
      <Layout>
        <Layout.Section>
          <ReferFriendForm onSent={referrals.reload} />
        </Layout.Section>
        <Layout.Section>
          <Card>
            <BlockStack gap="300">
              <Text as="h2" variant="headingMd">
                {referTexts.linkTitle}
              </Text>
              {data ? (
                <CopyField label={referTexts.linkLabel} value={data.link.url} helpText={referTexts.linkHelp} />
              ) : loaded.state === 'loading' ? (
                <SkeletonBodyText lines={2} />
              ) : (
                <Text as="p" tone="subdued">
                  {referralMessages.loadFailed}
                </Text>
              )}
            </BlockStack>
          </Card>
        </Layout.Section>
        <Layout.Section>{lists}</Layout.Section>
      </Layout>
      <Box paddingBlockEnd="800" />
    </Page>
  );
}
