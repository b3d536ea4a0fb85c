import { Badge, Text } from '@shopify/polaris';
import { formatDay } from '@quizlead/shared/billing.ts';
import { planLabels, referralMessages, referralSourceLabels, type TReferredAccount } from '@quizlead/shared/schemas/referrals.ts';
import { ReferralsCard, type ReferralColumn } from './ReferralsCard.tsx';
import { referTexts } from './texts.ts';

const columns = referTexts.columns;

function PlanBadge({ plan }: { plan: TReferredAccount['plan'] }) {
  return <Badge tone={plan === 'paid' ? 'success' : undefined}>{planLabels[plan]}</Badge>;
}

const tableColumns: ReferralColumn<TReferredAccount>[] = [
  { title: columns.account, cell: (signup) => <span className="ql-engagement-cell-text">{signup.name}</span> },
  { title: columns.signedUp, cell: (signup) => formatDay(signup.signedUpAt) },
  { title: columns.source, cell: (signup) => referralSourceLabels[signup.source] },
  { title: columns.plan, cell: (signup) => <PlanBadge plan={signup.plan} /> },
];

/** The accounts credited to this one (through its link or an invitation), newest first. */
export function SignupsCard({ signups, loading }: { signups: readonly TReferredAccount[]; loading: boolean }) {
  return (
    <ReferralsCard
      title={referTexts.signupsTitle}
      empty={referralMessages.signupsEmpty}
      resourceName={referTexts.signupResource}
      rows={signups}
      rowId={(signup, index) => `${signup.signedUpAt}-${index}`}
      columns={tableColumns}
      name={(signup) => signup.name}
      badge={(signup) => <PlanBadge plan={signup.plan} />}
      lines={(signup) => (
        <Text as="p" variant="bodySm" tone="subdued">
          {`${columns.signedUp} ${formatDay(signup.signedUpAt)} · ${referralSourceLabels[signup.source]}`}
        </Text>
      )}
      loading={loading}
    />
  );
}
