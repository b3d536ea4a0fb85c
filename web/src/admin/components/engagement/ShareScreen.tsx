import { BlockStack, Box, Button, Card, InlineStack, Page, SkeletonBodyText, SkeletonPage, Text } from '@shopify/polaris';
import { ExternalIcon } from '@shopify/polaris-icons';
import type { EngagementKind } from '@quizlead/shared/engagement.ts';
import { ShareCode } from '../ShareCode.tsx';
import { ItemNotReady } from './ItemNotReady.tsx';
import { useResource } from '../../data/useResource.ts';

interface Props<Item> {
  id: string;
  /** 'Your Poll Is Ready'… */
  title: string;
  thing: string;
  list: { content: string; url: string };
  kind: EngagementKind;
  loadItem(signal: AbortSignal): Promise<Item>;
  name(item: Item): string;
  slug?(item: Item): string;
  /** The public page, from the site root. */
  pagePath(item: Item): string;
  /** Edit, responses… */
  actions(item: Item): { content: string; url: string }[];
}

/** After a save: the item's embed codes and its public page. */
export function ShareScreen<Item>({ id, title, thing, list, kind, loadItem, name, slug, pagePath, actions }: Props<Item>) {
  const item = useResource([kind, 'item', id], loadItem);

  if (item.loaded.state !== 'ready') {
    return (
      <ItemNotReady item={item} title={title} thing={thing} list={list}>
        <SkeletonPage title={title} backAction>
          <Card>
            <SkeletonBodyText lines={6} />
          </Card>
        </SkeletonPage>
      </ItemNotReady>
    );
  }

  const loaded = item.loaded.data;
  const path = pagePath(loaded);
  return (
    <Page title={title} subtitle={name(loaded)} backAction={list} secondaryActions={actions(loaded)}>
      <BlockStack gap="400">
        <Card>
          <BlockStack gap="400">
            <BlockStack gap="100">
              <Text as="h2" variant="headingMd">
                Embed it on your site or in your store
              </Text>
              <Text as="p" tone="subdued">
                Copy the iframe code, or the widget code that sizes itself to fit, and paste it into any page; or place it in your
                Shopify store.
              </Text>
            </BlockStack>
            <ShareCode kind={kind} id={id} slug={slug?.(loaded)} pagePath={path} title={name(loaded)} />
          </BlockStack>
        </Card>
        <Card>
          <InlineStack align="space-between" blockAlign="center" gap="300">
            <BlockStack gap="100">
              <Text as="h2" variant="headingMd">
                Public page
              </Text>
              <Text as="p" tone="subdued" breakWord>
                {window.location.origin + path}
              </Text>
            </BlockStack>
            <Button icon={ExternalIcon} url={path} target="_blank" accessibilityLabel="Open the public page in a new window">
              Open
            </Button>
          </InlineStack>
        </Card>
      </BlockStack>
      <Box paddingBlockEnd="800" />
    </Page>
  );
}
