/**
 * booking/search: filters (PNR, passenger name, airline, status, booking and flight dates, agent for admins),
 * server-side pages and sort through Refine's useTable over GET /api/bookings, status tags, a row opens the
 * booking detail. The search lives in the URL query (model/search.ts), so back and reload keep it. The agent
 * column and filter show when the access-control provider allows `bookings.filterByAgent`.
 */
import { useMemo, useState } from 'react';
import { useTable } from '@refinedev/antd';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BookingListItem } from '../../../contract/bookings';
import { LoadError } from '../../../src/sdk';
import { BOOKINGS_META, BOOKINGS_RESOURCE } from '../api';
import { BookingFilters } from '../components/manage/BookingFilters';
import { BookingTable } from '../components/manage/BookingTable';
import { useSeesAgents } from '../components/manage/use-sees-agents';
import { BookingListView } from '../components/manage/views';
import { useNow } from '../components/use-now';
import { crudFilters, queryFromSearch, searchFromQuery, sortToSorters, withFilters, type SearchFilters, type SearchState } from '../model/search';
import '../manage.css';

function Results({ state, go, showAgent }: { state: SearchState; go: (s: SearchState) => void; showAgent: boolean }) {
  const now = useNow(1000);
  const { tableQuery } = useTable<BookingListItem>({
    resource: BOOKINGS_RESOURCE,
    meta: BOOKINGS_META,
    syncWithLocation: false,
    pagination: { currentPage: state.page, pageSize: state.pageSize, mode: 'server' },
    sorters: { initial: sortToSorters(state.sort), mode: 'server' },
    filters: { initial: crudFilters(state.filters), mode: 'server' },
    queryOptions: { retry: false },
    errorNotification: false,
  });
  return (
    <>
      {tableQuery.isError && <LoadError onRetry={() => void tableQuery.refetch()} />}
      <BookingTable
        rows={tableQuery.data?.data ?? []}
        total={tableQuery.data?.total ?? 0}
        loading={tableQuery.isFetching}
        page={state.page}
        pageSize={state.pageSize}
        sort={state.sort}
        onPage={(page, pageSize) => go({ ...state, page: pageSize !== state.pageSize ? 1 : page, pageSize })}
        onSort={(sort) => go({ ...state, sort, page: 1 })}
        showAgent={showAgent}
        now={now}
      />
    </>
  );
}

export default function BookingSearchPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const state = useMemo(() => searchFromQuery(location.search), [location.search]);
  const showAgent = useSeesAgents();
  // searching again with the same filters reads the list again
  const [again, setAgain] = useState(0);
  const go = (next: SearchState) => {
    const q = queryFromSearch(next);
    if (`?${q}` === location.search || (!q && !location.search)) setAgain((n) => n + 1);
    else void navigate({ pathname: location.pathname, search: q ? `?${q}` : '' });
  };
  return (
    <BookingListView title={t('bookings.search.title')} className="bkm-page">
      <BookingFilters value={state.filters} showAgent={showAgent} onSearch={(f: SearchFilters) => go(withFilters(state, f))} />
      {/* a new query is a new table: its page, sort and filters all come from the URL */}
      <Results key={`${location.search}#${again}`} state={state} go={go} showAgent={showAgent} />
    </BookingListView>
  );
}
