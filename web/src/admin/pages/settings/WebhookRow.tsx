import { Badge, BlockStack, Button, InlineStack, Text } from '@shopify/polaris';
import { EndpointUrlField } from './EndpointUrlField.tsx';
import {
  integrationMessages,
  ZWebhookUpdateRequest,
  type TConnectionTest,
  type TWebhookEndpoint,
} from '@quizlead/shared/schemas/integrations.ts';
import { useState } from 'react';
import { testWebhook, updateWebhook } from '../../api/settings.ts';
import { useSchemaForm } from '../../forms/useSchemaForm.ts';
import { useShowToast } from '../../toast.ts';
import { Switch } from '../quizEditor/fields/Switch.tsx';
import { ConnectionTestResult } from './ConnectionTestResult.tsx';
import { DestinationPreviewButton } from './DestinationPreview.tsx';
import { fieldOf, webhookProblem } from './problems.ts';
import { SettingsProblem, type Problem } from './SettingsProblem.tsx';

interface Props {
  webhook: TWebhookEndpoint;
  onSaved(webhook: TWebhookEndpoint): void;
  onRotate(): Promise<void>;
  onDelete(): void;
}

function StatusBadge({ webhook }: { webhook: TWebhookEndpoint }) {
  if (webhook.disabledReason) return <Badge tone="critical">Switched off</Badge>;
  return webhook.enabled ? <Badge tone="success">On</Badge> : <Badge>Off</Badge>;
}

/** One endpoint: its URL (editable), status, masked secret, and its actions. */
export function WebhookRow({ webhook, onSaved, onRotate, onDelete }: Props) {
  const showToast = useShowToast();
  const [editing, setEditing] = useState(false);
  const [action, setAction] = useState<'save' | 'test' | 'rotate' | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [result, setResult] = useState<TConnectionTest | null>(null);

  /** The endpoint as saved: its URL shown again, the edit closed. */
  function done(saved: TWebhookEndpoint, notice: string) {
    onSaved(saved);
    form.update(() => ({ url: saved.url }));
    setEditing(false);
    showToast(notice);
  }

  // The edited URL, sent with the endpoint's switch as it is.
  const form = useSchemaForm({
    initial: { url: webhook.url },
    schema: ZWebhookUpdateRequest,
    toBody: (values) => ({ url: values.url, enabled: webhook.enabled }),
    save(body) {
      setProblem(null);
      return updateWebhook(webhook.id, body);
    },
    saved: (saved) => done(saved, integrationMessages.webhookIntegrated),
    failed: (error) => setProblem(webhookProblem(error)),
  });
  const busy = form.saving ? 'save' : action;

  /** The switch, the test and the rotation: a refusal of the URL opens it with the message under it. */
  async function run(kind: 'save' | 'test' | 'rotate', act: () => Promise<void>) {
    setProblem(null);
    setAction(kind);
    try {
      await act();
    } catch (error) {
      const field = fieldOf(error);
      if (field && form.refuse(field.field, field.message)) setEditing(true);
      else setProblem(webhookProblem(error));
    } finally {
      setAction(null);
    }
  }

  const toggle = (enabled: boolean) =>
    run('save', async () => done(await updateWebhook(webhook.id, { url: webhook.url, enabled }), integrationMessages.saved));

  const test = () =>
    run('test', async () => {
      setResult(null);
      setResult(await testWebhook(webhook.id));
    });

  // On, unless the pipeline switched it off: then the switch shows off and turning it on re-enables it.
  const on = webhook.enabled && !webhook.disabledReason;
  return (
    <BlockStack gap="300">
      {editing ? null : (
        <Text as="p" fontWeight="semibold" breakWord>
          {webhook.url}
        </Text>
      )}
      <InlineStack gap="200" blockAlign="center">
        <StatusBadge webhook={webhook} />
        <Text as="span" tone="subdued" variant="bodySm" breakWord>
          {`Signing secret ${webhook.secret}`}
        </Text>
      </InlineStack>
      <Switch
        label="Send leads to this endpoint"
        checked={on}
        disabled={busy !== null}
        onChange={(checked) => void toggle(checked)}
      />
      {webhook.disabledReason ? (
        <Text as="p" tone="critical">
          {webhook.disabledReason}
        </Text>
      ) : null}
      {editing ? (
        <BlockStack gap="200">
          <EndpointUrlField value={form.values.url} onChange={(value) => form.set('url', value)} error={form.error('url')} />
          <InlineStack gap="200" align="end">
            <Button
              onClick={() => {
                setEditing(false);
                form.update(() => ({ url: webhook.url }), 'url');
              }}
            >
              Cancel
            </Button>
            <Button variant="primary" onClick={form.submit} loading={busy === 'save'}>
              Save URL
            </Button>
          </InlineStack>
        </BlockStack>
      ) : null}
      <SettingsProblem problem={problem} onDismiss={() => setProblem(null)} />
      <ConnectionTestResult
        result={result}
        titles={{ ok: integrationMessages.webhookIntegrated, failed: integrationMessages.webhookError }}
        onDismiss={() => setResult(null)}
      />
      <InlineStack gap="200" wrap>
        <Button onClick={() => void test()} loading={busy === 'test'} disabled={busy !== null && busy !== 'test'}>
          Send test
        </Button>
        <DestinationPreviewButton destinationId={webhook.id} destination={webhook.url} />
        {editing ? null : (
          <Button onClick={() => setEditing(true)} disabled={busy !== null} accessibilityLabel={`Edit the URL of ${webhook.url}`}>
            Edit URL
          </Button>
        )}
        <Button
          onClick={() => void run('rotate', onRotate)}
          loading={busy === 'rotate'}
          disabled={busy !== null && busy !== 'rotate'}
        >
          Rotate secret
        </Button>
        <Button
          tone="critical"
          variant="plain"
          onClick={onDelete}
          disabled={busy !== null}
          accessibilityLabel={`Delete ${webhook.url}`}
        >
          Delete
        </Button>
      </InlineStack>
    </BlockStack>
  );
}
