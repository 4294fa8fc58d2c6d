import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewsSummary } from '../../contract/content';
import { UPLOAD_MAX_BYTES } from '../../contract/validators';
import { agencies, uploads, users } from '../../gateway/platform/db/schema';
import { notifyHoldExpiring, notifyTopUpApproved } from '../../gateway/notifications/service';
import { DEMO_IMAGES } from '../../gateway/seed/demo';
import { logReservationError } from '../../gateway/system/reservation-errors';
import { call, login, startGateway, type Gateway } from './helpers';
import { XSS_CORPUS, XSS_MARKERS } from '../support/xss-corpus';

let gw: Gateway;
const tokens = new Map<string, string>();
const token = (u: string) => tokens.get(u)!;

beforeAll(async () => {
  gw = await startGateway();
  for (const u of ['f1admin', 'f1agent', 'f2admin', 'f2agent', 'fnadmin', 'member']) tokens.set(u, (await login(gw, u)).accessToken);
});
afterAll(async () => {
  await gw?.close();
});

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n');
const HTML = Buffer.from('<!doctype html><script>alert(1)</script>');
const SVG = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');

const upload = (user: string, fileName: string, bytes: Buffer | string, kind: 'image' | 'file' = 'image') =>
  call(gw, 'POST', '/api/uploads', {
    token: token(user),
    body: { fileName, kind, contentBase64: typeof bytes === 'string' ? bytes : bytes.toString('base64') },
  });

async function uploadCount(): Promise<number> {
  const [row] = await gw.db.select({ n: count() }).from(uploads);
  return row.n;
}

describe('uploads', () => {
  it('stores an image checked by content and serves it with its type, nosniff and cache headers, without a token or tsp', async () => {
    const res = await upload('f1admin', 'logo.png', PNG);
    expect(res.statusCode, res.body).toBe(200);
    const { id, url, contentType, size } = res.json();
    expect({ contentType, size }).toEqual({ contentType: 'image/png', size: PNG.length });
    const got = await gw.app.inject({ method: 'GET', url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['cache-control']).toContain('immutable');
    expect(got.headers['content-security-policy']).toContain('sandbox');
    expect(got.rawPayload.equals(PNG)).toBe(true);
    expect((await gw.app.inject({ method: 'GET', url: `/api/uploads/${randomUUID()}` })).statusCode).toBe(404);
    expect(id).not.toBe('');
    // used as the agency's logo
    const config = await call(gw, 'PUT', '/api/agents/config', { token: token('f1admin'), body: { logoUploadId: id } });
    expect(config.json().logoUploadId).toBe(id);
  });

  it('refuses oversized, disguised, empty and disallowed uploads and stores nothing', async () => {
    const before = await uploadCount();
    const cases: [string, Buffer | string, 'image' | 'file', string][] = [
      ['big.png', Buffer.concat([PNG, Buffer.alloc(UPLOAD_MAX_BYTES)]), 'image', 'tooLarge'],
      ['fake.png', PDF, 'image', 'badContent'],
      ['page.png', HTML, 'image', 'badContent'],
      ['page.jpg', HTML, 'image', 'badContent'],
      ['doc.pdf', HTML, 'file', 'badContent'],
      ['sheet.xlsx', Buffer.from('PK\u0003\u0004word/document.xml'), 'file', 'badContent'],
      ['page.html', HTML, 'file', 'badExtension'],
      ['run.exe', Buffer.from('MZ'), 'file', 'badExtension'],
      ['drawing.svg', SVG, 'image', 'badExtension'],
      ['doc.pdf', PDF, 'image', 'badExtension'],
      ['noext', PNG, 'image', 'badExtension'],
      ['empty.png', Buffer.alloc(0), 'image', 'empty'],
      ['fake.svg', PNG, 'file', 'badContent'],
      ['junk.png', '!!not base64!!', 'image', 'badContent'],
    ];
    for (const [name, bytes, kind, reason] of cases) {
      const res = await upload('f1admin', name, bytes, kind);
      expect(res.statusCode, `${name} ${res.body}`).toBe(400);
      expect(res.json(), name).toMatchObject({ code: 61, data: { reason } });
    }
    const huge = await upload('f1admin', 'huge.png', 'A'.repeat(9_000_000));
    expect(huge.statusCode).toBe(400);
    expect(await uploadCount()).toBe(before);
  }, 60_000);

  it('accepts an SVG only as a file and serves it as an attachment under a sandboxing CSP', async () => {
    const res = await upload('f2agent', 'map.svg', SVG, 'file');
    expect(res.statusCode, res.body).toBe(200);
    const got = await gw.app.inject({ method: 'GET', url: res.json().url });
    expect(got.headers['content-type']).toBe('image/svg+xml');
    expect(got.headers['content-disposition']).toMatch(/^attachment;/);
    expect(got.headers['content-security-policy']).toMatch(/default-src 'none'.*sandbox/);
    const pdf = await upload('f2agent', 'Vé máy bay.pdf', PDF, 'file');
    expect(pdf.statusCode).toBe(200);
    const servedPdf = await gw.app.inject({ method: 'GET', url: pdf.json().url });
    expect(servedPdf.headers['content-disposition']).toBe(`inline; filename*=UTF-8''${encodeURIComponent('Vé máy bay.pdf')}`);
  });
});

describe('news', () => {
  const XSS = XSS_CORPUS;

  it('sanitises the body: no script, event handler or javascript: URL survives', async () => {
    const res = await call(gw, 'POST', '/api/agents/manage-news', {
      token: token('f1admin'),
      body: { title: 'XSS probe', tags: ['Test'], bodyHtml: `${XSS}<p><a href="https://saoviet.vn" target="_blank">ok</a></p>`, status: 'draft' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body: string = res.json().bodyHtml;
    for (const bad of XSS_MARKERS) {
      expect(body.toLowerCase(), bad).not.toContain(bad);
    }
    expect(body).toContain('<p>Giá vé tốt</p>');
    expect(body).toContain('<a href="https://saoviet.vn" target="_blank" rel="noopener noreferrer">ok</a>');
    expect(res.json().tags).toEqual(['test']);
    const updated = await call(gw, 'PUT', `/api/agents/manage-news/${res.json().id}`, { token: token('f1admin'), body: { bodyHtml: '<img src=x onerror=alert(1)>' } });
    // the handler dropped, an empty text alternative added (read as decorative)
    expect(updated.json().bodyHtml).toBe('<img src="x" alt="" />');
  });

  it('shows readers only published, in-window, in-audience news of their agency’s line; writers see drafts', async () => {
    const f1 = token('f1admin');
    const mk = async (title: string, extra: Record<string, unknown>) => {
      const r = await call(gw, 'POST', '/api/agents/manage-news', { token: f1, body: { title, bodyHtml: `<p>${title}</p>`, tags: ['khuyen-mai'], ...extra } });
      expect(r.statusCode, r.body).toBe(200);
      return r.json().id as number;
    };
    const draft = await mk('Bản nháp', { status: 'draft' });
    const forF2 = await mk('Chỉ cho F2', { status: 'published', audience: [2] });
    const future = await mk('Sắp đăng', { status: 'published', publishFrom: new Date(Date.now() + 86_400_000).toISOString() });
    const expired = await mk('Hết hạn', { status: 'published', publishFrom: '2020-01-01T00:00:00Z', publishTo: '2020-02-01T00:00:00Z' });
    const titles = async (user: string, query: Record<string, string> = {}) =>
      ((await call(gw, 'GET', '/api/agents/news', { token: token(user), query: { pageSize: '100', ...query } })).json().data as NewsSummary[]).map((n) => n.title);
    const f2sees = await titles('f2agent');
    expect(f2sees).toContain('Chỉ cho F2');
    expect(f2sees).toContain('Vietnam Airlines mở bán vé Tết Nguyên đán 2027');
    for (const hidden of ['Bản nháp', 'Sắp đăng', 'Hết hạn', 'XSS probe']) expect(f2sees).not.toContain(hidden);
    expect(await titles('f1agent')).not.toContain('Chỉ cho F2');
    expect(await titles('fnadmin')).not.toContain('Chỉ cho F2');
    expect((await call(gw, 'GET', `/api/agents/news/${forF2}`, { token: token('f2agent') })).statusCode).toBe(200);
    for (const id of [draft, future, expired]) expect((await call(gw, 'GET', `/api/agents/news/${id}`, { token: token('f2agent') })).statusCode).toBe(404);
    expect((await call(gw, 'GET', `/api/agents/news/${forF2}`, { token: token('f1agent') })).statusCode).toBe(404);
    // the writer's list holds drafts; f1agent (AGENT_F1) writes for the same agency
    const manage = await call(gw, 'GET', '/api/agents/manage-news', { token: token('f1agent'), query: { status: 'draft', pageSize: '100' } });
    expect(manage.json().data.map((n: NewsSummary) => n.title)).toContain('Bản nháp');
    expect((await call(gw, 'GET', `/api/agents/manage-news/${draft}`, { token: token('f1agent') })).json().bodyHtml).toBe('<p>Bản nháp</p>');
    // search and tags
    expect(await titles('f2agent', { tag: 'khuyen-mai' })).toEqual(['Chỉ cho F2']);
    expect(await titles('f2agent', { q: 'ký quỹ' })).toEqual(['Hướng dẫn nạp tiền ký quỹ qua chuyển khoản']);
    const tags = (await call(gw, 'GET', '/api/agents/news-tags', { token: token('f2agent') })).json().data;
    expect(tags).toEqual(expect.arrayContaining([{ tag: 'khuyen-mai', count: 1 }, { tag: 'tet', count: 1 }]));
    const bad = await call(gw, 'POST', '/api/agents/manage-news', { token: f1, body: { title: 'x', bodyHtml: 'x', publishFrom: '2027-01-02T00:00:00Z', publishTo: '2027-01-01T00:00:00Z' } });
    expect(bad.json()).toMatchObject({ code: 41, data: { reason: 'publishWindow' } });
  });

  it('notifies the audience on publication, once, and the bell reads and clears', async () => {
    const before = (await call(gw, 'GET', '/api/notifications', { token: token('f2agent') })).json().unread;
    const created = await call(gw, 'POST', '/api/agents/manage-news', {
      token: token('f1admin'),
      body: { title: 'Khai trương văn phòng mới', summary: 'Tin vui', bodyHtml: '<p>Tin vui</p>', status: 'draft', audience: [2, 3], coverUploadId: DEMO_IMAGES[2].id },
    });
    expect(created.json().coverUrl).toBe(`/api/uploads/${DEMO_IMAGES[2].id}`);
    const id = created.json().id;
    expect((await call(gw, 'GET', '/api/notifications', { token: token('f2agent') })).json().unread).toBe(before);
    await call(gw, 'PUT', `/api/agents/manage-news/${id}`, { token: token('f1admin'), body: { status: 'published' } });
    await call(gw, 'PUT', `/api/agents/manage-news/${id}`, { token: token('f1admin'), body: { title: 'Khai trương văn phòng mới!' } });
    const bell = await call(gw, 'GET', '/api/notifications', { token: token('f2agent'), headers: { 'x-language': 'en' } });
    expect(bell.json().unread).toBe(before + 1);
    expect(bell.json().data[0]).toMatchObject({ type: 'news', title: 'News: Khai trương văn phòng mới', link: `/agent/news/${id}`, read: false });
    expect((await call(gw, 'GET', '/api/notifications', { token: token('fnadmin') })).json().data[0].title).toBe('Tin mới: Khai trương văn phòng mới');
    expect((await call(gw, 'GET', '/api/notifications', { token: token('f1agent') })).json().data.some((n: { link: string }) => n.link === `/agent/news/${id}`)).toBe(false);
    const nid = bell.json().data[0].id;
    expect((await call(gw, 'POST', `/api/notifications/${nid}/read`, { token: token('fnadmin'), body: {} })).statusCode).toBe(404);
    await call(gw, 'POST', `/api/notifications/${nid}/read`, { token: token('f2agent'), body: {} });
    expect((await call(gw, 'GET', '/api/notifications', { token: token('f2agent') })).json().unread).toBe(before);
    const [f2] = await gw.db.select({ id: users.id }).from(users).where(eq(users.username, 'f2agent'));
    await gw.db.transaction(async (tx) => {
      await notifyTopUpApproved(tx, f2.id, 5_000_000);
      await notifyHoldExpiring(tx, f2.id, 'ABC123', new Date('2027-01-01T10:00:00Z'));
    });
    const after = (await call(gw, 'GET', '/api/notifications', { token: token('f2agent') })).json();
    expect(after.unread).toBe(before + 2);
    expect(after.data.map((n: { type: string }) => n.type).slice(0, 2).sort()).toEqual(['hold_expiring', 'topup_approved']);
    await call(gw, 'POST', '/api/notifications/read-all', { token: token('f2agent'), body: {} });
    expect((await call(gw, 'GET', '/api/notifications', { token: token('f2agent') })).json().unread).toBe(0);
  });
});

describe('banners', () => {
  it('shows the seeded banners on the home page and accepts only http(s) links and own images', async () => {
    const home = await call(gw, 'GET', '/api/home/banners', { token: token('member') });
    expect(home.json().data.map((b: { title: string }) => b.title)).toEqual(['Săn vé Tết 2027', 'Ưu đãi hè']);
    const img = (await upload('f1admin', 'b.png', PNG)).json().id;
    for (const link of ['javascript:alert(1)', 'data:text/html,x', 'ftp://x.vn/a']) {
      const res = await call(gw, 'POST', '/api/banners', { token: token('f1admin'), body: { title: 'x', imageUploadId: img, link } });
      expect(res.json().code, link).toBe(41);
    }
    const other = (await upload('f2agent', 'other.png', PNG)).json().id;
    expect((await call(gw, 'POST', '/api/banners', { token: token('f1admin'), body: { title: 'x', imageUploadId: other } })).statusCode).toBe(404);
    const created = await call(gw, 'POST', '/api/banners', {
      token: token('f1admin'),
      body: { title: 'Đầu tiên', imageUploadId: img, link: 'https://saoviet.vn/uu-dai', sortOrder: 0 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const later = await call(gw, 'POST', '/api/banners', {
      token: token('f1admin'),
      body: { title: 'Tháng sau', imageUploadId: img, startsAt: new Date(Date.now() + 30 * 86_400_000).toISOString() },
    });
    const home2 = (await call(gw, 'GET', '/api/home/banners', { token: token('f2agent') })).json().data.map((b: { title: string }) => b.title);
    expect(home2[0]).toBe('Đầu tiên');
    expect(home2).not.toContain('Tháng sau');
    await call(gw, 'PUT', `/api/banners/${created.json().id}`, { token: token('f1admin'), body: { active: false } });
    expect((await call(gw, 'GET', '/api/home/banners', { token: token('f2agent') })).json().data.map((b: { title: string }) => b.title)).not.toContain('Đầu tiên');
    expect((await call(gw, 'DELETE', `/api/banners/${later.json().id}`, { token: token('f1admin') })).statusCode).toBe(200);
  });
});

describe('online support', () => {
  it('shows the F1’s contacts to sub-agencies until they have their own', async () => {
    const panel = await call(gw, 'GET', '/api/agents/online-support-config', { token: token('f2agent') });
    expect(panel.json().inherited).toBe(true);
    expect(panel.json().data.map((c: { name: string }) => c.name)).toEqual(['Tổng đài Sao Việt', 'Chị Cúc – Kế toán', 'Anh An – Vé quốc tế']);
    const own = await call(gw, 'GET', '/api/agents/online-support-config', { token: token('f1agent') });
    expect(own.json().inherited).toBe(false);
    const created = await call(gw, 'POST', '/api/agents/online-support', {
      token: token('f1admin'),
      body: { name: 'Trực đêm', phone: '0901234568', hours: '22:00–7:00', topic: 'Khẩn cấp', sortOrder: 9 },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect((await call(gw, 'POST', '/api/agents/online-support', { token: token('f1admin'), body: { name: 'x', phone: '123' } })).json().code).toBe(41);
    const off = await call(gw, 'PUT', `/api/agents/online-support/${created.json().id}`, { token: token('f1admin'), body: { active: false } });
    expect(off.json()).toMatchObject({ active: false, phone: '0901234568', sortOrder: 9, topic: 'Khẩn cấp' });
    expect((await call(gw, 'GET', '/api/agents/online-support-config', { token: token('member') })).json().data).toHaveLength(3);
    expect((await call(gw, 'GET', '/api/agents/online-support', { token: token('f1admin') })).json().data).toHaveLength(4);
    expect((await call(gw, 'DELETE', `/api/agents/online-support/${created.json().id}`, { token: token('f1admin') })).statusCode).toBe(200);
  });
});

describe('reservation error log', () => {
  it('lists failed bookings of the caller’s subtree with search, date range and pages', async () => {
    const ids = new Map<string, number>();
    for (const a of await gw.db.select({ id: agencies.id, code: agencies.code }).from(agencies)) ids.set(a.code, a.id);
    const [f2] = await gw.db.select({ id: users.id }).from(users).where(eq(users.username, 'f2agent'));
    await logReservationError(gw.db, {
      agencyId: ids.get('SAOVIET-HN')!, userId: f2.id, source: 'VJ', airline: 'VJ', route: 'HAN-SGN 2027-01-10', errorCode: 'SEAT_SOLD_OUT',
      errorMessage: 'Hạng vé đã hết chỗ', request: { adt: 2, class: 'E1' }, at: new Date('2026-11-01T03:00:00Z'),
    });
    await logReservationError(gw.db, {
      agencyId: ids.get('SAOVIET')!, userId: null, source: '1A', airline: 'SQ', route: 'SGN-SIN', errorCode: 'TIMEOUT', errorMessage: 'Supplier timeout',
      at: new Date('2026-11-05T03:00:00Z'),
    });
    const list = async (user: string, query: Record<string, string> = {}) =>
      (await call(gw, 'GET', '/api/system/log-reservation-error', { token: token(user), query })).json();
    expect((await list('f1agent')).total).toBe(2);
    const f2view = await list('f2agent');
    expect(f2view.total).toBe(1);
    expect(f2view.data[0]).toMatchObject({ username: 'f2agent', agencyCode: 'SAOVIET-HN', errorCode: 'SEAT_SOLD_OUT', request: { adt: 2, class: 'E1' } });
    expect((await list('fnadmin')).total).toBe(0);
    expect((await list('f1admin', { q: 'timeout' })).data.map((e: { source: string }) => e.source)).toEqual(['1A']);
    expect((await list('f1admin', { q: 'f2agent' })).total).toBe(1);
    expect((await list('f1admin', { from: '2026-11-02', to: '2026-11-05' })).data.map((e: { source: string }) => e.source)).toEqual(['1A']);
    expect((await list('f1admin', { to: '2026-11-01' })).data.map((e: { source: string }) => e.source)).toEqual(['VJ']);
    const p = await list('f1admin', { pageSize: '1', page: '2' });
    expect(p).toEqual({ data: [expect.any(Object)], total: 2 });
    expect(p.data[0].source).toBe('VJ');
  });
});
