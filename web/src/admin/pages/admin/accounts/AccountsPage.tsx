import { Badge, Card, InlineStack, Link, Text } from '@shopify/polaris';
import { adminLimits, adminMessages } from '@quizlead/shared/admin.ts';
import { formatDay } from '@quizlead/shared/billing.ts';
import type { TAdminAccountRow } from '@quizlead/shared/schemas/admin.ts';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { listAccounts } from '../../../api/admin.ts';
import { usePageParam } from '../../../components/engagement/usePageParam.ts';
import { useResource } from '../../../data/useResource.ts';
import { adminAccountUrl } from '../areaUrls.ts';
import { AdminPage } from '../components/AdminPage.tsx';
import { AdminList } from '../components/AdminList.tsx';
import type { Column } from '../components/AdminTable.tsx';
import { areaTexts, accountTexts as texts } from '../texts.ts';
import { accountName } from './accountName.ts';
import { SearchBox } from '../../../components/SearchBox.tsx';

function AccountLink({ account }: { account: TAdminAccountRow }) {
  const name = accountName(account);
  return (
    <Link url={adminAccountUrl(account.id)} accessibilityLabel={texts.open(name)} removeUnderline>
      <span className="ql-admin-wrap">{name}</span>
    </Link>
  );
}

const planOf = (account: TAdminAccountRow) =>
  account.planName && account.paidUntil ? texts.paidUntil(account.planName, formatDay(account.paidUntil)) : texts.freePlan;

const columns: Column<TAdminAccountRow>[] = [
  {
    title: texts.columns.company,
    onPhone: false,
    cell: (account) => (
      <Text as="span" fontWeight="semibold">
        <AccountLink account={account} />
      </Text>
    ),
  },
  {
    title: texts.columns.kind,
    cell: (account) => (
      <InlineStack gap="100" blockAlign="center">
        <span>{texts.kinds[account.kind]}</span>
        {account.status === 'uninstalled' ? <Badge tone="warning">{texts.uninstalled}</Badge> : null}
      </InlineStack>
    ),
  },
  {
    title: texts.columns.owner,
    cell: (account) => <span className="ql-admin-wrap">{account.ownerEmail ?? areaTexts.none}</span>,
  },
  { title: texts.columns.users, alignment: 'end', cell: (account) => String(account.userCount) },
  { title: texts.columns.plan, cell: planOf },
  { title: texts.columns.created, cell: (account) => formatDay(account.createdAt) },
];

/** /app/Admin/accounts: every account, searched (?q=) and paged (?page=) in the address. */
export function AccountsPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [page, setPage] = usePageParam();
  const list = useResource(['admin-accounts', 'list', q, page], (signal) => listAccounts({ q, page }, signal));

  // A new search starts on its first page.
  const search = useCallback(
    (value: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set('q', value);
          else next.delete('q');
          next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  return (
    <AdminPage title={texts.title} subtitle={texts.subtitle}>
      <Card>
        <SearchBox
          value={q}
          onSearch={search}
          label={texts.search}
          placeholder={texts.searchPlaceholder}
          maxLength={adminLimits.searchLength}
        />
      </Card>
      <AdminList
        list={list}
        texts={texts}
        empty={adminMessages.noAccounts}
        onPage={setPage}
        rowId={(account) => account.id}
        columns={columns}
        heading={(account) => <AccountLink account={account} />}
      />
    </AdminPage>
  );
}
