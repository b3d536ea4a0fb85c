import { BlockStack, Text } from '@shopify/polaris';
import { translator } from '@quizlead/shared/i18n/translate.ts';
import { renderResultEmail, resultEmailTexts as texts, type ResultEmailData } from '@quizlead/shared/resultEmail.ts';
import { useMemo } from 'react';
import './ResultEmailPreview.css';

export const englishWords = translator('en', undefined);

/** A sample respondent for the preview, with a code valid for 30 days from when the screen opened. */
export function sampleRespondent(result: string, extra: Partial<ResultEmailData> = {}): ResultEmailData {
  return {
    name: 'Alex',
    result,
    products: [],
    prize: { code: 'WELCOME-10', expiresAt: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString() },
    ...extra,
  };
}

/**
 * The live preview of a result email (issue 35): the renderer the server sends with
 * (shared/src/resultEmail.ts), run in the browser on the owner's subject and body with a sample
 * respondent, in English (a visitor gets the built-in words in their own language), in a sandboxed frame.
 */
export function ResultEmailPreview({ subject, body, sample }: { subject: string; body: string; sample: ResultEmailData }) {
  const preview = useMemo(
    () =>
      renderResultEmail({
        subject,
        body,
        data: sample,
        t: englishWords,
        language: 'en',
        unsubscribeUrl: 'https://example.com/unsubscribe',
        poweredBy: null,
      }),
    [subject, body, sample],
  );
  return (
    <BlockStack gap="200">
      <Text as="h3" variant="headingSm">
        {texts.preview}
      </Text>
      <Text as="p" tone="subdued" variant="bodySm">
        <span data-testid="result-email-preview-subject">{preview.subject}</span>
      </Text>
      <iframe title={texts.previewFrame} className="ql-result-email-preview" sandbox="" srcDoc={preview.html} />
      <Text as="p" tone="subdued" variant="bodySm">
        {texts.previewSample}
      </Text>
    </BlockStack>
  );
}
