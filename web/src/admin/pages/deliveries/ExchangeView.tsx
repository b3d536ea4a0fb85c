import { BlockStack, Text } from '@shopify/polaris';
import type { TDeliveryAttempt } from '@quizlead/shared/schemas/deliveries.ts';
import { headerLines, readableBody } from './format.ts';
import { deliveryTexts } from './texts.ts';

type Exchange = TDeliveryAttempt['exchange'][number];

/** Recorded text in a scrollable monospace block. */
function Recorded({ label, text }: { label: string; text: string }) {
  return (
    <pre className="ql-delivery-pre" aria-label={label} tabIndex={0}>
      {text || deliveryTexts.emptyBody}
    </pre>
  );
}

/**
 * One request and its response as the attempt recorded them (secrets already redacted by the
 * integration): the request line, headers and body, then the status, headers and body of the answer.
 */
export function ExchangeView({ exchange, name }: { exchange: Exchange; name: string }) {
  const { request, response } = exchange;
  const requestHeaders = headerLines(request.headers);
  return (
    <div className="ql-delivery-exchange">
      <BlockStack gap="200">
        <Text as="h4" variant="headingXs">
          {deliveryTexts.request}
        </Text>
        <Recorded
          label={`${name}: ${deliveryTexts.request}`}
          text={`${request.method} ${request.url}${requestHeaders ? `\n${requestHeaders}` : ''}`}
        />
        {request.body ? <Recorded label={`${name}: ${deliveryTexts.request} body`} text={readableBody(request.body)} /> : null}
        <Text as="h4" variant="headingXs">
          {deliveryTexts.response}
        </Text>
        {response ? (
          <>
            <Recorded
              label={`${name}: ${deliveryTexts.response}`}
              text={`${response.status}${Object.keys(response.headers).length ? `\n${headerLines(response.headers)}` : ''}`}
            />
            <Recorded label={`${name}: ${deliveryTexts.response} body`} text={readableBody(response.body)} />
          </>
        ) : (
          <Text as="p" tone="subdued">
            {deliveryTexts.noResponse}
          </Text>
        )}
      </BlockStack>
    </div>
  );
}
