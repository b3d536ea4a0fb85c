import { BlockStack, Card, SkeletonBodyText, Text, type BlockStackProps } from '@shopify/polaris';

interface Props {
  /** Said once to assistive technology and shown above the skeleton: 'Loading…'. */
  message: string;
  /** The skeleton's height, in lines of text, about that of what is on its way. */
  lines: number;
  gap: BlockStackProps['gap'];
}

/** A card standing in for a list or table until its first answer: what is loading, then a skeleton. */
export function LoadingCard({ message, lines, gap }: Props) {
  return (
    <Card>
      <BlockStack gap={gap}>
        <div role="status">
          <Text as="p" tone="subdued">
            {message}
          </Text>
        </div>
        <SkeletonBodyText lines={lines} />
      </BlockStack>
    </Card>
  );
}
