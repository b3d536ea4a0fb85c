import { BlockStack, Box, Pagination, Text } from '@shopify/polaris';
import { pageCountOf } from '../../../components/engagement/usePageParam.ts';
import { areaTexts } from '../texts.ts';

interface Props {
  /** The page shown, as the server answered it. */
  list: { page: number; pageSize: number; total: number; items: readonly unknown[] };
  /** What the pages are of, for screen readers: 'Accounts pages'. */
  label: string;
  onChange(page: number): void;
}

/** Previous and Next under a paged list, with which rows are shown. */
export function Pager({ list, label, onChange }: Props) {
  const pageCount = pageCountOf(list.total, list.pageSize);
  const first = (list.page - 1) * list.pageSize + 1;
  const last = first + list.items.length - 1;
  return (
    <Box padding="300" borderBlockStartWidth="025" borderColor="border-secondary">
      <BlockStack gap="200" inlineAlign="center">
        {pageCount > 1 ? (
          <Pagination
            accessibilityLabel={label}
            hasPrevious={list.page > 1}
            hasNext={list.page < pageCount}
            onPrevious={() => onChange(list.page - 1)}
            onNext={() => onChange(list.page + 1)}
            label={areaTexts.pages(list.page, pageCount)}
          />
        ) : null}
        {list.items.length > 0 ? (
          <Text as="p" tone="subdued" alignment="center" variant="bodySm">
            {areaTexts.showing(first, last, list.total)}
          </Text>
        ) : null}
      </BlockStack>
    </Box>
  );
}
