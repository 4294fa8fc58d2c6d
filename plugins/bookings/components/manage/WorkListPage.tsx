/**
 * booking/issue, booking/void and booking/cancel: the lists an agent works from, on the search table. Issue and
 * cancel list the live holds, the soonest time limit first; void lists today's tickets still inside their void
 * window, the soonest cut-off first. Each row is one PNR with its action and the confirmation of that action.
 */
import { useMemo, useState } from 'react';
import { Alert, Button } from 'antd';
import { useTable } from '@refinedev/antd';
import { useTranslation } from 'react-i18next';
import type { BookingListItem } from '../../../../contract/bookings';
import { formatDateTime } from '../../../../src/sdk';
import { LoadError } from '../../../../src/sdk';
import { BOOKINGS_META, BOOKINGS_RESOURCE } from '../../api';
import { countdown, msLeft } from '../../model/actions';
import { workListQuery, workListRows, type WorkList, type WorkRow } from '../../model/search';
import { BookingTable } from './BookingTable';
import { useActionAccess } from './use-action-access';
import { useBookingActions } from './use-booking-actions';
import { useSeesAgents } from './use-sees-agents';
import { BookingListView } from './views';
import { useNow } from '../use-now';
import '../../manage.css';

/** The server page of a work list: the rows are sorted by deadline within it. */
const PAGE_SIZE = 100;

export function WorkListPage({ kind }: { kind: WorkList }) {
  const { t } = useTranslation();
  const now = useNow(1000);
  const [page, setPage] = useState(1);
  // filtered (what the list acts on now) and sorted (soonest deadline first) by the gateway
  const { filters, sorters } = useMemo(() => workListQuery(kind), [kind]);
  const { tableQuery } = useTable<BookingListItem>({
    resource: BOOKINGS_RESOURCE,
    meta: BOOKINGS_META,
    syncWithLocation: false,
    pagination: { currentPage: page, pageSize: PAGE_SIZE, mode: 'server' },
    sorters: { permanent: sorters },
    filters: { permanent: filters },
    queryOptions: { retry: false },
    errorNotification: false,
  });
  // after an action the bookings resource is invalidated: this list reads again
  const actions = useBookingActions();
  const rows: WorkRow[] = useMemo(() => workListRows(kind, tableQuery.data?.data ?? [], now), [kind, tableQuery.data, now]);
  const byKey = useMemo(() => new Map(rows.map((r) => [r.key, r])), [rows]);
  const items = rows.map((r) => ({ ...r.item, pnrs: r.item.pnrs.filter((p) => p.pnr === r.pnr), __key: r.key }));
  const keyOf = (item: BookingListItem) => (item as BookingListItem & { __key: string }).__key;
  const admin = useSeesAgents();
  const allowed = useActionAccess();

  return (
    <BookingListView title={t(`bookings.${kind}.title`)} className="bkm-page">
      <Alert type="info" showIcon message={t(`bookings.${kind}.intro`)} className="bkm-feedback" />
      {actions.feedback}
      {tableQuery.isError && <LoadError onRetry={() => void tableQuery.refetch()} />}
      <div data-testid={`work-list-${kind}`}>
        <BookingTable
          rows={items}
          rowKey={keyOf}
          total={tableQuery.data?.total ?? 0}
          loading={tableQuery.isFetching}
          page={page}
          pageSize={PAGE_SIZE}
          onPage={(p) => setPage(p)}
          showAgent={admin}
          now={now}
          workList
          deadline={{
            title: t(`bookings.${kind}.deadline`),
            render: (item) => {
              const row = byKey.get(keyOf(item));
              if (!row) return null;
              const left = msLeft(row.deadline, now);
              return (
                <span data-testid="work-deadline">
                  {formatDateTime(row.deadline)}
                  <br />
                  <strong className={left < 30 * 60_000 ? 'bkm-urgent' : undefined}>{countdown(left)}</strong>
                </span>
              );
            },
          }}
          action={(item) => {
            const row = byKey.get(keyOf(item));
            if (!row || !allowed(kind)) return null;
            return (
              <Button
                size="small"
                type={kind === 'issue' ? 'primary' : 'default'}
                danger={kind !== 'issue'}
                loading={actions.running === `${kind}:${row.pnr}`}
                data-testid={`work-${kind}`}
                aria-label={`${t(`bookings.actions.${kind}`)} ${row.pnr}`}
                onClick={(e) => {
                  e.stopPropagation();
                  void actions.runById(kind, row.bookingId, row.pnr);
                }}
              >
                {t(`bookings.actions.${kind}`)}
              </Button>
            );
          }}
        />
      </div>
    </BookingListView>
  );
}
