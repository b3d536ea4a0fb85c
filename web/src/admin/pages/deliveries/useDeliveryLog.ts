import {
  deliveryStatuses,
  type TDeliveryListQuery,
  type TDeliveryRow,
  type TDeliveryStatus,
} from '@quizlead/shared/schemas/deliveries.ts';
import { leadTools, type TLeadTool } from '@quizlead/shared/schemas/events.ts';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorNotice } from '../../api/client.ts';
import { listDeliveries, type DeliveryPage } from '../../api/deliveries.ts';

/** The log's filters; '' is "all". */
export interface LogFilters {
  status: TDeliveryStatus | '';
  destinationId: string;
  tool: TLeadTool | '';
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' =>
  values.includes(value as T) ? (value as T) : '';

/**
 * The filters, kept in the address (?status=dead&destinationId=…&tool=quiz) so a reload, Back or a link
 * from Settings opens the same view; values that are not valid read as "all".
 */
export function useLogFilters(): [LogFilters, (next: LogFilters) => void] {
  const [params, setParams] = useSearchParams();
  const destinationId = params.get('destinationId') ?? '';
  const filters: LogFilters = {
    status: oneOf(deliveryStatuses, params.get('status')),
    destinationId: uuid.test(destinationId) ? destinationId : '',
    tool: oneOf(leadTools, params.get('tool')),
  };
  const setFilters = useCallback(
    (next: LogFilters) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          for (const [name, value] of Object.entries(next)) {
            if (value) updated.set(name, value);
            else updated.delete(name);
          }
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [filters, setFilters];
}

const liveRefreshMs = 2000;
const idleRefreshMs = 15_000;

/** A delivery whose status is about to change: pending, under way, or failed with its next attempt within a minute. */
function isUnsettled(row: TDeliveryRow): boolean {
  if (row.status === 'pending' || row.status === 'delivering') return true;
  return row.status === 'failed' && row.nextAttemptAt !== null && Date.parse(row.nextAttemptAt) - Date.now() < 60_000;
}

/** The shown pages with the first page read again: rows updated in place, newer rows on top. */
function merged(shown: DeliveryPage, fresh: DeliveryPage): DeliveryPage {
  const byId = new Map(fresh.items.map((row) => [row.id, row]));
  const known = new Set(shown.items.map((row) => row.id));
  return {
    ...shown,
    destinations: fresh.destinations,
    failedCount: fresh.failedCount,
    items: [...fresh.items.filter((row) => !known.has(row.id)), ...shown.items.map((row) => byId.get(row.id) ?? row)],
  };
}

function queryOf(filters: LogFilters): TDeliveryListQuery {
  return {
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.destinationId ? { destinationId: filters.destinationId } : {}),
    ...(filters.tool ? { tool: filters.tool } : {}),
  };
}

/**
 * The log as shown: the first page for the filters, then each page "Load more" adds (keyset: each starts
 * after the last row shown). While new filters load, the previous rows stay, dimmed. Deliveries on their
 * way are refreshed live.
 */
export function useDeliveryLog(filters: LogFilters) {
  const [reloads, setReloads] = useState(0);
  const requestKey = `${filters.status}|${filters.destinationId}|${filters.tool}#${reloads}`;
  const [shown, setShown] = useState<{ key: string; log: DeliveryPage } | null>(null);
  const [failure, setFailure] = useState<{ key: string; message: string } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    listDeliveries(queryOf(filters), controller.signal).then(
      (log) => setShown({ key: requestKey, log }),
      (error: unknown) => {
        if (!controller.signal.aborted) setFailure({ key: requestKey, message: errorNotice(error) });
      },
    );
    return () => controller.abort();
    // requestKey carries the filters and the reloads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestKey]);

  const failed = failure?.key === requestKey ? failure.message : null;
  const current = shown?.key === requestKey;

  // Live: the first page is read again and merged in, every 2 s while a shown delivery is on its way
  // (or due again within the minute), so the owner watches it turn delivered or failed, and every 15 s
  // otherwise, so new leads show up; never while the tab is hidden.
  const unsettled = current && shown.log.items.some(isUnsettled);
  useEffect(() => {
    if (!current) return;
    const controller = new AbortController();
    const timer = setInterval(
      () => {
        if (document.visibilityState === 'hidden') return;
        listDeliveries(queryOf(filters), controller.signal).then(
          (fresh) =>
            setShown((previous) =>
              previous?.key === requestKey ? { key: requestKey, log: merged(previous.log, fresh) } : previous,
            ),
          () => undefined,
        );
      },
      unsettled ? liveRefreshMs : idleRefreshMs,
    );
    return () => {
      clearInterval(timer);
      controller.abort();
    };
    // requestKey carries the filters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current, unsettled, requestKey]);

  /** Adds the next page; answers the failure's text, if any. */
  async function loadMore(): Promise<string | null> {
    const cursor = shown && current ? shown.log.nextCursor : null;
    if (!cursor) return null;
    setLoadingMore(true);
    try {
      const next = await listDeliveries({ ...queryOf(filters), before: cursor });
      setShown((previous) =>
        previous?.key === requestKey
          ? { key: requestKey, log: { ...next, items: [...previous.log.items, ...next.items] } }
          : previous,
      );
      return null;
    } catch (error) {
      return errorNotice(error);
    } finally {
      setLoadingMore(false);
    }
  }

  /** A replayed row in place, one fewer failed delivery to replay. */
  function replaced(row: TDeliveryRow) {
    setShown((previous) =>
      previous
        ? {
            ...previous,
            log: {
              ...previous.log,
              items: previous.log.items.map((item) => (item.id === row.id ? row : item)),
              failedCount: Math.max(0, previous.log.failedCount - 1),
            },
          }
        : previous,
    );
  }

  return {
    log: shown?.log ?? null,
    /** The rows shown are for other filters (or before a reload) and new ones are on their way. */
    loading: !current && !failed,
    failed,
    loadingMore,
    loadMore,
    replaced,
    reload: useCallback(() => setReloads((count) => count + 1), []),
  };
}
