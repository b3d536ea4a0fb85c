import { BlockStack, Box, Button, Card, Icon, InlineGrid, InlineStack, Text } from '@shopify/polaris';
import { activeQuizTypes, quizTypeInfo } from '@quizlead/shared/quizzes.ts';
import styles from './templates.module.css';
import { typeIcons } from './typeIcons.ts';
import { adminUrl } from '../../urls.ts';

/** Step 1: a card for each quiz type a new quiz can have (poll and feedback are for old data only). */
export function QuizTypeStep() {
  return (
    <BlockStack gap="400">
      <Box paddingInline={{ xs: '400', sm: '0' }}>
        <Text as="h2" variant="headingMd">
          Quiz types
        </Text>
      </Box>
      <InlineGrid columns={{ xs: 1, sm: 2, lg: 3 }} gap="400">
        {activeQuizTypes.map((type) => {
          const { label, description } = quizTypeInfo[type];
          return (
            <div key={type} className={styles.cell}>
              <Card>
                <div className={styles.card}>
                  <BlockStack gap="200">
                    <InlineStack gap="200" blockAlign="center" wrap={false}>
                      <Box background="bg-fill-info-secondary" padding="150" borderRadius="200">
                        <Icon source={typeIcons[type]} tone="info" />
                      </Box>
                      <Text as="h3" variant="headingSm">
                        {label}
                      </Text>
                    </InlineStack>
                    <Text as="p" tone="subdued">
                      {description}
                    </Text>
                  </BlockStack>
                  <div>
                    <Button url={adminUrl('Templates', { quiztype: type })} accessibilityLabel={`Choose ${label}`}>
                      Choose
                    </Button>
                  </div>
                </div>
              </Card>
            </div>
          );
        })}
      </InlineGrid>
      <Box paddingBlockEnd="800" />
    </BlockStack>
  );
}
