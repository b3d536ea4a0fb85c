import { BlockStack, Button, ButtonGroup, InlineStack, Text, TextField } from '@shopify/polaris';
import { CheckIcon, ClipboardIcon } from '@shopify/polaris-icons';
import { engagementMessages } from '@quizlead/shared/engagement.ts';
import { defaultEmbedDisplayOptions, shareMessages, type EmbedDisplayOptions } from '@quizlead/shared/sharing.ts';
import { useState } from 'react';
import { iframeCode, widgetCode, type EmbedKind, type ShareCodeMode } from './engagement/embedCodes.ts';
import { copyText } from './share/copyText.ts';
import { WidgetDisplayFields } from './share/WidgetDisplayFields.tsx';

export type { EmbedKind };

export const copyDoneText = shareMessages.copyDone;

const kindNames: Record<EmbedKind, string> = { quiz: 'quiz', poll: 'poll', feedback: 'web response', wheel: 'wheel' };

interface Props {
  kind: EmbedKind;
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
 * script, in the page or as a pop-up or slide-in (the same choices as the quiz share page).
 */
export function ShareCode({ kind, id, slug, pagePath, title }: Props) {
  const [mode, setMode] = useState<ShareCodeMode>('iframe');
  const [copied, setCopied] = useState<ShareCodeMode | null>(null);
  const [failed, setFailed] = useState(false);
  const [display, setDisplay] = useState<EmbedDisplayOptions>(defaultEmbedDisplayOptions);
  const fieldId = `share-code-${kind}`;
  const origin = window.location.origin;
  const code = mode === 'iframe' ? iframeCode(origin, pagePath, title) : widgetCode(origin, kind, id, slug, display);

  async function copy(which: ShareCodeMode, text: string) {
    const done = await copyText(text);
    setCopied(done ? which : null);
    setFailed(!done);
  }

  function choose(next: ShareCodeMode) {
    if (next === mode) return;
    setMode(next);
    setCopied(null);
    setFailed(false);
    if (next === 'widget') void copy('widget', widgetCode(origin, kind, id, slug, display));
  }

  function changeDisplay(next: EmbedDisplayOptions) {
    setDisplay(next);
    setCopied(null);
    setFailed(false);
  }

  const label = mode === 'iframe' ? 'Iframe code' : 'Widget code';
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
          </ButtonGroup>
        </div>
        <Button
          variant="primary"
          icon={isCopied ? CheckIcon : ClipboardIcon}
          onClick={() => void copy(mode, code)}
          accessibilityLabel={
            isCopied ? `${copyDoneText}: ${label.toLowerCase()} copied` : `${engagementMessages.copy} ${label.toLowerCase()}`
          }
        >
          {isCopied ? copyDoneText : engagementMessages.copy}
        </Button>
      </InlineStack>
      {mode === 'widget' ? <WidgetDisplayFields value={display} onChange={changeDisplay} thing={kindNames[kind]} /> : null}
      <TextField
        id={fieldId}
        label={label}
        value={code}
        readOnly
        multiline={4}
        monospaced
        autoComplete="off"
        selectTextOnFocus
        helpText={
          mode === 'iframe'
            ? 'Paste it where the item should appear; it shows at a fixed size.'
            : display.display === 'inline'
              ? 'Paste it where the item should appear; it resizes to fit its content.'
              : 'Paste it anywhere in the page: it opens on its own when its moment comes.'
        }
      />
      <div aria-live="polite">
        {isCopied ? (
          <Text as="p" tone="success">
            {`The ${label.toLowerCase()} is on your clipboard.`}
          </Text>
        ) : failed ? (
          <Text as="p" tone="caution">
            The browser did not allow copying: select the code and copy it yourself.
          </Text>
        ) : null}
      </div>
    </BlockStack>
  );
}
