/**
 * The Refine dataProvider of the portal, over the one api client.
 *
 * Convention (the gateway follows it for every resource):
 *   getList   GET    /api/<resource>?page=<1-based>&pageSize=<n>&sort=<field>,-<field>&<filters>
 *                    → { data: T[], total: number }
 *             filters: `<field>=<value>` for eq, `<field>[<operator>]=<value>` for the other Refine operators
 *             (ne, lt, gt, lte, gte, contains, startswith, in, between...; arrays joined by commas);
 *             `sort` lists the sorters in order, a leading '-' meaning descending;
 *             pagination mode 'off' sends no page / pageSize.
 *   getOne    GET    /api/<resource>/<id>            → T
 *   getMany   GET    /api/<resource>?ids=1,2,3        → { data: T[] } or T[]
 *   create    POST   /api/<resource>      body T      → T
 *   update    PUT    /api/<resource>/<id> body T      → T
 *   deleteOne DELETE /api/<resource>/<id>            → T or {}
 *   custom    <method> <url> with query, filters and sorters as above and the payload as body → any
 * `meta.path` overrides `/api/<resource>`; `meta.headers` adds headers; `meta.overlay` (show the global loading
 * overlay), `meta.silent` (no network toast) and `meta.responseType` (e.g. 'blob') pass to the api client, and
 * Refine's `meta.signal` cancels the call. Bodies are sealed by the client.
 * The list protocol is contract/list.ts; the gateway has no PATCH.
 */
import type { BaseRecord, CrudFilter, CrudSort, DataProvider, Pagination } from '@refinedev/core';
import type { AxiosRequestConfig } from 'axios';
import { api } from './client';

export const API_PREFIX = '/api';

type Query = Record<string, string | number>;

function basePath(resource: string, meta?: Record<string, unknown>): string {
  return typeof meta?.path === 'string' ? meta.path : `${API_PREFIX}/${resource}`;
}

/** The api client options a call's meta carries. */
export function requestOptions(meta?: Record<string, unknown>): AxiosRequestConfig {
  const o: AxiosRequestConfig = {};
  if (meta?.headers) o.headers = meta.headers as AxiosRequestConfig['headers'];
  if (typeof meta?.overlay === 'boolean') o.overlay = meta.overlay;
  if (typeof meta?.silent === 'boolean') o.silent = meta.silent;
  // a 401 / 403 the screen words itself (e.g. a wrong current PIN)
  if (typeof meta?.skipAuthRedirect === 'boolean') o.skipAuthRedirect = meta.skipAuthRedirect;
  if (meta?.signal instanceof AbortSignal) o.signal = meta.signal;
  if (typeof meta?.responseType === 'string') o.responseType = meta.responseType as AxiosRequestConfig['responseType'];
  return o;
}

function valueOf(value: unknown): string {
  if (Array.isArray(value)) return value.map(valueOf).join(',');
  if (value instanceof Date) return value.toISOString();
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function filtersToQuery(filters: readonly CrudFilter[] | undefined, into: Query = {}): Query {
  for (const f of filters ?? []) {
    if (!('field' in f)) {
      // conditional filters (or / and) travel as one JSON parameter
      into[f.key ?? f.operator] = JSON.stringify(f.value);
      continue;
    }
    if (f.value === undefined || f.value === '' || (Array.isArray(f.value) && f.value.length === 0)) continue;
    into[f.operator === 'eq' ? f.field : `${f.field}[${f.operator}]`] = valueOf(f.value);
  }
  return into;
}

export function sortersToQuery(sorters: readonly CrudSort[] | undefined, into: Query = {}): Query {
  if (sorters && sorters.length > 0) into.sort = sorters.map((s) => (s.order === 'desc' ? `-${s.field}` : s.field)).join(',');
  return into;
}

export function paginationToQuery(pagination: Pagination | undefined, into: Query = {}): Query {
  if (pagination?.mode === 'off') return into;
  into.page = pagination?.currentPage ?? 1;
  into.pageSize = pagination?.pageSize ?? 10;
  return into;
}

export const dataProvider: DataProvider = {
  getApiUrl: () => API_PREFIX,

  getList: async ({ resource, pagination, sorters, filters, meta }) => {
    const params = filtersToQuery(filters, sortersToQuery(sorters, paginationToQuery(pagination)));
    const { data } = await api.get(basePath(resource, meta), { ...requestOptions(meta), params });
    // facts a list gives about all its rows (contract/list.ts) ride beside data and total: the reports' totals and chart
    return { ...data, data: data.data, total: data.total };
  },

  getMany: async ({ resource, ids, meta }) => {
    const { data } = await api.get(basePath(resource, meta), { ...requestOptions(meta), params: { ids: ids.join(',') } as Query });
    return { data: Array.isArray(data) ? data : (data?.data ?? []) };
  },

  getOne: async ({ resource, id, meta }) => {
    const { data } = await api.get(`${basePath(resource, meta)}/${encodeURIComponent(String(id))}`, requestOptions(meta));
    return { data };
  },

  create: async ({ resource, variables, meta }) => {
    const { data } = await api.post(basePath(resource, meta), variables, requestOptions(meta));
    return { data };
  },

  update: async ({ resource, id, variables, meta }) => {
    const { data } = await api.put(`${basePath(resource, meta)}/${encodeURIComponent(String(id))}`, variables, requestOptions(meta));
    return { data };
  },

  deleteOne: async ({ resource, id, variables, meta }) => {
    const { data } = await api.delete(`${basePath(resource, meta)}/${encodeURIComponent(String(id))}`, { ...requestOptions(meta), data: variables });
    return { data: (data ?? {}) as BaseRecord } as never;
  },

  custom: async ({ url, method, filters, sorters, payload, query, headers, meta }) => {
    const params = filtersToQuery(filters, sortersToQuery(sorters, { ...((query as Query | undefined) ?? {}) }));
    const options = requestOptions(meta);
    const { data } = await api.request({ ...options, url, method, params, data: payload, headers: { ...(options.headers as object), ...headers } });
    return { data };
  },
};
