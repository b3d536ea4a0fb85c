import { Banner, BlockStack, Button, Collapsible } from '@shopify/polaris';
import type { TConnectionTest } from '@quizlead/shared/schemas/integrations.ts';
import { useId, useState } from 'react';
import { codeBlockStyle } from './codeBlockStyle.ts';

interface Props {
  /** null until a test has answered (or once its answer is dismissed): nothing is shown. */
  result: TConnectionTest | null;
  /** e.g. 'Connection works' / 'The CRM refused the test contact'. */
  titles: { ok: string; failed: string };
  onDismiss(): void;
}

function exchangeText(result: TConnectionTest): string {
  return result.exchange
    .map(({ request, response }) => {
      const headers = (values: Record<string, string>) =>
        Object.entries(values)
          .map(([name, value]) => `${name}: ${value}`)
          .join('\n');
      const sent = `${request.method} ${request.url}\n${headers(request.headers)}\n\n${request.body}`;
      const got = response ? `${response.status}\n${headers(response.headers)}\n\n${response.body}` : 'No answer';
      return `${sent}\n\n→ ${got}`;
    })
    .join('\n\n———\n\n');
}

/** What a Test connection or Send test got back: the provider's or endpoint's own words, and the exchange on demand. */
export function ConnectionTestResult({ result, ...banner }: Props) {
  // Mounted only while there is an answer (callers clear it before testing again), so each one starts folded.
  return result ? <ResultBanner result={result} {...banner} /> : null;
}

function ResultBanner({ result, titles, onDismiss }: Props & { result: TConnectionTest }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <Banner tone={result.ok ? 'success' : 'critical'} title={result.ok ? titles.ok : titles.failed} onDismiss={onDismiss}>
      <BlockStack gap="200">
        <p>{result.message}</p>
        {result.exchange.length > 0 ? (
          <BlockStack gap="200">
            <div>
              <Button variant="plain" onClick={() => setOpen((value) => !value)} ariaExpanded={open} ariaControls={id}>
                {open ? 'Hide the request and answer' : 'Show the request and answer'}
              </Button>
            </div>
            <Collapsible id={id} open={open}>
              <pre style={codeBlockStyle}>{exchangeText(result)}</pre>
            </Collapsible>
          </BlockStack>
        ) : null}
      </BlockStack>
    </Banner>
  );
}
