import { BlockStack, Button, Form, InlineStack, SkeletonBodyText, TextField } from '@shopify/polaris';
import { ZShopNotificationEmailRequest, type TShopNotificationEmail } from '@quizlead/shared/schemas/shopNotificationEmail.ts';
import { errorNotice } from '../../api/client.ts';
import { getShopNotificationEmail, saveShopNotificationEmail } from '../../api/shopify.ts';
import { LoadFailed } from '../../components/engagement/LoadFailed.tsx';
import { useResource } from '../../data/useResource.ts';
import { useSchemaForm } from '../../forms/useSchemaForm.ts';
import { useShowToast } from '../../toast.ts';
import { useCan } from '../../useCan.ts';
import { notificationEmailTexts as texts } from './notificationEmailTexts.ts';

/**
 * A shop's notification email (Account, inside Shopify's admin): Shopify signs the merchant in, so the
 * app has no sign-in email to show; what it has is where its mail goes, the store's own address unless
 * the merchant types another.
 */
export function NotificationEmailForm() {
  const resource = useResource(['shopify', 'notification-email'], getShopNotificationEmail);
  const { loaded } = resource;
  if (loaded.state === 'ready') return <Loaded current={loaded.data} />;
  if (loaded.state === 'failed') return <LoadFailed message={loaded.message} onRetry={resource.reload} />;
  return <SkeletonBodyText lines={2} />;
}

function Loaded({ current }: { current: TShopNotificationEmail }) {
  const showToast = useShowToast();
  const editable = useCan('account.manage');
  const form = useSchemaForm({
    initial: { email: current.custom },
    schema: ZShopNotificationEmailRequest,
    save: saveShopNotificationEmail,
    saved(saved) {
      form.update(() => ({ email: saved.custom }));
      showToast(texts.saved);
    },
    failed: (error) => showToast(errorNotice(error), { error: true }),
  });
  return (
    <Form onSubmit={form.submit} noValidate implicitSubmit={false}>
      <BlockStack gap="300">
        <TextField
          label={texts.label}
          type="email"
          {...form.field('email')}
          disabled={!editable}
          autoComplete="email"
          placeholder={current.shopEmail ?? 'you@example.com'}
          helpText={texts.help(current.shopEmail)}
        />
        {editable ? (
          <InlineStack align="end">
            <Button variant="primary" submit loading={form.saving}>
              Save
            </Button>
          </InlineStack>
        ) : null}
      </BlockStack>
    </Form>
  );
}
