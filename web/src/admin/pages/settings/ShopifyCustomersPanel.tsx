import { BlockStack, InlineStack } from '@shopify/polaris';
import { destinationPreviewTexts } from '@quizlead/shared/schemas/destinationPreview.ts';
import { integrationMessages, type TShopifyCustomers } from '@quizlead/shared/schemas/integrations.ts';
import { useState } from 'react';
import { saveShopifyCustomers } from '../../api/settings.ts';
import { useShowToast } from '../../toast.ts';
import { Switch } from '../quizEditor/fields/Switch.tsx';
import { DestinationPreviewButton } from './DestinationPreview.tsx';
import { settingsProblem } from './problems.ts';
import { SettingsProblem, type Problem } from './SettingsProblem.tsx';

/** For shops: every lead also becomes a customer of the shop. Saved as soon as it is switched. */
export function ShopifyCustomersPanel({
  customers,
  onSaved,
}: {
  customers: TShopifyCustomers;
  onSaved(customers: TShopifyCustomers): void;
}) {
  const { enabled } = customers;
  const showToast = useShowToast();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);

  async function change(next: boolean) {
    setProblem(null);
    setBusy(true);
    try {
      onSaved(await saveShopifyCustomers(next));
      showToast(integrationMessages.saved);
    } catch (error) {
      setProblem(settingsProblem(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <BlockStack gap="300">
      <Switch
        label="Add every lead to your Shopify customers"
        checked={enabled}
        disabled={busy}
        onChange={(next) => void change(next)}
        helpText={{
          on: 'Leads who agreed to hear from you are subscribed to your email marketing.',
          off: 'Leads are not added to your shop’s customers.',
        }}
      />
      <SettingsProblem problem={problem} onDismiss={() => setProblem(null)} />
      {customers.id && enabled ? (
        <InlineStack align="end">
          <DestinationPreviewButton destinationId={customers.id} destination={destinationPreviewTexts.shopifyCustomers} />
        </InlineStack>
      ) : null}
    </BlockStack>
  );
}
