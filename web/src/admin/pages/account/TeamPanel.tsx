import { Badge, BlockStack, Button, Form, InlineStack, Modal, Select, SkeletonBodyText, Text, TextField } from '@shopify/polaris';
import { formatDay } from '@quizlead/shared/billing.ts';
import { type AccountRole, accountRoles } from '@quizlead/shared/permissions.ts';
import { roleLabels, teamMessages, ZTeamInvitationRequest, type TTeam, type TTeamMember } from '@quizlead/shared/schemas/team.ts';
import { useState } from 'react';
import { errorNotice } from '../../api/client.ts';
import { changeTeamRole, getTeam, inviteToTeam, removeFromTeam, withdrawInvitation } from '../../api/team.ts';
import { LoadFailed } from '../../components/engagement/LoadFailed.tsx';
import { useResource } from '../../data/useResource.ts';
import { useSchemaForm } from '../../forms/useSchemaForm.ts';
import { useShowToast } from '../../toast.ts';
import { useCan } from '../../useCan.ts';
import '../../components/engagement/engagement.css';
import './team.css';

const roleOptions = accountRoles.map((role) => ({ label: roleLabels[role], value: role }));

/**
 * Account → Team: who is in the account and with which role. Owners invite people by email, change
 * roles and remove people; members see the list. Every change answers with the whole team, which
 * replaces what is shown.
 */
export function TeamPanel() {
  const team = useResource(['team'], getTeam);
  const manages = useCan('account.manage');
  const [shown, setShown] = useState<TTeam | null>(null);
  const { loaded } = team;

  if (loaded.state === 'loading') return <SkeletonBodyText lines={4} />;
  if (loaded.state !== 'ready') {
    return (
      <LoadFailed
        title="The team could not be loaded"
        message={loaded.state === 'failed' ? loaded.message : 'The team could not be loaded'}
        onRetry={() => {
          setShown(null);
          team.reload();
        }}
      />
    );
  }
  const data = shown ?? loaded.data;
  return (
    <BlockStack gap="500">
      <TeamList team={data} manages={manages} onChange={setShown} />
      {manages ? <InviteForm onInvited={setShown} /> : null}
    </BlockStack>
  );
}

function TeamList({ team, manages, onChange }: { team: TTeam; manages: boolean; onChange(team: TTeam): void }) {
  const showToast = useShowToast();
  const [busy, setBusy] = useState<string | null>(null);
  const [removing, setRemoving] = useState<TTeamMember | null>(null);

  async function run(key: string, work: () => Promise<TTeam>, done: string) {
    setBusy(key);
    try {
      onChange(await work());
      showToast(done);
    } catch (error) {
      showToast(errorNotice(error), { error: true });
    } finally {
      setBusy(null);
    }
  }

  return (
    <BlockStack gap="300">
      <Text as="h3" variant="headingSm">
        People in this account
      </Text>
      <ul className="ql-engagement-list" aria-label="Team">
        {team.members.map((member) => (
          <li key={member.userId} className="ql-engagement-list__item ql-team-row">
            <BlockStack gap="100">
              <InlineStack gap="200" blockAlign="center">
                <Text as="span" variant="bodyMd" fontWeight="semibold">
                  {member.name || member.email}
                </Text>
                {member.you ? <Badge>You</Badge> : null}
              </InlineStack>
              <Text as="span" variant="bodySm" tone="subdued" breakWord>
                {member.email} · joined {formatDay(member.joinedAt)}
              </Text>
            </BlockStack>
            {manages && !member.you ? (
              <InlineStack gap="200" blockAlign="center" wrap={false}>
                <Select
                  label={`Role of ${member.name || member.email}`}
                  labelHidden
                  options={roleOptions}
                  value={member.role}
                  disabled={busy !== null}
                  onChange={(role) =>
                    run(member.userId, () => changeTeamRole(member.userId, role as AccountRole), teamMessages.roleChanged)
                  }
                />
                <Button
                  variant="plain"
                  tone="critical"
                  disabled={busy !== null}
                  onClick={() => setRemoving(member)}
                  accessibilityLabel={`Remove ${member.name || member.email}`}
                >
                  Remove
                </Button>
              </InlineStack>
            ) : (
              <Badge tone={member.role === 'owner' ? 'info' : undefined}>{roleLabels[member.role]}</Badge>
            )}
          </li>
        ))}
      </ul>
      {team.invitations.length > 0 ? (
        <BlockStack gap="200">
          <Text as="h3" variant="headingSm">
            Invitations waiting
          </Text>
          <ul className="ql-engagement-list" aria-label="Invitations">
            {team.invitations.map((invitation) => (
              <li key={invitation.id} className="ql-engagement-list__item ql-team-row">
                <BlockStack gap="100">
                  <Text as="span" variant="bodyMd" breakWord>
                    {invitation.email}
                  </Text>
                  <Text as="span" variant="bodySm" tone="subdued">
                    {roleLabels[invitation.role]} · link works until {formatDay(invitation.expiresAt)}
                  </Text>
                </BlockStack>
                {manages ? (
                  <Button
                    variant="plain"
                    disabled={busy !== null}
                    loading={busy === invitation.id}
                    onClick={() => run(invitation.id, () => withdrawInvitation(invitation.id), teamMessages.revoked)}
                    accessibilityLabel={`Withdraw the invitation to ${invitation.email}`}
                  >
                    Withdraw
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        </BlockStack>
      ) : null}
      <Modal
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={`Remove ${removing?.name || removing?.email || ''}?`}
        primaryAction={{
          content: 'Remove',
          destructive: true,
          loading: busy !== null,
          onAction: async () => {
            const member = removing!;
            await run(member.userId, () => removeFromTeam(member.userId), teamMessages.removed);
            setRemoving(null);
          },
        }}
        secondaryActions={[{ content: 'Cancel', onAction: () => setRemoving(null) }]}
      >
        <Modal.Section>
          <Text as="p">They are signed out at once and can no longer sign in. What they built stays in the account.</Text>
        </Modal.Section>
      </Modal>
    </BlockStack>
  );
}

function InviteForm({ onInvited }: { onInvited(team: TTeam): void }) {
  const showToast = useShowToast();
  const form = useSchemaForm({
    initial: { email: '', role: 'member' as AccountRole },
    schema: ZTeamInvitationRequest,
    save: inviteToTeam,
    saved(team) {
      onInvited(team);
      showToast(teamMessages.invited);
      form.set('email', '');
    },
    failed: (failure) => showToast(errorNotice(failure), { error: true }),
  });

  return (
    <Form onSubmit={form.submit} noValidate implicitSubmit={false}>
      <BlockStack gap="300">
        <Text as="h3" variant="headingSm">
          Invite someone
        </Text>
        <div className="ql-team-invite">
          <TextField
            label="Email to invite"
            type="email"
            autoComplete="off"
            value={form.values.email}
            onChange={(value) => form.set('email', value)}
            error={form.error('email')}
          />
          <Select
            label="Role"
            options={roleOptions}
            value={form.values.role}
            onChange={(value) => form.set('role', value as AccountRole)}
          />
        </div>
        <Text as="p" variant="bodySm" tone="subdued">
          Members build quizzes, polls, web responses and wheels and read reports. Owners also manage plans, settings and the
          team.
        </Text>
        <InlineStack align="end">
          <Button variant="primary" submit loading={form.saving}>
            Send invitation
          </Button>
        </InlineStack>
      </BlockStack>
    </Form>
  );
}
