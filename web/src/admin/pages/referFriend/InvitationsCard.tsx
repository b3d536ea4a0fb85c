import { Badge, BlockStack, Box, Card, IndexTable, InlineStack, Text, useBreakpoints } from '@shopify/polaris';
import { formatDay } from '@quizlead/shared/billing.ts';
import { invitationStatusLabels, referralMessages, type TFriendInvitation } from '@quizlead/shared/schemas/referrals.ts';
import { referTexts } from './texts.ts';

const columns = referTexts.columns;

function StatusBadge({ status }: { status: TFriendInvitation['status'] }) {
  return <Badge tone={status === 'signed_up' ? 'success' : 'info'}>{invitationStatusLabels[status]}</Badge>;
}

/** The friends the account invited, newest first: a table on wide screens, one block each on phones. */
export function InvitationsCard({ invitations, loading }: { invitations: readonly TFriendInvitation[]; loading: boolean }) {
  const { smDown } = useBreakpoints();

  let body;
  if (invitations.length === 0) {
    body = (
      <Box padding="400">
        <Text as="p" tone="subdued">
          {referralMessages.invitationsEmpty}
        </Text>
      </Box>
    );
  } else if (smDown) {
    body = (
      <ul className="ql-engagement-list" aria-label={referTexts.invitationsTitle} aria-busy={loading || undefined}>
        {invitations.map((invitation) => (
          <li key={invitation.id} className="ql-engagement-list__item">
            <BlockStack gap="100">
              <InlineStack align="space-between" blockAlign="center" gap="200" wrap={false}>
                <Text as="h3" variant="headingSm" breakWord>
                  {invitation.friendName}
                </Text>
                <StatusBadge status={invitation.status} />
              </InlineStack>
              <Text as="p" breakWord>
                {invitation.friendEmail}
              </Text>
              <Text as="p" variant="bodySm" tone="subdued">
                {`${columns.sent} ${formatDay(invitation.sentAt)}`}
              </Text>
            </BlockStack>
          </li>
        ))}
      </ul>
    );
  } else {
    body = (
      <IndexTable
        resourceName={referTexts.invitationResource}
        itemCount={invitations.length}
        selectable={false}
        loading={loading}
        headings={[{ title: columns.name }, { title: columns.email }, { title: columns.sent }, { title: columns.status }]}
      >
        {invitations.map((invitation, index) => (
          <IndexTable.Row key={invitation.id} id={invitation.id} position={index}>
            <IndexTable.Cell>
              <span className="ql-engagement-cell-text">{invitation.friendName}</span>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <span className="ql-engagement-cell-text">{invitation.friendEmail}</span>
            </IndexTable.Cell>
            <IndexTable.Cell>{formatDay(invitation.sentAt)}</IndexTable.Cell>
            <IndexTable.Cell>
              <StatusBadge status={invitation.status} />
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
          {referTexts.invitationsTitle}
        </Text>
      </Box>
      {body}
    </Card>
  );
}
