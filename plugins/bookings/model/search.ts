/**
 * booking/search: the filters, page and sort kept in the URL query (so back and reload keep them), the
 * filters Refine's data provider sends to GET /api/bookings, and the presets of the work lists (booking/issue,
 * booking/void, booking/cancel) with their rows: one per PNR that can be acted on, the most urgent first.
 */
import type { CrudFilter, CrudSort } from '@refinedev/core';
import type { BookingListItem } from '../../../contract/bookings';
import { BOOKING_STATUSES, RECORD_STATUSES, WORK_LISTS, type WorkList } from '../../../contract/bookings-rules';
import { isHold } from './status';
import { todayInVietnam } from '../../../contract/business-day';

export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export type RecordStatusValue = (typeof RECORD_STATUSES)[number];

export interface SearchFilters {
  pnr?: string;
  name?: string;
  airline?: string;
  status?: BookingStatus;
  recordStatus?: RecordStatusValue;
  bookedFrom?: string;
  bookedTo?: string;
  flightFrom?: string;
  flightTo?: string;
  agentId?: number;
  issuedOn?: string;
}

export const SORT_FIELDS = ['createdAt', 'departDate', 'total'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export const PAGE_SIZES = [10, 20, 50, 100] as const;

export interface SearchState {
  filters: SearchFilters;
  page: number;
  pageSize: number;
  /** field or -field (descending) */
  sort: string;
}

export const DEFAULT_SEARCH: SearchState = { filters: {}, page: 1, pageSize: 20, sort: '-createdAt' };

const FILTER_KEYS = ['pnr', 'name', 'airline', 'status', 'recordStatus', 'bookedFrom', 'bookedTo', 'flightFrom', 'flightTo', 'agentId', 'issuedOn'] as const;

function isDay(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** One filter value read from the URL, or undefined when it is not a valid value of that filter. */
export function readFilter<K extends keyof SearchFilters>(key: K, raw: string | null): SearchFilters[K] | undefined {
  const v = (raw ?? '').trim();
  if (!v) return undefined;
  switch (key) {
    case 'pnr': {
      const p = v.toUpperCase();
      return (/^[A-Z0-9]{1,6}$/.test(p) ? p : undefined) as SearchFilters[K];
    }
    case 'name':
      return (v.length <= 60 ? v : undefined) as SearchFilters[K];
    case 'airline': {
      const a = v.toUpperCase();
      return (/^[A-Z0-9]{2}$/.test(a) ? a : undefined) as SearchFilters[K];
    }
    case 'status':
      return ((BOOKING_STATUSES as readonly string[]).includes(v) ? v : undefined) as SearchFilters[K];
    case 'recordStatus':
      return ((RECORD_STATUSES as readonly string[]).includes(v) ? v : undefined) as SearchFilters[K];
    case 'agentId': {
      const n = Number(v);
      return (/^\d+$/.test(v) && Number.isSafeInteger(n) && n >= 1 ? n : undefined) as SearchFilters[K];
    }
    default:
      return (isDay(v) ? v : undefined) as SearchFilters[K];
  }
}

/** The search a URL query describes (invalid values are left out, missing ones take the defaults). */
export function searchFromQuery(query: string | URLSearchParams): SearchState {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  const filters: SearchFilters = {};
  for (const key of FILTER_KEYS) {
    const value = readFilter(key, params.get(key));
    if (value !== undefined) (filters as Record<string, unknown>)[key] = value;
  }
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  const sort = params.get('sort') ?? '';
  return {
    filters,
    page: Number.isSafeInteger(page) && page >= 1 ? page : DEFAULT_SEARCH.page,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_SEARCH.pageSize,
    sort: /^-?(createdAt|departDate|total)$/.test(sort) ? sort : DEFAULT_SEARCH.sort,
  };
}

/** The URL query of a search: only what differs from the defaults, in a fixed order. */
export function queryFromSearch(state: SearchState): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = state.filters[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  if (state.page !== DEFAULT_SEARCH.page) params.set('page', String(state.page));
  if (state.pageSize !== DEFAULT_SEARCH.pageSize) params.set('pageSize', String(state.pageSize));
  if (state.sort !== DEFAULT_SEARCH.sort) params.set('sort', state.sort);
  return params.toString();
}

/** New filters start again at page 1; page and sort changes keep the filters. */
export function withFilters(state: SearchState, filters: SearchFilters): SearchState {
  const clean: SearchFilters = {};
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value !== undefined && value !== '' && !(typeof value === 'number' && Number.isNaN(value))) (clean as Record<string, unknown>)[key] = value;
  }
  return { ...state, filters: clean, page: 1 };
}

/** The filters as Refine sends them (`field=value`). */
export function crudFilters(filters: SearchFilters): CrudFilter[] {
  return FILTER_KEYS.filter((key) => filters[key] !== undefined && filters[key] !== '').map((key) => ({ field: key, operator: 'eq' as const, value: filters[key] }));
}

export function sortToSorters(sort: string): CrudSort[] {
  return sort.startsWith('-') ? [{ field: sort.slice(1), order: 'desc' }] : [{ field: sort, order: 'asc' }];
}

/** The sort of a table header click (antd's order: ascend, descend, or none = the default). */
export function sortFromTable(field: string | undefined, order: 'ascend' | 'descend' | null | undefined): string {
  if (!field || !order || !(SORT_FIELDS as readonly string[]).includes(field)) return DEFAULT_SEARCH.sort;
  return order === 'descend' ? `-${field}` : field;
}

/** antd's sort order of a column under the current sort. */
export function columnSortOrder(sort: string, field: SortField): 'ascend' | 'descend' | null {
  if (sort === field) return 'ascend';
  if (sort === `-${field}`) return 'descend';
  return null;
}

// ----- work lists ---------------------------------------------------------------------------------------------

export { WORK_LISTS, type WorkList };

/** The Vietnam business day (yyyy-MM-dd) of a moment, whatever the browser's zone. */
export function localDay(now: Date): string {
  return todayInVietnam(now);
}

/**
 * What each work list asks the gateway for: the bookings it acts on now (live holds for issue and cancel,
 * tickets inside their void window for void), filtered and sorted by deadline on the server.
 */
export function workListQuery(kind: WorkList): { filters: CrudFilter[]; sorters: CrudSort[] } {
  return { filters: [{ field: 'workList', operator: 'eq', value: kind }], sorters: [{ field: 'deadline', order: 'asc' }] };
}

export interface WorkRow {
  key: string;
  bookingId: number;
  pnr: string;
  airline: string;
  recordStatus: RecordStatusValue;
  /** The deadline of the action: the time limit (issue, cancel) or the void cut-off (void), ISO. */
  deadline: string;
  item: BookingListItem;
}

/**
 * The rows of a work list: one per PNR the action applies to at `now` (live holds for issue and cancel,
 * tickets still inside their void window for void), the soonest deadline first.
 */
export function workListRows(kind: WorkList, items: readonly BookingListItem[], now: number): WorkRow[] {
  const rows: WorkRow[] = [];
  for (const item of items) {
    for (const p of item.pnrs) {
      const deadline = kind === 'void' ? p.voidUntil : p.timeLimit;
      if (!p.pnr || !deadline || new Date(deadline).getTime() <= now) continue;
      const fits = kind === 'void' ? p.recordStatus === 'ISSUE TICKET' : isHold(p.recordStatus);
      if (!fits) continue;
      rows.push({ key: `${item.id}-${p.pnr}`, bookingId: item.id, pnr: p.pnr, airline: p.airline, recordStatus: p.recordStatus, deadline, item });
    }
  }
  return rows.sort((a, b) => new Date(a.deadline).getTime() - new Date(b.deadline).getTime() || a.bookingId - b.bookingId);
}
