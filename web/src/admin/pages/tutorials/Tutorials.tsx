import {
  BlockStack,
  Box,
  Button,
  Card,
  Icon,
  InlineGrid,
  InlineStack,
  Loading,
  Page,
  SkeletonBodyText,
  SkeletonDisplayText,
  Text,
} from '@shopify/polaris';
import { PlayCircleIcon } from '@shopify/polaris-icons';
import type { TTutorial } from '@quizlead/shared/schemas/reports.ts';
import { listTutorials } from '../../api/dashboard.ts';
import { LoadFailed } from '../../components/engagement/LoadFailed.tsx';
import { useResource } from '../../data/useResource.ts';

const title = 'Tutorials';
const subtitle = 'Short videos that show how to get the most out of your quizzes.';

/** /app/Tutorials: the video guides, each opening in a new tab. */
export function Tutorials() {
  const { loaded, reload } = useResource(['tutorials'], (signal) => listTutorials(signal));

  if (loaded.state === 'ready') {
    return (
      <Page title={title} subtitle={subtitle}>
        <InlineGrid columns={{ xs: 1, sm: 2, lg: 3 }} gap="400">
          {loaded.data.map((tutorial) => (
            <TutorialCard key={tutorial.id} tutorial={tutorial} />
          ))}
        </InlineGrid>
        <Box paddingBlockEnd="800" />
      </Page>
    );
  }

  return (
    <Page title={title} subtitle={subtitle}>
      {loaded.state === 'loading' ? (
        <>
          <Loading />
          {/* InlineGrid passes no aria-* attribute on: the placeholders are marked busy by their own element. */}
          <div aria-busy="true">
            <InlineGrid columns={{ xs: 1, sm: 2, lg: 3 }} gap="400">
              {Array.from({ length: 5 }, (_, index) => (
                <Card key={index}>
                  <BlockStack gap="300">
                    <SkeletonDisplayText size="small" />
                    <SkeletonBodyText lines={2} />
                  </BlockStack>
                </Card>
              ))}
            </InlineGrid>
          </div>
        </>
      ) : (
        <LoadFailed message={loaded.state === 'failed' ? loaded.message : 'Tutorials could not be loaded.'} onRetry={reload} />
      )}
    </Page>
  );
}

function TutorialCard({ tutorial }: { tutorial: TTutorial }) {
  return (
    <Card>
      <BlockStack gap="300" inlineAlign="start">
        <InlineStack gap="200" blockAlign="center" wrap={false}>
          <Box background="bg-fill-info-secondary" padding="150" borderRadius="200">
            <Icon source={PlayCircleIcon} tone="info" />
          </Box>
          <Text as="h2" variant="headingMd">
            {tutorial.title}
          </Text>
        </InlineStack>
        <Text as="p" tone="subdued">
          {tutorial.description}
        </Text>
        <Button url={tutorial.url} external accessibilityLabel={`Watch: ${tutorial.title} (opens in a new tab)`}>
          Watch
        </Button>
      </BlockStack>
    </Card>
  );
}
