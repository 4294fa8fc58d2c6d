import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AxiosAdapter } from 'axios';
import { decrypt } from '../../contract/crypto';
import { api } from '../../src/api/client';
import { cipher } from '../../src/api/cipher';
import { dataProvider, filtersToQuery, paginationToQuery, sortersToQuery } from '../../src/api/data-provider';
import { bodyOf, mockAdapter, type SeenRequest } from './helpers/mock-adapter';

let seen: SeenRequest[];
let previous: AxiosAdapter | readonly unknown[] | string | undefined;

beforeEach(() => {
  seen = [];
  previous = api.defaults.adapter as AxiosAdapter;
  api.defaults.adapter = mockAdapter((req) => {
    if (req.method === 'GET' && req.url === '/api/news') return { data: { data: [{ id: 1 }], total: 31 } };
    return { data: { id: 9, ok: true } };
  }, seen);
});

afterEach(() => {
  api.defaults.adapter = previous as AxiosAdapter;
});

describe('query conventions', () => {
  it('pagination, sorters and filters become query parameters', () => {
    expect(paginationToQuery({ currentPage: 3, pageSize: 20 })).toEqual({ page: 3, pageSize: 20 });
    expect(paginationToQuery(undefined)).toEqual({ page: 1, pageSize: 10 });
    expect(paginationToQuery({ mode: 'off' })).toEqual({});
    expect(sortersToQuery([{ field: 'createdAt', order: 'desc' }, { field: 'name', order: 'asc' }])).toEqual({ sort: '-createdAt,name' });
    expect(
      filtersToQuery([
        { field: 'status', operator: 'eq', value: 'HOLD' },
        { field: 'total', operator: 'gte', value: 1000 },
        { field: 'airline', operator: 'in', value: ['VN', 'VJ'] },
        { field: 'empty', operator: 'eq', value: '' },
        { operator: 'or', value: [{ field: 'a', operator: 'eq', value: 1 }] },
      ]),
    ).toEqual({ status: 'HOLD', 'total[gte]': '1000', 'airline[in]': 'VN,VJ', or: JSON.stringify([{ field: 'a', operator: 'eq', value: 1 }]) });
  });
});

describe('dataProvider over /api/<resource>', () => {
  it('getList → GET /api/news?page&pageSize&sort&filters → { data, total }', async () => {
    const result = await dataProvider.getList({ resource: 'news', pagination: { currentPage: 2, pageSize: 5 }, sorters: [{ field: 'id', order: 'desc' }], filters: [{ field: 'tag', operator: 'eq', value: 'promo' }] });
    expect(result).toEqual({ data: [{ id: 1 }], total: 31 });
    expect(seen[0].url).toBe('/api/news');
    expect(seen[0].config.params).toEqual({ page: 2, pageSize: 5, sort: '-id', tag: 'promo' });
  });

  it('getOne, create, update, deleteOne and custom', async () => {
    await dataProvider.getOne({ resource: 'news', id: 'a/b' });
    await dataProvider.create({ resource: 'news', variables: { title: 'T' } });
    await dataProvider.update({ resource: 'news', id: 9, variables: { title: 'U' } });
    await dataProvider.deleteOne({ resource: 'news', id: 9 });
    await dataProvider.custom?.({ url: '/api/reports/sale', method: 'get', query: { from: '2026-01-01' }, sorters: [{ field: 'day', order: 'asc' }] });
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /api/news/a%2Fb', 'POST /api/news', 'PUT /api/news/9', 'DELETE /api/news/9', 'GET /api/reports/sale']);
    expect(JSON.parse(decrypt((bodyOf(seen[1]) as { data: string }).data, cipher))).toEqual({ title: 'T' });
    expect(seen[4].config.params).toEqual({ from: '2026-01-01', sort: 'day' });
  });

  it('getList keeps the facts a list answers about all its rows beside data and total', async () => {
    api.defaults.adapter = mockAdapter(() => ({ data: { data: [{ id: 1 }], total: 1, totals: { net: 5 }, chart: [] } }), seen);
    const list = await dataProvider.getList({ resource: 'accounting-sale-report', meta: { path: '/api/accounting/reports/sale-report' } });
    expect(list).toEqual({ data: [{ id: 1 }], total: 1, totals: { net: 5 }, chart: [] });
  });

  it('meta.path overrides the resource path', async () => {
    await dataProvider.getOne({ resource: 'news', id: 1, meta: { path: '/api/agent/news' } });
    expect(seen[0].url).toBe('/api/agent/news/1');
  });

  it('one dialect for every resource: all sorters in sort=, { data, total } answers, updates with PUT', async () => {
    api.defaults.adapter = mockAdapter((req) => {
      if (req.method === 'GET') return { data: { data: [{ id: 1 }, { id: 2 }], total: 42 } };
      return { data: { id: 9 } };
    }, seen);
    const meta = { path: '/api/agents/users' };
    const list = await dataProvider.getList({ resource: 'agent-users', pagination: { currentPage: 1, pageSize: 20 }, sorters: [{ field: 'fullName', order: 'desc' }, { field: 'id', order: 'asc' }], meta });
    expect(list).toEqual({ data: [{ id: 1 }, { id: 2 }], total: 42 });
    expect(seen[0].url).toBe('/api/agents/users');
    expect(seen[0].config.params).toEqual({ page: 1, pageSize: 20, sort: '-fullName,id' });
    await dataProvider.update({ resource: 'agent-users', id: 9, variables: { fullName: 'A' }, meta });
    expect(`${seen[1].method} ${seen[1].url}`).toBe('PUT /api/agents/users/9');
    expect(JSON.parse(decrypt((bodyOf(seen[1]) as { data: string }).data, cipher))).toEqual({ fullName: 'A' });
  });
});
