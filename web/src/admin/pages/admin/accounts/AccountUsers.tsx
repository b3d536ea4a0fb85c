import { ActionList, Badge, BlockStack, Button, Card, InlineStack, Popover, Text } from '@shopify/polaris';
import type { ActionListItemDescriptor } from '@shopify/polaris';
import type { TAdminUser } from '@quizlead/shared/schemas/admin.ts';
import { useState } from 'react';
import {
  deleteUser,
  disableUser,
  enableUser,
  setPlatformAdmin,
  setUserRole,
  verifyUser,
  type AccountChange,
} from '../../../api/admin.ts';
import { ConfirmModal } from '../../quizEditor/fields/ConfirmModal.tsx';
import { AdminTable, type Column } from '../components/AdminTable.tsx';
import { adminTime } from '../components/format.ts';
import { TypeToConfirmModal } from '../components/TypeToConfirmModal.tsx';
import type { useAdminAction } from '../components/useAdminAction.ts';
import { useDialog } from '../components/useDialog.ts';
import { areaTexts, accountDetailTexts as texts } from '../texts.ts';

interface Props {
  users: readonly TAdminUser[];
  action: ReturnType<typeof useAdminAction>;
  onChanged(change: AccountChange): void;
}

/** A question asked before a change that locks someone out or hands out power. */
interface Question {
  title: string;
  message: string;
  confirm: string;
  destructive: boolean;
  user: TAdminUser;
  run(): Promise<AccountChange>;
}

function UserStatus({ user }: { user: TAdminUser }) {
  return (
    <InlineStack gap="100">
      {user.disabledAt ? <Badge tone="critical">{texts.disabled}</Badge> : <Badge tone="success">{texts.active}</Badge>}
      {user.verifiedAt ? null : <Badge tone="attention">{texts.unverified}</Badge>}
      {user.platformAdmin ? <Badge tone="info">{texts.platformAdmin}</Badge> : null}
    </InlineStack>
  );
}

const columns: Column<TAdminUser>[] = [
  {
    title: texts.userColumns.user,
    onPhone: false,
    cell: (user) => (
      <BlockStack gap="050">
        <Text as="span" fontWeight="semibold">
          <span className="ql-admin-wrap">{user.email}</span>
        </Text>
        <Text as="span" tone="subdued" variant="bodySm">
          {user.fullName}
        </Text>
      </BlockStack>
    ),
  },
  { title: texts.userColumns.role, cell: (user) => texts.roles[user.role] },
  { title: texts.userColumns.status, cell: (user) => <UserStatus user={user} /> },
  { title: texts.userColumns.lastSignIn, cell: (user) => adminTime(user.lastSignIn) || texts.never },
];

/** The account's users with what an administrator can do to each: verify, disable, role, admin rights, delete. */
export function AccountUsers({ users, action, onChanged }: Props) {
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const question = useDialog<Question>();
  const deleting = useDialog<TAdminUser>();
  const [deleteError, setDeleteError] = useState<string | undefined>();

  const change = (user: TAdminUser, run: () => Promise<AccountChange>) =>
    action.run(user.id, run, { success: (result) => result.message, onDone: onChanged });

  const ask = question.show;

  function moreActions(user: TAdminUser): ActionListItemDescriptor[] {
    const items: ActionListItemDescriptor[] = [
      user.role === 'owner'
        ? { content: texts.makeMember, onAction: () => void change(user, () => setUserRole(user.id, 'member')) }
        : { content: texts.makeOwner, onAction: () => void change(user, () => setUserRole(user.id, 'owner')) },
      user.platformAdmin
        ? {
            content: texts.removeAdmin,
            onAction: () =>
              ask({
                title: texts.revokeTitle,
                message: texts.revokeQuestion(user.email),
                confirm: texts.removeAdmin,
                destructive: true,
                user,
                run: () => setPlatformAdmin(user.id, false),
              }),
          }
        : {
            content: texts.makeAdmin,
            onAction: () =>
              ask({
                title: texts.grantAdminTitle,
                message: texts.grantAdminQuestion(user.email),
                confirm: texts.makeAdmin,
                destructive: false,
                user,
                run: () => setPlatformAdmin(user.id, true),
              }),
          },
      {
        content: texts.deleteUser,
        destructive: true,
        onAction: () => {
          setDeleteError(undefined);
          deleting.show(user);
        },
      },
    ];
    return items.map((item) => ({
      ...item,
      onAction: () => {
        setMenuFor(null);
        item.onAction?.();
      },
    }));
  }

  const actions = (user: TAdminUser) => (
    <InlineStack gap="200" align="end" wrap={false}>
      {user.verifiedAt ? null : (
        <Button
          size="slim"
          loading={action.busy === user.id}
          onClick={() => void change(user, () => verifyUser(user.id))}
          accessibilityLabel={texts.actionFor(texts.verify, user.email)}
        >
          {texts.verify}
        </Button>
      )}
      {user.disabledAt ? (
        <Button
          size="slim"
          loading={action.busy === user.id}
          onClick={() => void change(user, () => enableUser(user.id))}
          accessibilityLabel={texts.actionFor(texts.enable, user.email)}
        >
          {texts.enable}
        </Button>
      ) : (
        <Button
          size="slim"
          tone="critical"
          loading={action.busy === user.id}
          onClick={() =>
            ask({
              title: texts.disableTitle,
              message: texts.disableQuestion(user.email),
              confirm: texts.disable,
              destructive: true,
              user,
              run: () => disableUser(user.id),
            })
          }
          accessibilityLabel={texts.actionFor(texts.disable, user.email)}
        >
          {texts.disable}
        </Button>
      )}
      <Popover
        active={menuFor === user.id}
        onClose={() => setMenuFor(null)}
        preferredAlignment="right"
        activator={
          <Button
            size="slim"
            disclosure
            onClick={() => setMenuFor((open) => (open === user.id ? null : user.id))}
            accessibilityLabel={texts.moreActionsFor(user.email)}
          >
            {texts.moreActions}
          </Button>
        }
      >
        <ActionList actionRole="menuitem" items={moreActions(user)} />
      </Popover>
    </InlineStack>
  );

  return (
    <Card padding="0">
      <BlockStack>
        <div className="ql-admin-card-heading">
          <Text as="h2" variant="headingMd">
            {texts.users}
          </Text>
        </div>
        <AdminTable
          label={texts.users}
          resourceName={{ singular: 'user', plural: 'users' }}
          rows={users}
          rowId={(user) => user.id}
          columns={columns}
          heading={(user) => (
            <BlockStack gap="050">
              <span className="ql-admin-wrap">{user.email}</span>
              <Text as="span" tone="subdued" variant="bodySm" fontWeight="regular">
                {user.fullName || areaTexts.none}
              </Text>
            </BlockStack>
          )}
          actions={actions}
          loading={false}
        />
      </BlockStack>
      <ConfirmModal
        open={question.open}
        title={question.value?.title ?? ''}
        message={question.value?.message ?? ''}
        confirm={question.value?.confirm ?? ''}
        destructive={question.value?.destructive}
        busy={question.value !== null && action.busy === question.value.user.id}
        onConfirm={() => {
          const asked = question.value;
          if (asked) void change(asked.user, asked.run).then(question.close);
        }}
        onClose={question.close}
      />
      <TypeToConfirmModal
        key={deleting.key}
        open={deleting.open}
        title={texts.deleteUserTitle}
        message={texts.deleteUserQuestion(deleting.value?.email ?? '')}
        label={texts.deleteUserConfirm}
        expected={deleting.value ? [deleting.value.email] : []}
        confirm={texts.delete}
        busy={deleting.value !== null && action.busy === deleting.value.id}
        error={deleteError}
        onConfirm={(typed) => {
          const user = deleting.value;
          if (!user) return;
          void action.run(user.id, () => deleteUser(user.id, { confirm: typed }), {
            success: (result) => result.message,
            onDone: (result) => {
              deleting.close();
              onChanged(result);
            },
            onFieldError: (field, message) => {
              if (field !== 'confirm') return false;
              setDeleteError(message);
              return true;
            },
          });
        }}
        onClose={deleting.close}
      />
    </Card>
  );
}
