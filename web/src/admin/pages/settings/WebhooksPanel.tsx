import { BlockStack, Box, Button, Divider, Form, InlineStack, Modal, Text } from '@shopify/polaris';
import { EndpointUrlField } from './EndpointUrlField.tsx';
import {
  integrationLimits,
  integrationMessages,
  ZWebhookCreateRequest,
  type TWebhookEndpoint,
} from '@quizlead/shared/schemas/integrations.ts';
import { useState } from 'react';
import { addWebhook, deleteWebhook, rotateWebhookSecret } from '../../api/settings.ts';
import { useSchemaForm } from '../../forms/useSchemaForm.ts';
import { useShowToast } from '../../toast.ts';
import { webhookProblem } from './problems.ts';
import { SettingsProblem, type Problem } from './SettingsProblem.tsx';
import { WebhookRow } from './WebhookRow.tsx';
import { WebhookSecretModal } from './WebhookSecretModal.tsx';

interface Props {
  webhooks: TWebhookEndpoint[];
  onChange(webhooks: TWebhookEndpoint[]): void;
}

/**
 * Webhooks: the account's endpoints, each signed with its own secret (shown once, when made or
 * rotated), switched on and off, tested with a sample lead, and deleted after a confirmation.
 */
export function WebhooksPanel({ webhooks, onChange }: Props) {
  const showToast = useShowToast();
  const [problem, setProblem] = useState<Problem | null>(null);
  const [secret, setSecret] = useState<{ url: string; secret: string; rotated: boolean } | null>(null);
  const [deleting, setDeleting] = useState<TWebhookEndpoint | null>(null);
  const [busyDelete, setBusyDelete] = useState(false);
  const full = webhooks.length >= integrationLimits.webhooks;

  const replace = (next: TWebhookEndpoint) => onChange(webhooks.map((webhook) => (webhook.id === next.id ? next : webhook)));

  // A new endpoint: its URL checked as the server will, a refusal of it shown under the field.
  const form = useSchemaForm({
    initial: { url: '' },
    schema: ZWebhookCreateRequest,
    save: (body) => addWebhook(body.url),
    saved(created, reset) {
      onChange([...webhooks, created.webhook]);
      reset();
      setSecret({ url: created.webhook.url, secret: created.secret, rotated: false });
      showToast(integrationMessages.webhookIntegrated);
    },
    failed: (error) => setProblem(webhookProblem(error)),
  });

  async function rotate(webhook: TWebhookEndpoint) {
    const rotated = await rotateWebhookSecret(webhook.id);
    replace(rotated.webhook);
    setSecret({ url: rotated.webhook.url, secret: rotated.secret, rotated: true });
  }

  async function confirmDelete() {
    if (!deleting) return;
    setBusyDelete(true);
    try {
      const { message } = await deleteWebhook(deleting.id);
      onChange(webhooks.filter((webhook) => webhook.id !== deleting.id));
      showToast(message);
      setDeleting(null);
    } catch (error) {
      setDeleting(null);
      setProblem(webhookProblem(error));
    } finally {
      setBusyDelete(false);
    }
  }

  return (
    <BlockStack gap="400">
      <Text as="p" tone="subdued">
        Every new lead is sent as JSON in a POST to each endpoint that is on, signed with the endpoint’s own secret.
      </Text>
      {webhooks.length === 0 ? (
        <Box padding="400" background="bg-surface-secondary" borderRadius="200">
          <Text as="p" tone="subdued" alignment="center">
            No endpoints yet. Add the URL of your automation tool or your own server below.
          </Text>
        </Box>
      ) : (
        <BlockStack gap="300">
          {webhooks.map((webhook, index) => (
            <BlockStack key={webhook.id} gap="300">
              {index > 0 ? <Divider /> : null}
              <WebhookRow
                webhook={webhook}
                onSaved={replace}
                onRotate={() => rotate(webhook)}
                onDelete={() => setDeleting(webhook)}
              />
            </BlockStack>
          ))}
        </BlockStack>
      )}
      <Divider />
      <Form
        onSubmit={() => {
          setProblem(null);
          form.submit();
        }}
        noValidate
        implicitSubmit={false}
      >
        <BlockStack gap="300">
          <EndpointUrlField
            value={form.values.url}
            onChange={(value) => form.set('url', value)}
            placeholder="https://example.com/webhooks/quizlead"
            error={form.error('url')}
            disabled={full}
            helpText={
              full
                ? `You have ${integrationLimits.webhooks} endpoints, the most an account can have: delete one to add another.`
                : 'The address must be reachable from the internet.'
            }
          />
          <InlineStack align="end">
            <Button submit loading={form.saving} disabled={full}>
              Add endpoint
            </Button>
          </InlineStack>
        </BlockStack>
      </Form>
      <SettingsProblem problem={problem} onDismiss={() => setProblem(null)} />
      <WebhookSecretModal shown={secret} onClose={() => setSecret(null)} />
      <Modal
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete endpoint"
        primaryAction={{ content: 'Delete', destructive: true, loading: busyDelete, onAction: () => void confirmDelete() }}
        secondaryActions={[{ content: 'Cancel', disabled: busyDelete, onAction: () => setDeleting(null) }]}
      >
        <Modal.Section>
          <BlockStack gap="200">
            <Text as="p">Are you sure you want to delete this endpoint?</Text>
            <Text as="p" tone="subdued" breakWord>
              {`${deleting?.url ?? ''} gets no more leads, and its deliveries leave the delivery log.`}
            </Text>
          </BlockStack>
        </Modal.Section>
      </Modal>
    </BlockStack>
  );
}
