import { Badge, BlockStack, Box, IndexTable, InlineStack, Text } from '@shopify/polaris';
import { useBreakpoints } from '../../useBreakpoints.ts';
import { formatDay, formatMoney } from '@quizlead/shared/billing.ts';
import { commissionStatusLabels, referralMessages, type TCommission } from '@quizlead/shared/schemas/referrals.ts';
import '../../components/engagement/engagement.css';

const columns = {
  date: 'Date',
  account: 'Account',
  paid: 'Paid before tax',
  rate: 'Rate',
  commission: 'Commission',
  status: 'Status',
};

function StatusBadge({ status }: { status: TCommission['status'] }) {
  return <Badge tone={status === 'earned' ? 'success' : 'warning'}>{commissionStatusLabels[status]}</Badge>;
}

/** The affiliate's commissions, newest first: a table on wide screens, one block each on phones. */
export function CommissionList({ commissions, loading }: { commissions: readonly TCommission[]; loading: boolean }) {
  const { smDown } = useBreakpoints();

  if (commissions.length === 0)
    return (
      <Text as="p" tone="subdued">
        {referralMessages.commissionsEmpty}
      </Text>
    );

  if (smDown)
    return (
      <ul className="ql-engagement-list" aria-label="Commissions" aria-busy={loading || undefined}>
        {commissions.map((commission) => (
          <li key={commission.paymentId} className="ql-engagement-list__item">
            <BlockStack gap="100">
              <InlineStack align="space-between" blockAlign="center" gap="200" wrap={false}>
                <Text as="h3" variant="headingSm" breakWord>
                  {commission.referred}
                </Text>
                <StatusBadge status={commission.status} />
              </InlineStack>
              <InlineStack align="space-between" gap="200">
                <Text as="p">{formatDay(commission.createdAt)}</Text>
                <Text as="p" fontWeight="semibold" numeric>
                  {formatMoney(commission.amountCents, commission.currency)}
                </Text>
              </InlineStack>
              <Text as="p" variant="bodySm" tone="subdued">
                {`${commission.ratePercent}% of ${formatMoney(commission.baseCents, commission.currency)}`}
              </Text>
            </BlockStack>
          </li>
        ))}
      </ul>
    );

  return (
    <Box borderColor="border" borderWidth="025" borderRadius="200" overflowX="hidden" overflowY="hidden">
      <IndexTable
        resourceName={{ singular: 'commission', plural: 'commissions' }}
        itemCount={commissions.length}
        selectable={false}
        loading={loading}
        headings={[
          { title: columns.date },
          { title: columns.account },
          { title: columns.paid, alignment: 'end' },
          { title: columns.rate, alignment: 'end' },
          { title: columns.commission, alignment: 'end' },
          { title: columns.status },
        ]}
      >
        {commissions.map((commission, index) => (
          <IndexTable.Row key={commission.paymentId} id={commission.paymentId} position={index}>
            <IndexTable.Cell>{formatDay(commission.createdAt)}</IndexTable.Cell>
            <IndexTable.Cell>
              <span className="ql-engagement-cell-text">{commission.referred}</span>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {formatMoney(commission.baseCents, commission.currency)}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {`${commission.ratePercent}%`}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric fontWeight="semibold">
                {formatMoney(commission.amountCents, commission.currency)}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <StatusBadge status={commission.status} />
            </IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </IndexTable>
    </Box>
  );
}
