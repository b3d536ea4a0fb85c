import {
  Badge,
  BlockStack,
  Box,
  Button,
  Card,
  EmptyState,
  Icon,
  InlineGrid,
  InlineStack,
  Layout,
  Page,
  Text,
} from '@shopify/polaris';
import type { IconSource } from '@shopify/polaris';
import { ChartVerticalIcon, ChatIcon, QuestionCircleIcon, TargetIcon } from '@shopify/polaris-icons';
import { productName } from '@quizlead/shared/constants.ts';
import { useAtomValue } from 'jotai';
import welcomeImage from '../assets/welcome.svg';
import { sessionUserAtom } from '../session.ts';

interface Feature {
  title: string;
  description: string;
  icon: IconSource;
  /** The screen that builds it; features without one are announced as coming soon. */
  url?: string;
}

const features: Feature[] = [
  {
    title: 'Quizzes',
    description: 'Graded, personality, weighted and category quizzes that end with a lead form and a tailored result.',
    icon: QuestionCircleIcon,
    url: '/app/Templates',
  },
  {
    title: 'Polls',
    description: 'One-question polls your visitors answer in a click, with live results.',
    icon: ChartVerticalIcon,
    url: '/app/poll/create',
  },
  {
    title: 'Web responses',
    description: 'Feedback widgets that collect comments, ratings and contact details on any page.',
    icon: ChatIcon,
    url: '/app/Feedback',
  },
  {
    title: 'Spin-to-win wheels',
    description: 'A prize wheel that trades a discount for an email address.',
    icon: TargetIcon,
    url: '/app/wheel_spinner/create',
  },
];

/** The dashboard of a new account: what it can do next. */
export function Welcome() {
  const user = useAtomValue(sessionUserAtom);
  const firstName = user?.name.trim().split(/\s+/)[0] ?? '';
  const profileIncomplete = !user?.companyName;

  return (
    <Page
      title={firstName ? `Welcome, ${firstName}` : `Welcome to ${productName}`}
      subtitle="Quizzes, polls and web responses that turn visitors into leads."
      titleMetadata={user ? <Badge tone={user.mode === 'paid' ? 'success' : 'info'}>{planLabel(user.mode)}</Badge> : null}
    >
      <Layout>
        <Layout.Section>
          <Card>
            <EmptyState
              heading={profileIncomplete ? 'Complete your profile' : 'Your profile is ready'}
              image={welcomeImage}
              action={{ content: profileIncomplete ? 'Complete your profile' : 'Review your profile', url: '/app/Account' }}
            >
              <p>
                Your company name, website and logo appear on every quiz, poll and form you publish, so visitors know who they are
                talking to.
              </p>
            </EmptyState>
          </Card>
        </Layout.Section>
        <Layout.Section>
          <BlockStack gap="300">
            <Box paddingInline={{ xs: '400', sm: '0' }}>
              <Text as="h2" variant="headingMd">
                What you can build
              </Text>
            </Box>
            <InlineGrid columns={{ xs: 1, sm: 2 }} gap="400">
              {features.map((feature) => (
                <FeatureCard key={feature.title} feature={feature} />
              ))}
            </InlineGrid>
          </BlockStack>
        </Layout.Section>
      </Layout>
      <Box paddingBlockEnd="800" />
    </Page>
  );
}

function FeatureCard({ feature }: { feature: Feature }) {
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack gap="200" blockAlign="center" wrap={false}>
          <Box background="bg-fill-info-secondary" padding="150" borderRadius="200">
            <Icon source={feature.icon} tone="info" />
          </Box>
          <Text as="h3" variant="headingSm">
            {feature.title}
          </Text>
          {feature.url ? null : <Badge>Coming soon</Badge>}
        </InlineStack>
        <Text as="p" tone="subdued">
          {feature.description}
        </Text>
        {feature.url ? (
          <InlineStack>
            <Button url={feature.url}>{`Create ${feature.title.toLowerCase()}`}</Button>
          </InlineStack>
        ) : null}
      </BlockStack>
    </Card>
  );
}

function planLabel(mode: 'free' | 'paid'): string {
  return mode === 'paid' ? 'Paid plan' : 'Free plan';
}
