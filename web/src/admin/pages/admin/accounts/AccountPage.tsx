import { BlockStack, Box, Button, Card, EmptyState, InlineGrid, Layout, Link, SkeletonBodyText, Text } from '@shopify/polaris';
import { formatDay } from '@quizlead/shared/billing.ts';
import type { TAdminAccountDetail } from '@quizlead/shared/schemas/admin.ts';
import { Fragment, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { deleteAccount, getAccount } from '../../../api/admin.ts';
import emptyImage from '../../../assets/welcome.svg';
import { LoadFailed } from '../../../components/engagement/LoadFailed.tsx';
import { useResource } from '../../../data/useResource.ts';
import { adminSectionUrl } from '../areaUrls.ts';
import { AdminPage } from '../components/AdminPage.tsx';
import { TypeToConfirmModal } from '../components/TypeToConfirmModal.tsx';
import { useAdminAction } from '../components/useAdminAction.ts';
import { useDialog } from '../components/useDialog.ts';
import { areaTexts, accountTexts, accountDetailTexts as texts } from '../texts.ts';
import { accountName } from './accountName.ts';
import { AccountPlanCard } from './AccountPlanCard.tsx';
import { AccountUsers } from './AccountUsers.tsx';

const back = { content: texts.back, url: adminSectionUrl('accounts') };

function Details({ account }: { account: TAdminAccountDetail['account'] }) {
  const rows: [string, string][] = [
    [texts.fields.id, account.id],
    [texts.fields.kind, accountTexts.kinds[account.kind]],
    [texts.fields.mode, accountTexts.modes[account.mode]],
    [texts.fields.status, account.status === 'active' ? texts.active : accountTexts.uninstalled],
    ...(account.companyUrl ? [[texts.fields.companyUrl, account.companyUrl] as [string, string]] : []),
    ...(account.shopDomain ? [[texts.fields.shopDomain, account.shopDomain] as [string, string]] : []),
    [texts.fields.created, formatDay(account.createdAt)],
  ];
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {texts.details}
        </Text>
        <dl className="ql-engagement-pairs">
          {rows.map(([label, value]) => (
            <Fragment key={label}>
              <dt>{label}</dt>
              <dd>{label === texts.fields.id ? <span className="ql-admin-mono">{value}</span> : value}</dd>
            </Fragment>
          ))}
        </dl>
        <Link url={adminSectionUrl('audit-log', { targetType: 'account', targetId: account.id })}>{texts.historyLink}</Link>
      </BlockStack>
    </Card>
  );
}

function Counts({ counts }: { counts: TAdminAccountDetail['counts'] }) {
  const entries = Object.entries(texts.countLabels) as [keyof typeof counts, string][];
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {texts.counts}
        </Text>
        <InlineGrid columns={{ xs: 2, sm: 5 }} gap="300">
          {entries.map(([key, label]) => (
            <BlockStack key={key} gap="050">
              <Text as="p" tone="subdued" variant="bodySm">
                {label}
              </Text>
              <Text as="p" variant="headingLg" numeric>
                {String(counts[key])}
              </Text>
            </BlockStack>
          ))}
        </InlineGrid>
      </BlockStack>
    </Card>
  );
}

/** /app/Admin/accounts/{id}: an account's details, users, plan, content, and its deletion. */
export function AccountPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const loaded = useResource(['admin-accounts', id], (signal) => getAccount(id, signal));
  const action = useAdminAction();
  const deleting = useDialog<true>();
  const [deleteError, setDeleteError] = useState<string | undefined>();

  const state = loaded.loaded;
  if (state.state === 'missing') {
    return (
      <AdminPage title={texts.notFoundTitle} backAction={back}>
        <Card>
          <EmptyState heading={texts.notFoundTitle} image={emptyImage} action={back}>
            <p>{texts.notFound}</p>
          </EmptyState>
        </Card>
      </AdminPage>
    );
  }
  const detail = loaded.data;
  if (!detail) {
    return (
      <AdminPage title={areaTexts.loading} backAction={back}>
        {state.state === 'failed' ? (
          <LoadFailed message={state.message} onRetry={loaded.reload} />
        ) : (
          <Card>
            <div role="status">
              <Text as="p" tone="subdued">
                {areaTexts.loading}
              </Text>
            </div>
            <SkeletonBodyText lines={8} />
          </Card>
        )}
      </AdminPage>
    );
  }

  const { account } = detail;
  const name = accountName(account);

  return (
    <AdminPage title={name} subtitle={accountTexts.kinds[account.kind]} backAction={back}>
      {state.state === 'failed' ? <LoadFailed message={state.message} onRetry={loaded.reload} /> : null}
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <AccountPlanCard detail={detail} action={action} onChanged={loaded.reload} />
            <Counts counts={detail.counts} />
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <Details account={account} />
        </Layout.Section>
        <Layout.Section>
          <AccountUsers users={detail.users} action={action} onChanged={loaded.reload} />
        </Layout.Section>
        <Layout.Section>
          <Card>
            <BlockStack gap="300">
              <Text as="h2" variant="headingMd">
                {texts.danger}
              </Text>
              <Text as="p" tone="subdued">
                {texts.dangerText}
              </Text>
              <Box>
                <Button
                  tone="critical"
                  onClick={() => {
                    setDeleteError(undefined);
                    deleting.show(true);
                  }}
                >
                  {texts.danger}
                </Button>
              </Box>
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
      <TypeToConfirmModal
        key={deleting.key}
        open={deleting.open}
        title={texts.deleteAccountTitle}
        message={texts.deleteAccountQuestion(name)}
        label={texts.deleteAccountConfirm}
        expected={[account.companyName, account.id]}
        confirm={texts.delete}
        busy={action.busy === 'delete-account'}
        error={deleteError}
        onConfirm={(typed) =>
          void action.run('delete-account', () => deleteAccount(account.id, { confirm: typed }), {
            success: (result) => result.message,
            onDone: () => {
              deleting.close();
              void navigate(adminSectionUrl('accounts'), { replace: true });
            },
            onFieldError: (field, message) => {
              if (field !== 'confirm') return false;
              setDeleteError(message);
              return true;
            },
          })
        }
        onClose={deleting.close}
      />
    </AdminPage>
  );
}
