/**
 * The booking table of booking/search and the work lists: server-side pages and sort, status tags, a row opens
 * the booking detail (the booking number is a link, so the keyboard reaches it too). Below the md breakpoint
 * it becomes a list of cards, so a phone at 360 px reads every field without scrolling sideways.
 */
import type { ReactNode } from 'react';
import { Card, Grid, List, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BookingListItem } from '../../../../contract/bookings';
import { formatDateTime, formatVnd } from '../../../../src/sdk';
import { EmptyRows } from '../../../../src/sdk';
import { columnSortOrder, sortFromTable, type SortField } from '../../model/search';
import { BookingStatusTag, PnrStatusTag } from './StatusTags';

export const detailPath = (id: number) => `/booking/booking-detail/${id}`;

export interface BookingTableProps {
  rows: readonly BookingListItem[];
  loading: boolean;
  total: number;
  page: number;
  pageSize: number;
  /** field or -field; omit for a list that is not sortable on the server */
  sort?: string;
  onPage: (page: number, pageSize: number) => void;
  onSort?: (sort: string) => void;
  showAgent?: boolean;
  now: number;
  /** An extra column (the deadline of a work list). */
  deadline?: { title: string; render: (item: BookingListItem) => ReactNode };
  /** The action of a work list row. */
  action?: (item: BookingListItem) => ReactNode;
  rowKey?: (item: BookingListItem) => string;
  /** Work lists: every row has the same booking status, and the page size is fixed. */
  workList?: boolean;
}

function PnrTags({ item, now }: { item: BookingListItem; now: number }) {
  return (
    <div className="bkm-pnr-tags">
      {item.pnrs.map((p) => (
        <span key={p.pnr || p.airline} className="bkm-pnr-tag">
          <span className="bkm-code">{p.pnr || '—'}</span>
          <span className="muted">{p.airline}</span>
          <PnrStatusTag status={p.recordStatus} timeLimit={p.timeLimit} now={now} />
        </span>
      ))}
    </div>
  );
}

export function BookingTable(props: BookingTableProps) {
  const { rows, loading, total, page, pageSize, sort, onPage, onSort, showAgent, now, deadline, action, rowKey = (r) => String(r.id), workList = false } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const phone = screens.md === false || (screens.md === undefined && typeof window !== 'undefined' && window.innerWidth < 768);

  const sorted = (field: SortField) => (sort !== undefined && onSort ? { sorter: true, sortOrder: columnSortOrder(sort, field), sortDirections: ['ascend', 'descend'] as ('ascend' | 'descend')[] } : {});

  const pagination = {
    current: page,
    pageSize,
    total,
    showSizeChanger: !workList,
    pageSizeOptions: [10, 20, 50, 100],
    showTotal: (n: number) => t('bookings.search.total', { count: n }),
    onChange: onPage,
  };

  if (phone) {
    return (
      <List
        className="bkm-cards"
        loading={loading}
        dataSource={rows as BookingListItem[]}
        rowKey={rowKey}
        locale={{ emptyText: <EmptyRows /> }}
        pagination={{ ...pagination, size: 'small', showSizeChanger: false, align: 'center' }}
        renderItem={(item) => (
          <List.Item className="bkm-card-item">
            <Card size="small" className="bkm-card" data-testid="booking-row" data-id={item.id}>
              <div className="bkm-card-head">
                <Link to={detailPath(item.id)} className="bkm-card-link">
                  #{item.id} · {item.itinerary}
                </Link>
                <BookingStatusTag status={item.status} />
              </div>
              <PnrTags item={item} now={now} />
              <div className="bkm-card-grid">
                <span className="muted">{t('bookings.search.col.departDate')}</span>
                <span>{formatDateTime(item.departDate)}</span>
                <span className="muted">{t('bookings.search.col.passenger')}</span>
                <span>
                  {item.leadPassenger} {item.passengers > 1 ? `(+${item.passengers - 1})` : ''}
                </span>
                <span className="muted">{t('bookings.search.col.total')}</span>
                <strong>{formatVnd(item.total)}</strong>
                <span className="muted">{t('bookings.search.col.createdAt')}</span>
                <span>{formatDateTime(item.createdAt)}</span>
                {showAgent && (
                  <>
                    <span className="muted">{t('bookings.search.col.agent')}</span>
                    <span>{item.agentName}</span>
                  </>
                )}
                {deadline && (
                  <>
                    <span className="muted">{deadline.title}</span>
                    <span>{deadline.render(item)}</span>
                  </>
                )}
              </div>
              {action && <div className="bkm-card-action">{action(item)}</div>}
            </Card>
          </List.Item>
        )}
      />
    );
  }

  // work lists are narrower: the booking number alone, one PNR a row (the action column must stay in view)
  const w = (wide: number, narrow: number) => (workList ? narrow : wide);
  const columns: ColumnsType<BookingListItem> = [
    {
      title: t('bookings.search.col.booking'),
      key: 'createdAt',
      dataIndex: 'createdAt',
      width: w(140, 70),
      ...sorted('createdAt'),
      render: (_: string, item) => (
        <div>
          <Link to={detailPath(item.id)} onClick={(e) => e.stopPropagation()} data-testid="booking-link">
            #{item.id}
          </Link>
          {!workList && <div className="muted">{formatDateTime(item.createdAt)}</div>}
        </div>
      ),
    },
    { title: t('bookings.search.col.pnrs'), key: 'pnrs', width: w(220, 160), render: (_: unknown, item) => <PnrTags item={item} now={now} /> },
    ...(workList
      ? []
      : [{ title: t('bookings.search.col.status'), key: 'status', width: 110, render: (_: unknown, item: BookingListItem) => <BookingStatusTag status={item.status} /> }]),
    {
      title: t('bookings.search.col.itinerary'),
      key: 'departDate',
      dataIndex: 'departDate',
      width: w(160, 150),
      ...sorted('departDate'),
      render: (_: string, item) => (
        <div>
          <strong>{item.itinerary}</strong>
          <div className="muted">{formatDateTime(item.departDate)}</div>
        </div>
      ),
    },
    {
      title: t('bookings.search.col.passenger'),
      key: 'leadPassenger',
      width: w(170, 150),
      render: (_: unknown, item) => (
        <span>
          {item.leadPassenger} {item.passengers > 1 && <span className="muted">(+{item.passengers - 1})</span>}
        </span>
      ),
    },
    ...(showAgent ? [{ title: t('bookings.search.col.agent'), key: 'agent', width: 150, render: (_: unknown, item: BookingListItem) => <span>{item.agentName}<div className="muted">{item.agencyCode}</div></span> }] : []),
    ...(deadline ? [{ title: deadline.title, key: 'deadline', width: 150, render: (_: unknown, item: BookingListItem) => deadline.render(item) }] : []),
    {
      title: t('bookings.search.col.total'),
      key: 'total',
      dataIndex: 'total',
      align: 'right',
      width: w(130, 120),
      // the table is wider than the page beside the menu: the total (and the work list's action) stay pinned in
      // sight at its right edge while the other columns scroll (a phone shows cards instead)
      fixed: 'right',
      ...sorted('total'),
      render: (v: number) => <span className="money bkm-nowrap" data-testid="booking-total">{formatVnd(v)}</span>,
    },
    // the work lists' action is one small button: 112 px leaves an administrator's list (agent and deadline columns)
    // within a 1366 px laptop's page beside the menu, the deadline not under the pinned columns
    ...(action ? [{ title: t('bookings.search.col.action'), key: 'action', width: 112, fixed: 'right' as const, render: (_: unknown, item: BookingListItem) => action(item) }] : []),
  ];

  return (
    <Table<BookingListItem>
      className="bkm-table"
      rowKey={rowKey}
      size="middle"
      loading={loading}
      columns={columns}
      dataSource={rows as BookingListItem[]}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <EmptyRows /> }}
      pagination={pagination}
      onRow={(item) => ({
        onClick: () => void navigate(detailPath(item.id)),
        'data-testid': 'booking-row',
        'data-id': item.id,
        className: 'bkm-row',
      }) as React.HTMLAttributes<HTMLElement>}
      onChange={(_p, _f, sorter, extra) => {
        if (!onSort || extra.action !== 'sort') return;
        const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<BookingListItem> | undefined;
        onSort(sortFromTable(typeof s?.columnKey === 'string' ? s.columnKey : undefined, s?.order));
      }}
    />
  );
}
