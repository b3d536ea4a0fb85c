import { BlockStack, InlineGrid, SkeletonBodyText, Text } from '@shopify/polaris';
import { formatMoney } from '@quizlead/shared/billing.ts';
import { referralMessages, type TAffiliate } from '@quizlead/shared/schemas/referrals.ts';
import { getAffiliate } from '../../api/referrals.ts';
import { LoadFailed } from '../../components/engagement/LoadFailed.tsx';
import { useResource } from '../../data/useResource.ts';
import { CommissionList } from './CommissionList.tsx';
import { CopyField } from './CopyField.tsx';

/**
 * Affiliate url (spec: account-player-management.md §2, §3 Affiliate): the owner's code, the sign-up link that
 * carries it, the accounts it brought and the commission their payments earned.
 */
export function AffiliatePanel() {
  const affiliate = useResource(['affiliate'], getAffiliate);
  const { loaded, data } = affiliate;

  if (loaded.state === 'failed' || loaded.state === 'missing')
    return (
      <LoadFailed
        title={referralMessages.affiliateLoadFailed}
        message={loaded.state === 'failed' ? loaded.message : referralMessages.affiliateLoadFailed}
        onRetry={affiliate.reload}
      />
    );
  if (!data) return <SkeletonBodyText lines={4} />;

  return (
    <BlockStack gap="400">
      <Text as="p">
        {'Your affiliate code is '}
        <Text as="span" fontWeight="semibold">
          {data.code}
        </Text>
        .
      </Text>
      <CopyField
        label="Affiliate url"
        value={data.url}
        helpText="Share this link: people who sign up through it are credited to you."
      />
      <Text as="p" tone="subdued">
        {`You earn ${data.ratePercent}% of what the accounts you referred pay for their plans, before tax. A refunded payment's commission is reversed.`}
      </Text>
      <InlineGrid columns={{ xs: 2, md: 4 }} gap="400">
        <Figure label="Referrals" value={String(data.referrals)} />
        <Figure label="Paid referrals" value={String(data.paidReferrals)} />
        <Figure label="Commission earned" value={money(data, 'earnedCents')} />
        <Figure label="Reversed" value={money(data, 'reversedCents')} />
      </InlineGrid>
      <CommissionList commissions={data.commissions} loading={affiliate.loading} />
    </BlockStack>
  );
}

/** A total in each currency commissions were earned in (normally one); zero in the billing currency before any. */
function money(data: TAffiliate, field: 'earnedCents' | 'reversedCents'): string {
  if (data.totals.length === 0) return formatMoney(0, data.currency);
  return data.totals.map((total) => formatMoney(total[field], total.currency)).join(' + ');
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <BlockStack gap="100">
      <Text as="p" tone="subdued">
        {label}
      </Text>
      <Text as="p" variant="headingLg" numeric>
        {value}
      </Text>
    </BlockStack>
  );
}
