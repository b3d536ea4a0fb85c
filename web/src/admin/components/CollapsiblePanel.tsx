import { BlockStack, Box, Button, Card, Collapsible, InlineStack, Text } from '@shopify/polaris';
import { ChevronDownIcon, ChevronUpIcon } from '@shopify/polaris-icons';
import { useState } from 'react';
import type { ReactNode } from 'react';

interface Props {
  id: string;
  title: string;
  description?: string;
  defaultOpen?: boolean;
  children: ReactNode;
}

/** A card whose body folds away behind a toggle button in its header. */
export function CollapsiblePanel({ id, title, description, defaultOpen = true, children }: Props) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <Card>
      <InlineStack align="space-between" blockAlign="center" gap="200" wrap={false}>
        <BlockStack gap="100">
          <Text as="h2" variant="headingMd">
            {title}
          </Text>
          {description ? (
            <Text as="p" tone="subdued">
              {description}
            </Text>
          ) : null}
        </BlockStack>
        <Button
          variant="tertiary"
          icon={open ? ChevronUpIcon : ChevronDownIcon}
          onClick={() => setOpen((value) => !value)}
          ariaExpanded={open}
          ariaControls={id}
          accessibilityLabel={`${open ? 'Collapse' : 'Expand'} ${title}`}
        />
      </InlineStack>
      <Collapsible id={id} open={open} transition={{ duration: '150ms', timingFunction: 'ease-in-out' }}>
        <Box paddingBlockStart="400">{children}</Box>
      </Collapsible>
    </Card>
  );
}
