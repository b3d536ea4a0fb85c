import { BlockStack, Button, Link, Text } from '@shopify/polaris';
import { adminMessages } from '@quizlead/shared/admin.ts';
import { deliveryToolLabels } from '@quizlead/shared/schemas/deliveries.ts';
import type { TAdminDeliveryRow } from '@quizlead/shared/schemas/admin.ts';
import { listDeliveryFailures, replayDeliveryFailure } from '../../api/admin.ts';
import { usePageParam } from '../../components/engagement/usePageParam.ts';
import { useResource } from '../../data/useResource.ts';
import { DeliveryStatusBadge } from '../deliveries/DeliveryStatusBadge.tsx';
import { isReplayable } from '../deliveries/DeliveryTable.tsx';
import { adminAccountUrl } from './areaUrls.ts';
import { AdminPage } from './components/AdminPage.tsx';
import { AdminList } from './components/AdminList.tsx';
import type { Column } from './components/AdminTable.tsx';
import { adminTime } from './components/format.ts';
import { useAdminAction } from './components/useAdminAction.ts';
import { areaTexts, deliveryFailureTexts as texts } from './texts.ts';

const accountLink = (row: TAdminDeliveryRow) => (
  <Link url={adminAccountUrl(row.accountId)} removeUnderline>
    <span className="ql-admin-wrap">{row.companyName || row.accountId}</span>
  </Link>
);

const columns: Column<TAdminDeliveryRow>[] = [
  {
    title: texts.columns.account,
    onPhone: false,
    cell: (row) => (
      <Text as="span" fontWeight="semibold">
        {accountLink(row)}
      </Text>
    ),
  },
  {
    title: texts.columns.destination,
    cell: (row) => (
      <BlockStack gap="050">
        <span className="ql-admin-wrap">{row.destination.name}</span>
        {row.destination.enabled ? null : (
          <Text as="span" tone="subdued" variant="bodySm">
            {`(${texts.switchedOff})`}
          </Text>
        )}
      </BlockStack>
    ),
  },
  {
    title: texts.columns.lead,
    cell: (row) => (
      <BlockStack gap="050">
        <span className="ql-admin-wrap">{row.email}</span>
        <Text as="span" tone="subdued" variant="bodySm">
          {`${deliveryToolLabels[row.tool]}: ${row.itemTitle}`}
        </Text>
      </BlockStack>
    ),
  },
  {
    title: texts.columns.error,
    cell: (row) => (
      <BlockStack gap="100" inlineAlign="start">
        <DeliveryStatusBadge status={row.status} />
        <Text as="span" tone="critical" variant="bodySm">
          <span className="ql-admin-wrap">{row.lastError ?? areaTexts.none}</span>
        </Text>
      </BlockStack>
    ),
  },
  { title: texts.columns.attempts, alignment: 'end', cell: (row) => String(row.attempts) },
  { title: texts.columns.lastAttempt, cell: (row) => adminTime(row.lastAttemptAt) || areaTexts.none },
];

/** /app/Admin/deliveries: failed deliveries of every account, newest first, each with Replay. */
export function DeliveryFailuresPage() {
  const [page, setPage] = usePageParam();
  const list = useResource(['delivery-failures', page], (signal) => listDeliveryFailures(page, signal));
  const action = useAdminAction();

  const replay = (row: TAdminDeliveryRow) =>
    void action.run(row.id, () => replayDeliveryFailure(row.id), { success: (result) => result.message, onDone: list.reload });

  return (
    <AdminPage title={texts.title} subtitle={texts.subtitle}>
      <AdminList
        list={list}
        texts={texts}
        empty={adminMessages.noFailedDeliveries}
        onPage={setPage}
        rowId={(row) => row.id}
        columns={columns}
        heading={accountLink}
        actions={(row) =>
          isReplayable(row) ? (
            <Button
              size="slim"
              loading={action.busy === row.id}
              onClick={() => replay(row)}
              accessibilityLabel={texts.replayLabel(row.email, row.destination.name)}
            >
              {texts.replay}
            </Button>
          ) : null
        }
      />
    </AdminPage>
  );
}
