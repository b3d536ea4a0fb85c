import { Banner, BlockStack, Button, InlineStack, Modal, Select, SkeletonBodyText, Text } from '@shopify/polaris';
import { CheckIcon, ClipboardIcon } from '@shopify/polaris-icons';
import {
  destinationPreviewTexts as texts,
  type TPreviewItem,
  type TPreviewItemKind,
  type TPreviewRequest,
} from '@quizlead/shared/schemas/destinationPreview.ts';
import { useId, useState } from 'react';
import { previewDestination } from '../../api/settings.ts';
import { copyText } from '../../components/share/copyText.ts';
import { LoadFailed } from '../../components/engagement/LoadFailed.tsx';
import { useResource } from '../../data/useResource.ts';
import { codeBlockStyle } from './codeBlockStyle.ts';

interface Props {
  /** The destination's id. */
  destinationId: string;
  /** As the title names it: 'Klaviyo', 'https://example.com/hooks', 'your notification email'. */
  destination: string;
}

const itemValue = (item: Pick<TPreviewItem, 'kind' | 'id'>) => `${item.kind}:${item.id}`;

/**
 * Settings → a destination's "Preview a sample lead" (issue 33): a button opening a modal with an item
 * picker and, for the chosen item's sample lead, each request the destination would get (method and URL,
 * headers, the body pretty-printed with a Copy button). Nothing is sent.
 */
export function DestinationPreviewButton({ destinationId, destination }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} accessibilityLabel={texts.buttonFor(destination)}>
        {texts.button}
      </Button>
      <Modal open={open} onClose={() => setOpen(false)} title={texts.title(destination)} size="large">
        {open ? <PreviewContent destinationId={destinationId} /> : null}
      </Modal>
    </>
  );
}

function PreviewContent({ destinationId }: { destinationId: string }) {
  const [chosen, setChosen] = useState<{ kind: TPreviewItemKind; id: string } | null>(null);
  const preview = useResource(['destinationPreview', destinationId, chosen?.kind ?? '', chosen?.id ?? ''], (signal) =>
    previewDestination(destinationId, chosen, signal),
  );
  const { loaded, data } = preview;
  const items = data?.items ?? [];
  const selected = chosen ?? data?.item ?? null;

  return (
    <Modal.Section>
      <BlockStack gap="400">
        <Text as="p" tone="subdued">
          {texts.intro}
        </Text>
        {items.length > 0 ? (
          <Select
            label={texts.item}
            options={items.map((item) => ({
              label: `${texts.kinds[item.kind]}: ${item.title || texts.untitled}`,
              value: itemValue(item),
            }))}
            value={selected ? itemValue(selected) : ''}
            onChange={(value) => {
              const item = items.find((candidate) => itemValue(candidate) === value);
              if (item) setChosen({ kind: item.kind, id: item.id });
            }}
          />
        ) : loaded.state === 'ready' ? (
          <Text as="p">{texts.genericSample}</Text>
        ) : null}
        {loaded.state === 'loading' ? (
          <BlockStack gap="200">
            <Text as="p" tone="subdued">
              {texts.loading}
            </Text>
            <SkeletonBodyText lines={6} />
          </BlockStack>
        ) : loaded.state === 'ready' ? (
          loaded.data.requests.length === 0 ? (
            <Banner tone={loaded.data.message ? 'warning' : 'info'}>
              <p>{loaded.data.message ?? texts.empty}</p>
            </Banner>
          ) : (
            <BlockStack gap="500">
              {loaded.data.requests.map((request, index) => (
                <PreviewRequestView key={`${index}-${request.label}`} request={request} />
              ))}
            </BlockStack>
          )
        ) : (
          <LoadFailed
            title={texts.failed}
            message={loaded.state === 'failed' ? loaded.message : texts.failed}
            onRetry={() => preview.reload()}
          />
        )}
      </BlockStack>
    </Modal.Section>
  );
}

/** The body as a person reads it: JSON indented, anything else (a form, a mail's text) as it is. */
function readableBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function PreviewRequestView({ request }: { request: TPreviewRequest }) {
  const [copied, setCopied] = useState(false);
  const headingId = useId();
  const headers = Object.entries(request.headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
  return (
    <section aria-labelledby={headingId}>
      <BlockStack gap="200">
        <Text as="h3" variant="headingSm" id={headingId}>
          {request.label}
        </Text>
        <pre style={{ ...codeBlockStyle, maxHeight: undefined }}>{`${request.method} ${request.url}`}</pre>
        {headers ? (
          <BlockStack gap="100">
            <Text as="h4" variant="bodySm" fontWeight="semibold">
              {texts.headers}
            </Text>
            <pre style={codeBlockStyle}>{headers}</pre>
          </BlockStack>
        ) : null}
        <BlockStack gap="100">
          <InlineStack align="space-between" blockAlign="center">
            <Text as="h4" variant="bodySm" fontWeight="semibold">
              {texts.body}
            </Text>
            <Button
              size="slim"
              icon={copied ? CheckIcon : ClipboardIcon}
              onClick={() => void copyText(request.body).then(setCopied)}
              accessibilityLabel={`${copied ? texts.copied : texts.copy}: ${request.label}`}
            >
              {copied ? texts.copied : texts.copy}
            </Button>
          </InlineStack>
          {/* Scrollable, so it takes the keyboard's focus and arrow keys. */}
          <pre style={{ ...codeBlockStyle, maxHeight: 360 }} tabIndex={0} aria-label={`${texts.body}: ${request.label}`}>
            {readableBody(request.body)}
          </pre>
        </BlockStack>
      </BlockStack>
    </section>
  );
}
