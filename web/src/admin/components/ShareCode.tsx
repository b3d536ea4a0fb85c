import { BlockStack, Button, ButtonGroup, InlineStack, Text } from '@shopify/polaris';
import { CheckIcon, ClipboardIcon } from '@shopify/polaris-icons';
import { engagementMessages, type EngagementKind } from '@quizlead/shared/engagement.ts';
import type { TShopifyPlacement } from '@quizlead/shared/schemas/reports.ts';
import {
  defaultEmbedDisplayOptions,
  embedKindNouns,
  shareMessages,
  shareTabLabels,
  type EmbedDisplayOptions,
} from '@quizlead/shared/sharing.ts';
import { useState } from 'react';
import { engagementApi } from '../api/engagement.ts';
import { iframeCode, widgetCode, type ShareCodeMode } from './engagement/embedCodes.ts';
import { copyText } from './share/copyText.ts';
import { EmbedCodeField } from './share/EmbedCodeField.tsx';
import { useFetchOnce } from './share/fetched.ts';
import { ShopifyPanel } from './share/ShopifyPanel.tsx';
import { WidgetDisplayFields } from './share/WidgetDisplayFields.tsx';

export const copyDoneText = shareMessages.copyDone;

/** The code box's ways to share: a code to paste, or the Shopify store (as the quiz's Shopify tab). */
type ShareMode = ShareCodeMode | 'shopify';

interface Props {
  kind: EngagementKind;
  id: string;
  slug?: string;
  /** The item's public page, from the site root ('/poll/publish/show/{id}/{slug}'). */
  pagePath: string;
  /** Names the iframe for screen readers. */
  title: string;
}

/**
 * The share page's code box: iframe or widget code, a Copy button that says 'Copy Done' once copied.
 * Choosing the widget code copies it at once (spec 2.5). The widget code uses the universal embed
 * script, in the page or as a pop-up or slide-in (the same choices as the quiz share page). Shopify
 * shows the item's storefront page and the theme editor links, as the quiz's Shopify tab does; Copy
 * there copies the id the merchant pastes into the block or the embed.
 */
export function ShareCode({ kind, id, slug, pagePath, title }: Props) {
  const [mode, setMode] = useState<ShareMode>('iframe');
  const [copied, setCopied] = useState<ShareMode | null>(null);
  const [failed, setFailed] = useState(false);
  const [display, setDisplay] = useState<EmbedDisplayOptions>(defaultEmbedDisplayOptions);
  const shopify = useFetchOnce<TShopifyPlacement>((signal) => engagementApi(kind).shopify(id, signal));
  const fieldId = `share-code-${kind}`;
  const origin = window.location.origin;
  const placed = shopify.fetched.state === 'ready' && shopify.fetched.data.available;
  const text =
    mode === 'iframe'
      ? iframeCode(origin, pagePath, title)
      : mode === 'widget'
        ? widgetCode(origin, kind, id, slug, display)
        : placed
          ? id
          : null;

  async function copy(which: ShareMode, value: string) {
    const done = await copyText(value);
    setCopied(done ? which : null);
    setFailed(!done);
  }

  function choose(next: ShareMode) {
    if (next === mode) return;
    setMode(next);
    setCopied(null);
    setFailed(false);
    if (next === 'widget') void copy('widget', widgetCode(origin, kind, id, slug, display));
    if (next === 'shopify') shopify.startOnce();
  }

  function changeDisplay(next: EmbedDisplayOptions) {
    setDisplay(next);
    setCopied(null);
    setFailed(false);
  }

  const label = mode === 'iframe' ? 'Iframe code' : mode === 'widget' ? 'Widget code' : `${embedKindNouns[kind]} id`;
  const isCopied = copied === mode;
  return (
    <BlockStack gap="300">
      <InlineStack align="space-between" blockAlign="center" gap="200">
        <div role="group" aria-label="Embed code type">
          <ButtonGroup variant="segmented">
            <Button pressed={mode === 'iframe'} onClick={() => choose('iframe')}>
              {engagementMessages.iframeCode}
            </Button>
            <Button pressed={mode === 'widget'} onClick={() => choose('widget')}>
              {engagementMessages.widgetCode}
            </Button>
            <Button pressed={mode === 'shopify'} onClick={() => choose('shopify')}>
              {shareTabLabels.shopify}
            </Button>
          </ButtonGroup>
        </div>
        {text === null ? null : (
          <Button
            variant="primary"
            icon={isCopied ? CheckIcon : ClipboardIcon}
            onClick={() => void copy(mode, text)}
            accessibilityLabel={
              isCopied ? `${copyDoneText}: ${label.toLowerCase()} copied` : `${engagementMessages.copy} ${label.toLowerCase()}`
            }
          >
            {isCopied ? copyDoneText : engagementMessages.copy}
          </Button>
        )}
      </InlineStack>
      {mode === 'widget' ? <WidgetDisplayFields value={display} onChange={changeDisplay} thing={embedKindNouns[kind]} /> : null}
      {mode === 'shopify' ? (
        <ShopifyPanel fetched={shopify.fetched} kind={kind} id={id} onRetry={shopify.start} />
      ) : (
        <EmbedCodeField
          id={fieldId}
          label={label}
          value={text ?? ''}
          lines={4}
          helpText={
            mode === 'iframe'
              ? 'Paste it where the item should appear; it shows at a fixed size.'
              : display.display === 'inline'
                ? 'Paste it where the item should appear; it resizes to fit its content.'
                : 'Paste it anywhere in the page: it opens on its own when its moment comes.'
          }
        />
      )}
      <div aria-live="polite">
        {isCopied ? (
          <Text as="p" tone="success">
            {`The ${label.toLowerCase()} is on your clipboard.`}
          </Text>
        ) : failed ? (
          <Text as="p" tone="caution">
            {mode === 'shopify'
              ? 'The browser did not allow copying: select the id and copy it yourself.'
              : 'The browser did not allow copying: select the code and copy it yourself.'}
          </Text>
        ) : null}
      </div>
    </BlockStack>
  );
}
