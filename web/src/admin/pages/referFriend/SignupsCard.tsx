import { Badge, BlockStack, Box, Card, IndexTable, InlineStack, Text, useBreakpoints } from '@shopify/polaris';
import { formatDay } from '@quizlead/shared/billing.ts';
import { planLabels, referralMessages, referralSourceLabels, type TReferredAccount } from '@quizlead/shared/schemas/referrals.ts';
import { referTexts } from './texts.ts';

const columns = referTexts.columns;

function PlanBadge({ plan }: { plan: TReferredAccount['plan'] }) {
  return <Badge tone={plan === 'paid' ? 'success' : undefined}>{planLabels[plan]}</Badge>;
}

/** The accounts credited to this one (through its link or an invitation), newest first. */
export function SignupsCard({ signups, loading }: { signups: readonly TReferredAccount[]; loading: boolean }) {
  const { smDown } = useBreakpoints();

  let body;
  if (signups.length === 0) {
    body = (
      <Box padding="400">
        <Text as="p" tone="subdued">
          {referralMessages.signupsEmpty}
        </Text>
      </Box>
    );
  } else if (smDown) {
    body = (
      <ul className="ql-engagement-list" aria-label={referTexts.signupsTitle} aria-busy={loading || undefined}>
        {signups.map((signup, index) => (
          <li key={`${signup.signedUpAt}-${index}`} className="ql-engagement-list__item">
            <BlockStack gap="100">
              <InlineStack align="space-between" blockAlign="center" gap="200" wrap={false}>
                <Text as="h3" variant="headingSm" breakWord>
                  {signup.name}
                </Text>
                <PlanBadge plan={signup.plan} />
              </InlineStack>
              <Text as="p" variant="bodySm" tone="subdued">
                {`${columns.signedUp} ${formatDay(signup.signedUpAt)} · ${referralSourceLabels[signup.source]}`}
              </Text>
            </BlockStack>
          </li>
        ))}
      </ul>
    );
  } else {
    body = (
      <IndexTable
        resourceName={referTexts.signupResource}
        itemCount={signups.length}
        selectable={false}
        loading={loading}
        headings={[{ title: columns.account }, { title: columns.signedUp }, { title: columns.source }, { title: columns.plan }]}
      >
        {signups.map((signup, index) => (
          <IndexTable.Row key={`${signup.signedUpAt}-${index}`} id={`${signup.signedUpAt}-${index}`} position={index}>
            <IndexTable.Cell>
              <span className="ql-engagement-cell-text">{signup.name}</span>
            </IndexTable.Cell>
            <IndexTable.Cell>{formatDay(signup.signedUpAt)}</IndexTable.Cell>
            <IndexTable.Cell>{referralSourceLabels[signup.source]}</IndexTable.Cell>
            <IndexTable.Cell>
              <PlanBadge plan={signup.plan} />
            </IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </IndexTable>
    );
  }

  return (
    <Card padding="0">
      <Box padding="400" paddingBlockEnd="200">
        <Text as="h2" variant="headingMd">
          {referTexts.signupsTitle}
        </Text>
      </Box>
      {body}
    </Card>
  );
}
