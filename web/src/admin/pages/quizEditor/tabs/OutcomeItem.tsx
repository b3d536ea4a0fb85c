import { BlockStack, Button, InlineStack, Text } from '@shopify/polaris';
import type { ReactNode } from 'react';

/** One personality or category in its editor: a named group with a Remove action while more than the minimum remain. */
export function OutcomeItem({
  name,
  removable,
  onRemove,
  children,
}: {
  name: string;
  removable: boolean;
  onRemove(): void;
  children: ReactNode;
}) {
  return (
    <div role="group" aria-label={name} className="ql-outcome-item">
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h3" variant="headingSm">
            {name}
          </Text>
          {removable ? (
            <Button variant="plain" tone="critical" onClick={onRemove} accessibilityLabel={`Remove ${name.toLowerCase()}`}>
              Remove
            </Button>
          ) : null}
        </InlineStack>
        {children}
      </BlockStack>
    </div>
  );
}
