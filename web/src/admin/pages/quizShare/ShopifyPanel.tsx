import { Banner, BlockStack, Button, InlineStack, List, Spinner, Text, TextField } from '@shopify/polaris';
import { ExternalIcon } from '@shopify/polaris-icons';
import type { TShopifyPlacement } from '@quizlead/shared/schemas/reports.ts';
import { shopifyMessages } from '@quizlead/shared/sharing.ts';
import { shopifyStorefrontMessages } from '@quizlead/shared/shopify.ts';
import type { Fetched } from './fetched.ts';

interface Props {
  fetched: Fetched<TShopifyPlacement>;
  quizId: string;
  onRetry(): void;
}

/**
 * The Shopify tab: the quiz's page in the store (app proxy) or why it has none yet, the theme editor with
 * the Quizlead app block ready to add, and the theme editor's App embeds with the Quizlead pop-up switched
 * on; or why none is available.
 */
export function ShopifyPanel({ fetched, quizId, onRetry }: Props) {
  if (fetched.state === 'failed') {
    return (
      <Banner tone="critical" action={{ content: 'Try again', onAction: onRetry }}>
        <p>{fetched.message}</p>
      </Banner>
    );
  }
  if (fetched.state !== 'ready') {
    return (
      <InlineStack gap="200" blockAlign="center">
        <Spinner size="small" accessibilityLabel="Checking your Shopify store" />
        <Text as="p">Checking your Shopify store…</Text>
      </InlineStack>
    );
  }
  const placement = fetched.data;
  if (!placement.available) {
    return (
      <Banner tone="info" title="Shopify">
        <p>{placement.message}</p>
      </Banner>
    );
  }
  const { storefront } = placement;
  return (
    <BlockStack gap="300">
      {storefront.published ? (
        <TextField
          label={shopifyStorefrontMessages.storefrontLinkLabel}
          value={storefront.url}
          readOnly
          autoComplete="off"
          selectTextOnFocus
          helpText="Visitors play the quiz on this page of your store, in your theme."
          connectedRight={
            <Button
              icon={ExternalIcon}
              url={storefront.url}
              target="_blank"
              accessibilityLabel="Open the quiz’s page in your store"
            >
              Open
            </Button>
          }
        />
      ) : (
        <BlockStack gap="100">
          <Text as="h3" variant="headingSm">
            {shopifyStorefrontMessages.storefrontLinkLabel}
          </Text>
          {/* The spec's Shopify publish failure: the message in place of the link. */}
          <Text as="p" tone="subdued">
            {storefront.message}
          </Text>
        </BlockStack>
      )}
      <Text as="p">{shopifyMessages.blockIntro(placement.shopDomain)}</Text>
      <List type="number">
        {shopifyMessages.blockSteps.map((step) => (
          <List.Item key={step}>{step}</List.Item>
        ))}
      </List>
      <TextField label="Quiz id" value={quizId} readOnly monospaced autoComplete="off" selectTextOnFocus />
      <InlineStack>
        <Button variant="primary" icon={ExternalIcon} url={placement.editorUrl} target="_blank">
          {shopifyMessages.addToTheme}
        </Button>
      </InlineStack>
      <Text as="p">{shopifyMessages.embedIntro}</Text>
      <List type="number">
        {shopifyMessages.embedSteps.map((step) => (
          <List.Item key={step}>{step}</List.Item>
        ))}
      </List>
      <InlineStack>
        <Button icon={ExternalIcon} url={placement.appEmbedUrl} target="_blank">
          {shopifyMessages.turnOnPopup}
        </Button>
      </InlineStack>
    </BlockStack>
  );
}
