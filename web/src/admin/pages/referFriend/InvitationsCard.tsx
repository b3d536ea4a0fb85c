import { Badge, Text } from '@shopify/polaris';
import { formatDay } from '@quizlead/shared/billing.ts';
import { invitationStatusLabels, referralMessages, type TFriendInvitation } from '@quizlead/shared/schemas/referrals.ts';
import { ReferralsCard, type ReferralColumn } from './ReferralsCard.tsx';
import { referTexts } from './texts.ts';

const columns = referTexts.columns;

function StatusBadge({ status }: { status: TFriendInvitation['status'] }) {
  return <Badge tone={status === 'signed_up' ? 'success' : 'info'}>{invitationStatusLabels[status]}</Badge>;
}

const tableColumns: ReferralColumn<TFriendInvitation>[] = [
  { title: columns.name, cell: (invitation) => <span className="ql-engagement-cell-text">{invitation.friendName}</span> },
  { title: columns.email, cell: (invitation) => <span className="ql-engagement-cell-text">{invitation.friendEmail}</span> },
  { title: columns.sent, cell: (invitation) => formatDay(invitation.sentAt) },
  { title: columns.status, cell: (invitation) => <StatusBadge status={invitation.status} /> },
];

/** The friends the account invited, newest first. */
export function InvitationsCard({ invitations, loading }: { invitations: readonly TFriendInvitation[]; loading: boolean }) {
  return (
    <ReferralsCard
      title={referTexts.invitationsTitle}
      empty={referralMessages.invitationsEmpty}
      resourceName={referTexts.invitationResource}
      rows={invitations}
      rowId={(invitation) => invitation.id}
      columns={tableColumns}
      name={(invitation) => invitation.friendName}
      badge={(invitation) => <StatusBadge status={invitation.status} />}
      lines={(invitation) => (
        <>
          <Text as="p" breakWord>
            {invitation.friendEmail}
          </Text>
          <Text as="p" variant="bodySm" tone="subdued">
            {`${columns.sent} ${formatDay(invitation.sentAt)}`}
          </Text>
        </>
      )}
      loading={loading}
    />
  );
}
