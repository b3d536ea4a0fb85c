import { BlockStack, Modal, Text } from '@shopify/polaris';
import { integrationMessages } from '@quizlead/shared/schemas/integrations.ts';
import { CopyField } from './CopyField.tsx';

interface Props {
  /** The endpoint and its new secret; null keeps the modal closed. */
  shown: { url: string; secret: string; rotated: boolean } | null;
  onClose(): void;
}

/** A new or rotated signing secret, shown this once with a Copy button. */
export function WebhookSecretModal({ shown, onClose }: Props) {
  return (
    <Modal
      open={shown !== null}
      onClose={onClose}
      title={shown?.rotated ? 'New signing secret' : 'Signing secret'}
      primaryAction={{ content: 'Done', onAction: onClose }}
    >
      <Modal.Section>
        {shown ? (
          <BlockStack gap="300">
            <Text as="p" fontWeight="semibold">
              {integrationMessages.secretOnce}
            </Text>
            <CopyField label="Signing secret" value={shown.secret} />
            <Text as="p" tone="subdued" breakWord>
              {`Requests to ${shown.url} carry webhook-id, webhook-timestamp and webhook-signature headers (Standard Webhooks). Verify the signature with this secret before trusting a request.`}
            </Text>
            {shown.rotated ? <Text as="p">{integrationMessages.webhookRotated}</Text> : null}
          </BlockStack>
        ) : null}
      </Modal.Section>
    </Modal>
  );
}
