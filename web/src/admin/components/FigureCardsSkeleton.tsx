import { BlockStack, Card, InlineGrid, SkeletonBodyText, SkeletonDisplayText } from '@shopify/polaris';
import type { BlockStackProps, InlineGridProps } from '@shopify/polaris';

interface Props {
  count: number;
  /** The grid of the figures it stands for, so nothing moves when they arrive. */
  columns: InlineGridProps['columns'];
  gap: InlineGridProps['gap'];
  /** The space between a card's label and its number. */
  cardGap: BlockStackProps['gap'];
}

/** A report's figure cards (a label over a number each) while the report loads. */
export function FigureCardsSkeleton({ count, columns, gap, cardGap }: Props) {
  return (
    <InlineGrid columns={columns} gap={gap}>
      {Array.from({ length: count }, (_, index) => (
        <Card key={index}>
          <BlockStack gap={cardGap}>
            <SkeletonBodyText lines={1} />
            <SkeletonDisplayText size="medium" />
          </BlockStack>
        </Card>
      ))}
    </InlineGrid>
  );
}
