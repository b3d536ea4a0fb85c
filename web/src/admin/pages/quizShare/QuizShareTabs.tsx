import { Banner, BlockStack, Box, Button, Card, InlineStack, Select, Spinner, Tabs, Text, TextField } from '@shopify/polaris';
import { useBreakpoints } from '../../useBreakpoints.ts';
import { CheckIcon, ClipboardIcon, ExternalIcon } from '@shopify/polaris-icons';
import type { TQuizDetail } from '@quizlead/shared/schemas/quiz.ts';
import type { TShopifyPlacement, TShortLink } from '@quizlead/shared/schemas/reports.ts';
import {
  defaultEmbedDisplayOptions,
  iframeEmbedCode,
  quizPlayerPath,
  shareLimits,
  shareMessages,
  shareTabLabels,
  shareTabs,
  widgetEmbedCode,
  type EmbedDisplayOptions,
  type ShareTab,
} from '@quizlead/shared/sharing.ts';
import { slugify } from '@quizlead/shared/slug.ts';
import { useState, type ReactNode } from 'react';
import { createShortLink, getShopifyPlacement } from '../../api/sharing.ts';
import { copyText } from '../../components/share/copyText.ts';
import { EmbedCodeField } from '../../components/share/EmbedCodeField.tsx';
import { useFetchOnce, type Fetched } from '../../components/share/fetched.ts';
import { ShopifyPanel } from '../../components/share/ShopifyPanel.tsx';
import { WidgetDisplayFields } from '../../components/share/WidgetDisplayFields.tsx';
import { SocialButtons } from './SocialButtons.tsx';

/** What the copy button copies on each tab, named for the confirmation screen readers hear. */
const copiedNames: Record<ShareTab, string> = {
  link: 'quiz link',
  'short-link': 'short link',
  iframe: 'iframe code',
  widget: 'widget code',
  social: 'quiz link',
  shopify: 'quiz id',
};

export function QuizShareTabs({ quiz, title }: { quiz: TQuizDetail; title: string }) {
  const [selected, setSelected] = useState(0);
  // Six tabs do not fit a phone's width: there the choice is a menu.
  const { xsOnly } = useBreakpoints();
  const [copied, setCopied] = useState<ShareTab | null>(null);
  const [failed, setFailed] = useState(false);
  const [display, setDisplay] = useState<EmbedDisplayOptions>(defaultEmbedDisplayOptions);
  const shortLink = useFetchOnce<TShortLink>((signal) => createShortLink(quiz.id, signal));
  const shopify = useFetchOnce<TShopifyPlacement>((signal) => getShopifyPlacement(quiz.id, signal));

  const tab = shareTabs[selected]!;
  const origin = window.location.origin;
  const link = origin + quizPlayerPath(quiz);
  const iframe = iframeEmbedCode(origin, quizPlayerPath(quiz, { iframe: true }), title);
  const widget = widgetEmbedCode(origin, { kind: 'quiz', id: quiz.id, slug: slugify(quiz.title), title }, display);
  const short = shortLink.fetched.state === 'ready' ? origin + shortLink.fetched.data.path : null;
  const placement = shopify.fetched.state === 'ready' ? shopify.fetched.data : null;

  const texts: Record<ShareTab, string | null> = {
    link,
    'short-link': short,
    iframe,
    widget,
    social: link,
    shopify: placement?.available ? quiz.id : null,
  };
  const text = texts[tab];

  function choose(index: number) {
    const next = shareTabs[index]!;
    setSelected(index);
    setCopied(null);
    setFailed(false);
    if (next === 'short-link') shortLink.startOnce();
    if (next === 'shopify') shopify.startOnce();
  }

  async function copy() {
    if (text === null) return;
    const done = await copyText(text);
    setCopied(done ? tab : null);
    setFailed(!done);
  }

  function changeDisplay(next: EmbedDisplayOptions) {
    setDisplay(next);
    setCopied(null);
    setFailed(false);
  }

  const panels: Record<ShareTab, ReactNode> = {
    link: (
      <BlockStack gap="300">
        <Text as="p" tone="subdued">
          Anyone with this link can play the quiz in their browser.
        </Text>
        <TextField label="Quiz link" value={link} readOnly autoComplete="off" selectTextOnFocus />
      </BlockStack>
    ),
    'short-link': <ShortLinkPanel fetched={shortLink.fetched} value={short} onRetry={shortLink.start} />,
    iframe: (
      <EmbedCodeField
        label="Iframe code"
        value={iframe}
        lines={3}
        helpText={`Shows the quiz in a fixed ${shareLimits.iframeWidth} × ${shareLimits.iframeHeight} frame. For a frame that resizes itself to fit the quiz, use the Widget code.`}
      />
    ),
    widget: (
      <BlockStack gap="300">
        <WidgetDisplayFields value={display} onChange={changeDisplay} thing="quiz" />
        <EmbedCodeField
          label="Widget code"
          value={widget}
          lines={4}
          helpText={
            display.display === 'inline'
              ? 'Paste it where the quiz should appear on any site; its frame resizes to fit the quiz.'
              : 'Paste it anywhere in a page of any site: it opens on its own when its moment comes.'
          }
        />
      </BlockStack>
    ),
    social: <SocialButtons link={link} title={title} />,
    shopify: <ShopifyPanel fetched={shopify.fetched} kind="quiz" id={quiz.id} onRetry={shopify.start} />,
  };

  const content = (
    <Box padding="400">
      <BlockStack gap="400">
        {panels[tab]}
        <InlineStack align="end" blockAlign="center" gap="200">
          {tab === 'link' ? (
            <Button icon={ExternalIcon} url={link} target="_blank" accessibilityLabel="Open the quiz in a new window">
              Open
            </Button>
          ) : null}
          <Button
            variant="primary"
            icon={copied === tab ? CheckIcon : ClipboardIcon}
            disabled={text === null}
            onClick={() => void copy()}
          >
            {copied === tab ? shareMessages.copyDone : shareMessages.copy}
          </Button>
        </InlineStack>
        <div aria-live="polite">
          {copied === tab ? (
            <Text as="p" tone="success" alignment="end">
              {`The ${copiedNames[tab]} is on your clipboard.`}
            </Text>
          ) : failed ? (
            <Text as="p" tone="caution" alignment="end">
              The browser did not allow copying: select the text and copy it yourself.
            </Text>
          ) : null}
        </div>
      </BlockStack>
    </Box>
  );

  if (xsOnly) {
    return (
      <Card padding="0">
        <Box padding="400" paddingBlockEnd="0">
          <Select
            label={shareMessages.shareBy}
            options={shareTabs.map((id) => ({ label: shareTabLabels[id], value: id }))}
            value={tab}
            onChange={(value) => choose(shareTabs.indexOf(value as ShareTab))}
          />
        </Box>
        {content}
      </Card>
    );
  }

  return (
    <Card padding="0">
      <Tabs
        tabs={shareTabs.map((id) => ({ id: `share-tab-${id}`, content: shareTabLabels[id], panelID: `share-panel-${id}` }))}
        selected={selected}
        onSelect={choose}
        disclosureText="More"
      >
        {content}
      </Tabs>
    </Card>
  );
}

function ShortLinkPanel({ fetched, value, onRetry }: { fetched: Fetched<TShortLink>; value: string | null; onRetry(): void }) {
  if (fetched.state === 'failed') {
    return (
      <Banner tone="critical" action={{ content: 'Try again', onAction: onRetry }}>
        <p>{fetched.message}</p>
      </Banner>
    );
  }
  if (value === null) {
    return (
      <InlineStack gap="200" blockAlign="center">
        <Spinner size="small" accessibilityLabel={shareMessages.shortLinkLoading} />
        <Text as="p">{shareMessages.shortLinkLoading}</Text>
      </InlineStack>
    );
  }
  return (
    <BlockStack gap="300">
      <Text as="p" tone="subdued">
        A short address for messages, print and QR codes. It leads to the quiz while the quiz is published.
      </Text>
      <TextField label="Short link" value={value} readOnly autoComplete="off" selectTextOnFocus />
    </BlockStack>
  );
}
