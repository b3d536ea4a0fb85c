import { BlockStack, Text } from '@shopify/polaris';
import type { TIntegrations } from '@quizlead/shared/schemas/integrations.ts';
import { CopyField } from './CopyField.tsx';

/** Affiliate url (account-player-management.md §2, §3 Affiliate): the owner's code and the sign-up link that carries it. */
export function AffiliatePanel({ affiliate }: { affiliate: TIntegrations['affiliate'] }) {
  return (
    <BlockStack gap="300">
      <Text as="p">
        {'Your affiliate code is '}
        <Text as="span" fontWeight="semibold">
          {affiliate.code}
        </Text>
        .
      </Text>
      <CopyField
        label="Affiliate url"
        value={affiliate.url}
        helpText="Share this link: people who sign up through it are credited to you."
      />
    </BlockStack>
  );
}
