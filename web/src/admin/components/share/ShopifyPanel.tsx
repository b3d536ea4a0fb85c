import { Banner, BlockStack, Button, InlineStack, List, Spinner, Text, TextField } from '@shopify/polaris';
import { CheckIcon, ClipboardIcon, ExternalIcon } from '@shopify/polaris-icons';
import { useState } from 'react';
import type { TShopifyPlacement } from '@quizlead/shared/schemas/reports.ts';
import { embedKindNouns, shopifyMessages, type EmbedKind } from '@quizlead/shared/sharing.ts';
import { shopifyStorefrontMessages } from '@quizlead/shared/shopify.ts';
import { copyText } from './copyText.ts';
import type { Fetched } from './fetched.ts';

interface Props {
  fetched: Fetched<TShopifyPlacement>;
  /** What is placed: a quiz, poll, web response or wheel (the block's Show setting names it). */
  kind: EmbedKind;
  id: string;
  onRetry(): void;
}

/**
 * The Shopify tab of every share screen: the item's page in the store (app proxy) or why it has none yet,
 * the theme editor with the Quizlead app block ready to add, and the theme editor's App embeds with the
 * Quizlead pop-up switched on, with the kind to choose and the id to paste there; or why none is available.
 */
export function ShopifyPanel({ fetched, kind, id, onRetry }: Props) {
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
          label={shopifyStorefrontMessages.storefrontLinkLabel(kind)}
          value={storefront.url}
          readOnly
          autoComplete="off"
          selectTextOnFocus
          helpText={shopifyStorefrontMessages.storefrontLinkHelp(kind)}
          connectedRight={
            <Button
              icon={ExternalIcon}
              url={storefront.url}
              target="_blank"
              accessibilityLabel={`Open the ${embedKindNouns[kind]}’s page in your store`}
            >
              Open
            </Button>
          }
        />
      ) : (
        <BlockStack gap="100">
          <Text as="h3" variant="headingSm">
            {shopifyStorefrontMessages.storefrontLinkLabel(kind)}
          </Text>
          {/* The spec's Shopify publish failure: the message in place of the link. */}
          <Text as="p" tone="subdued">
            {storefront.message}
          </Text>
        </BlockStack>
      )}
      <Text as="p">{shopifyMessages.blockIntro(placement.shopDomain, kind)}</Text>
      <List type="number">
        {shopifyMessages.blockSteps(kind).map((step) => (
          <List.Item key={step}>{step}</List.Item>
        ))}
      </List>
      <TextField label={shopifyMessages.idLabel(kind)} value={id} readOnly monospaced autoComplete="off" selectTextOnFocus />
      <InlineStack gap="200" blockAlign="center">
        <Button variant="primary" icon={ExternalIcon} url={placement.editorUrl} target="_blank">
          {shopifyMessages.addToTheme}
        </Button>
        <CopyLinkButton url={placement.editorUrl} name={shopifyMessages.addToTheme} />
      </InlineStack>
      <Text as="p">{shopifyMessages.embedIntro(kind)}</Text>
      <List type="number">
        {shopifyMessages.embedSteps(kind).map((step) => (
          <List.Item key={step}>{step}</List.Item>
        ))}
      </List>
      <InlineStack gap="200" blockAlign="center">
        <Button icon={ExternalIcon} url={placement.appEmbedUrl} target="_blank">
          {shopifyMessages.turnOnPopup}
        </Button>
        <CopyLinkButton url={placement.appEmbedUrl} name={shopifyMessages.turnOnPopup} />
      </InlineStack>
    </BlockStack>
  );
}

/**
 * Copies a theme editor link, for a merchant who opens it elsewhere or sends it to whoever edits the
 * theme (inside the shop's admin, the link itself opens a new tab).
 */
function CopyLinkButton({ url, name }: { url: string; name: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const label = state === 'copied' ? shopifyMessages.linkCopied : shopifyMessages.copyLink;
  return (
    <InlineStack gap="200" blockAlign="center">
      <Button
        variant="tertiary"
        icon={state === 'copied' ? CheckIcon : ClipboardIcon}
        accessibilityLabel={`${label}: ${name}`}
        onClick={() => void copyText(url).then((done) => setState(done ? 'copied' : 'failed'))}
      >
        {label}
      </Button>
      <span aria-live="polite">
        {state === 'failed' ? (
          <Text as="span" tone="caution">
            {shopifyMessages.copyLinkFailed}
          </Text>
        ) : null}
      </span>
    </InlineStack>
  );
}
