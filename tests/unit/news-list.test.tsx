import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter } from 'axios';
import { Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { NewsSummary } from '../../contract/content';
import { api } from '../../src/api/client';
import { dataProvider } from '../../src/api/data-provider';
import NewsListPage from '../../plugins/news/pages/NewsListPage';
import { initTestI18n } from './helpers/i18n';
import { mockAdapter, type SeenRequest } from './helpers/mock-adapter';

vi.mock('react-router', async () => {
  const { createRequire } = await import('node:module');
  return createRequire(import.meta.url)('react-router');
});

const article = (id: number, title: string, tags: string[]): NewsSummary => ({
  id, agencyId: 1, title, summary: `Tóm tắt ${id}`, tags, coverUploadId: null, coverUrl: id === 1 ? '/api/uploads/0b7c2b8e-0000-4000-8000-000000000001' : null,
  status: 'published', publishFrom: null, publishTo: null, audience: [1, 2, 3], authorName: 'An', publishedAt: '2026-07-01T02:00:00.000Z', updatedAt: '2026-07-01T02:00:00.000Z',
});
const ALL = [article(1, 'Khuyến mại hè', ['khuyen-mai']), article(2, 'Hướng dẫn nạp tiền', ['huong-dan', 'ky-quy'])];

let seen: SeenRequest[];
let previous: AxiosAdapter;

function Where() {
  const { pathname, search } = useLocation();
  return <div data-testid="where">{pathname + search}</div>;
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Refine dataProvider={dataProvider} routerProvider={routerProvider} options={{ reactQuery: { clientConfig: client }, disableTelemetry: true }}>
        <Routes>
          <Route path="/agent/news" element={<NewsListPage />} />
          <Route path="/agent/news-by-tag" element={<NewsListPage />} />
        </Routes>
        <Where />
      </Refine>
    </MemoryRouter>,
  );
}

beforeAll(() => initTestI18n('vi'));
beforeEach(() => {
  seen = [];
  previous = api.defaults.adapter as AxiosAdapter;
  api.defaults.adapter = mockAdapter((req) => {
    const params = (req.config.params ?? {}) as Record<string, string>;
    if (req.url === '/api/agents/news-tags') return { data: { data: [{ tag: 'huong-dan', count: 1 }, { tag: 'khuyen-mai', count: 1 }, { tag: 'ky-quy', count: 1 }], total: 3 } };
    if (req.url === '/api/agents/news') {
      let items = ALL;
      if (params.tag) items = items.filter((a) => a.tags.includes(params.tag));
      if (params.q) items = items.filter((a) => a.title.toLowerCase().includes(params.q.toLowerCase()));
      return { data: { data: items, total: items.length } };
    }
    return { status: 404, data: { code: 44, message: 'not found' } };
  }, seen);
});
afterEach(() => {
  api.defaults.adapter = previous;
});

const newsCalls = () => seen.filter((r) => r.url === '/api/agents/news');

describe('news list', () => {
  it('shows the published news with covers, tags and a tag chip per tag', async () => {
    renderAt('/agent/news');
    expect(await screen.findByText('Khuyến mại hè')).toBeTruthy();
    expect(screen.getByText('Hướng dẫn nạp tiền')).toBeTruthy();
    expect(document.querySelector('img.news-card-cover')?.getAttribute('src')).toBe('/api/uploads/0b7c2b8e-0000-4000-8000-000000000001');
    expect(await screen.findByRole('group', { name: 'Lọc theo thẻ' })).toBeTruthy();
    expect(screen.getAllByText(/#ky-quy/).length).toBeGreaterThan(0);
    expect(newsCalls()[0].config.params).toMatchObject({ page: 1, pageSize: 9 });
  });

  it('a tag chip opens news-by-tag and filters by the tag', async () => {
    const user = userEvent.setup();
    renderAt('/agent/news');
    await screen.findByText('Khuyến mại hè');
    const chip = (await screen.findAllByText('#khuyen-mai')).find((el) => el.closest('.ant-tag-checkable'))!;
    await user.click(chip);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/agent/news-by-tag?tag=khuyen-mai'));
    await waitFor(() => expect(screen.queryByText('Hướng dẫn nạp tiền')).toBeNull());
    expect(newsCalls().at(-1)?.config.params).toMatchObject({ tag: 'khuyen-mai' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Tin tức: #khuyen-mai');
  });

  it('searches by text and says so when nothing matches', async () => {
    const user = userEvent.setup();
    renderAt('/agent/news');
    await screen.findByText('Khuyến mại hè');
    await user.type(screen.getByRole('searchbox', { name: 'Tìm tin tức' }), 'không có{Enter}');
    expect(await screen.findByText('Không có tin tức phù hợp.')).toBeTruthy();
    expect(newsCalls().at(-1)?.config.params).toMatchObject({ q: 'không có' });
    expect(screen.getByTestId('where').textContent).toBe('/agent/news?q=kh%C3%B4ng+c%C3%B3');
  });

  it('shows an error with a retry when the list fails', async () => {
    api.defaults.adapter = mockAdapter((req) => (req.url === '/api/agents/news' ? { status: 500, data: { code: 1, message: 'boom' } } : { data: { data: [], total: 0 } }), seen);
    renderAt('/agent/news');
    expect(await screen.findByText('Không tải được dữ liệu.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Thử lại/ })).toBeTruthy();
  });
});
