import { Banner, BlockStack, Button, Link, Text } from '@shopify/polaris';
import {
  adminMessages,
  auditActionLabels,
  auditTargetLabels,
  auditTargetTypes,
  type TAuditTargetType,
} from '@quizlead/shared/admin.ts';
import type { TAuditEntry } from '@quizlead/shared/schemas/admin.ts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { listAuditLog } from '../../../api/admin.ts';
import { usePageParam } from '../../../components/engagement/usePageParam.ts';
import { useResource } from '../../../data/useResource.ts';
import { adminAccountUrl, adminSectionUrl } from '../areaUrls.ts';
import { AdminPage } from '../components/AdminPage.tsx';
import { AdminList } from '../components/AdminList.tsx';
import type { Column } from '../components/AdminTable.tsx';
import { adminTime } from '../components/format.ts';
import { auditTexts as texts } from '../texts.ts';
import { auditChanges } from './auditChanges.ts';
import { AuditChangesTable } from './AuditChangesTable.tsx';

/** What an entry was done to: its kind, and the account it names (a link) or its id. */
function Target({ entry }: { entry: TAuditEntry }) {
  const label = auditTargetLabels[entry.targetType];
  if (entry.targetType === 'template_catalogue') return <span>{label}</span>;
  return (
    <BlockStack gap="050">
      <span>{label}</span>
      {entry.targetType === 'account' ? (
        <Link url={adminAccountUrl(entry.targetId)} removeUnderline>
          <span className="ql-admin-mono">{entry.targetId}</span>
        </Link>
      ) : (
        <span className="ql-admin-mono">{entry.targetId}</span>
      )}
    </BlockStack>
  );
}

const isTargetType = (value: string | null): value is TAuditTargetType =>
  value !== null && (auditTargetTypes as readonly string[]).includes(value);

/**
 * /app/Admin/audit-log: every administrator action, newest first, each opening onto what it changed.
 * ?targetType=&targetId= narrows it to one thing's history (an account page links here).
 */
export function AuditLogPage() {
  const [params] = useSearchParams();
  const [page, setPage] = usePageParam();
  const targetType = params.get('targetType');
  const targetId = params.get('targetId') ?? undefined;
  const filter = isTargetType(targetType) ? { targetType, targetId } : {};
  const list = useResource(['audit-log', targetType, targetId, page], (signal) => listAuditLog({ ...filter, page }, signal));
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());

  const toggle = (id: string) =>
    setOpened((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const detailsId = (entry: TAuditEntry) => `audit-changes-${entry.id}`;

  const columns: Column<TAuditEntry>[] = [
    {
      title: texts.columns.when,
      cell: (entry) => <time dateTime={entry.createdAt}>{adminTime(entry.createdAt)}</time>,
    },
    { title: texts.columns.who, cell: (entry) => <span className="ql-admin-wrap">{entry.actorEmail}</span> },
    {
      title: texts.columns.what,
      onPhone: false,
      cell: (entry) => (
        <Text as="span" fontWeight="semibold">
          {auditActionLabels[entry.action]}
        </Text>
      ),
    },
    { title: texts.columns.target, cell: (entry) => <Target entry={entry} /> },
    {
      title: texts.columns.changes,
      cell: (entry) => {
        const count = auditChanges(entry.before, entry.after).length;
        const open = opened.has(entry.id);
        return (
          <Button
            variant="plain"
            disclosure={open ? 'up' : 'down'}
            onClick={() => toggle(entry.id)}
            ariaExpanded={open}
            ariaControls={detailsId(entry)}
          >
            {open ? texts.hideChanges : texts.showChanges(count)}
          </Button>
        );
      },
    },
  ];

  const filterLabel = filter.targetType && filter.targetId ? `${auditTargetLabels[filter.targetType]} ${filter.targetId}` : null;

  return (
    <AdminPage title={texts.title} subtitle={texts.subtitle}>
      {filterLabel ? (
        <Banner tone="info" action={{ content: texts.showAll, url: adminSectionUrl('audit-log') }}>
          <p>{texts.filteredTo(filterLabel)}</p>
        </Banner>
      ) : null}
      <AdminList
        list={list}
        texts={texts}
        empty={adminMessages.noAuditEntries}
        onPage={setPage}
        rowId={(entry) => entry.id}
        columns={columns}
        heading={(entry) => auditActionLabels[entry.action]}
        details={(entry) =>
          opened.has(entry.id) ? (
            <AuditChangesTable
              id={detailsId(entry)}
              caption={texts.changesOf(auditActionLabels[entry.action], adminTime(entry.createdAt))}
              changes={auditChanges(entry.before, entry.after)}
            />
          ) : null
        }
      />
    </AdminPage>
  );
}
