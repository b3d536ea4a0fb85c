import { BlockStack, Card, Text } from '@shopify/polaris';
import type { ReactNode } from 'react';

/** The card beside a builder that shows the item as visitors will see it, under the heading 'Preview'. */
export function PreviewCard({ children }: { children: ReactNode }) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Preview
        </Text>
        {children}
      </BlockStack>
    </Card>
  );
}
