import ExcelJS from 'exceljs';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RemindList, SupportDetail, SupportSummary } from '../../contract/desk';
import type { NotificationList } from '../../contract/content';
import { sendHoldReminders } from '../../gateway/desk/remind';
import { notifier } from '../../gateway/notifications/service';
import { bookingReminders, outbox, pnrs } from '../../gateway/platform/db/schema';
import { hold, type Held } from './lifecycle-helpers';
import { call, login, startGateway, type Gateway } from './helpers';

let gw: Gateway;
const tokens = new Map<string, string>();
const token = (u: string) => tokens.get(u)!;
let held: Held;

const API = '/api/desk/support-requests';
const codeOf = (res: { json: <T>() => T }) => res.json<{ code: number; data?: { reason?: string } }>();

async function upload(user: string, fileName: string, bytes: Buffer) {
  const res = await call(gw, 'POST', '/api/uploads', { token: token(user), body: { fileName, contentBase64: bytes.toString('base64'), kind: 'file' } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: string }>().id;
}

async function bell(user: string): Promise<NotificationList> {
  const res = await call(gw, 'GET', '/api/notifications', { token: token(user), headers: { 'x-language': 'en' } });
  expect(res.statusCode).toBe(200);
  return res.json<NotificationList>();
}

beforeAll(async () => {
  gw = await startGateway({ env: { SUPPLIER_LATENCY_MS: '0' } });
  for (const u of ['f1admin', 'f2admin', 'f2agent', 'member', 'fnadmin']) tokens.set(u, (await login(gw, u)).accessToken);
  held = await hold(gw, token('f2agent'), { source: 'VN', days: 20 });
});
afterAll(async () => {
  await gw?.close();
});

describe('support requests', () => {
  let id: number;
  let attachment: string;

  it('the agent opens a request about its booking with an attachment; the provider administrators’ bell rings', async () => {
    const pdf = Buffer.from('%PDF-1.4\n% a test file\n');
    attachment = await upload('f2agent', 'invoice.pdf', pdf);
    const before = (await bell('f1admin')).total;
    const res = await call(gw, 'POST', API, { token: token('f2agent'), body: { pnr: held.pnr.toLowerCase(), subject: 'Name change', body: 'Please fix the passenger name.', attachments: [attachment] } });
    expect(res.statusCode, res.body).toBe(200);
    id = res.json<{ id: number }>().id;
    const after = await bell('f1admin');
    expect(after.total).toBe(before + 1);
    expect(after.data[0]).toMatchObject({ type: 'support_request', link: `/booking/support-request?id=${id}`, read: false });
    expect(after.data[0].title).toContain(held.pnr);

    const detail = (await call(gw, 'GET', `${API}/${id}`, { token: token('f2agent') })).json<SupportDetail>();
    expect(detail).toMatchObject({ pnr: held.pnr, status: 'open', subject: 'Name change', bookingId: held.id, callerIsProvider: false, replies: 0 });
    expect(detail.messages).toHaveLength(1);
    expect(detail.messages[0]).toMatchObject({ side: 'agent', body: 'Please fix the passenger name.' });
    expect(detail.messages[0].attachments).toEqual([{ id: attachment, url: `/api/uploads/${attachment}`, fileName: 'invoice.pdf', contentType: 'application/pdf', size: pdf.length }]);
  });

  it('refuses bad input and changes nothing', async () => {
    const count = async () => (await call(gw, 'GET', API, { token: token('f2agent') })).json<{ total: number }>().total;
    const before = await count();
    const bad = await call(gw, 'POST', API, { token: token('f2agent'), body: { pnr: 'AB', subject: '', body: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(codeOf(bad).code).toBe(41);
    const unknown = await call(gw, 'POST', API, { token: token('f2agent'), body: { pnr: 'ZZZZZZ', subject: 'Hi', body: 'x' } });
    expect(unknown.statusCode).toBe(404);
    expect(codeOf(unknown).data?.reason).toBe('booking');
    // someone else's upload cannot be attached
    const foreign = await upload('f1admin', 'other.pdf', Buffer.from('%PDF-1.4\n'));
    const stolen = await call(gw, 'POST', API, { token: token('f2agent'), body: { pnr: held.pnr, subject: 'Hi', body: 'x', attachments: [foreign] } });
    expect(stolen.statusCode).toBe(404);
    expect(codeOf(stolen).data?.reason).toBe('attachment');
    const tooMany = await call(gw, 'POST', API, { token: token('f2agent'), body: { pnr: held.pnr, subject: 'Hi', body: 'x', attachments: Array(6).fill(attachment) } });
    expect(tooMany.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('a booking outside the caller’s scope: its request is 404 and cannot be opened', async () => {
    // member sees only the bookings it made itself
    expect((await call(gw, 'GET', `${API}/${id}`, { token: token('member') })).statusCode).toBe(404);
    expect((await call(gw, 'GET', API, { token: token('member') })).json<{ total: number }>().total).toBe(0);
    const res = await call(gw, 'POST', API, { token: token('member'), body: { pnr: held.pnr, subject: 'Hi', body: 'x' } });
    expect(res.statusCode).toBe(404);
    expect((await call(gw, 'POST', `${API}/${id}/replies`, { token: token('member'), body: { body: 'x' } })).statusCode).toBe(404);
  });

  it('only the provider’s ADMIN_F1 answers: others get 403 from the rule', async () => {
    for (const u of ['f2agent', 'f2admin']) {
      const res = await call(gw, 'POST', `${API}/${id}/answer`, { token: token(u), body: { body: 'I answer' } });
      expect(res.statusCode, u).toBe(403);
    }
    const detail = (await call(gw, 'GET', `${API}/${id}`, { token: token('f2agent') })).json<SupportDetail>();
    expect(detail.messages).toHaveLength(1);
    expect(detail.status).toBe('open');
  });

  it('the provider answers: status answered, the thread grows, the requester’s bell rings with a link', async () => {
    const list = (await call(gw, 'GET', API, { token: token('f1admin'), query: { status: 'open' } })).json<{ data: SupportSummary[] }>();
    expect(list.data.map((r) => r.id)).toContain(id);
    const providerView = (await call(gw, 'GET', `${API}/${id}`, { token: token('f1admin') })).json<SupportDetail>();
    expect(providerView.callerIsProvider).toBe(true);

    const before = await bell('f2agent');
    const reply = await upload('f1admin', 'fixed.pdf', Buffer.from('%PDF-1.4\n% fixed\n'));
    const res = await call(gw, 'POST', `${API}/${id}/answer`, { token: token('f1admin'), body: { body: 'Done, the name is fixed.', attachments: [reply] } });
    expect(res.statusCode, res.body).toBe(200);
    const after = await bell('f2agent');
    expect(after.unread).toBe(before.unread + 1);
    expect(after.data[0]).toMatchObject({ type: 'support_reply', link: `/booking/support-request?id=${id}`, read: false });

    const detail = (await call(gw, 'GET', `${API}/${id}`, { token: token('f2agent') })).json<SupportDetail>();
    expect(detail.status).toBe('answered');
    expect(detail.replies).toBe(1);
    expect(detail.messages.map((m) => m.side)).toEqual(['agent', 'provider']);
    expect(detail.messages[1].attachments.map((a) => a.fileName)).toEqual(['fixed.pdf']);
    expect((await call(gw, 'GET', API, { token: token('f2agent'), query: { status: 'answered', q: held.pnr } })).json<{ total: number }>().total).toBe(1);
  });

  it('the agent writes again: open again, the provider’s bell rings', async () => {
    const before = (await bell('f1admin')).total;
    const res = await call(gw, 'POST', `${API}/${id}/replies`, { token: token('f2agent'), body: { body: 'Thank you, one more thing.' } });
    expect(res.statusCode).toBe(200);
    expect((await bell('f1admin')).total).toBe(before + 1);
    expect((await call(gw, 'GET', `${API}/${id}`, { token: token('f2agent') })).json<SupportDetail>().status).toBe('open');
  });

  it('a closed request takes no message and cannot be closed twice', async () => {
    expect((await call(gw, 'POST', `${API}/${id}/close`, { token: token('f2agent'), body: {} })).statusCode).toBe(200);
    const again = await call(gw, 'POST', `${API}/${id}/close`, { token: token('f1admin'), body: {} });
    expect(again.statusCode).toBe(409);
    const answer = await call(gw, 'POST', `${API}/${id}/answer`, { token: token('f1admin'), body: { body: 'late' } });
    expect(answer.statusCode).toBe(409);
    expect(codeOf(answer).data?.reason).toBe('supportClosed');
    const detail = (await call(gw, 'GET', `${API}/${id}`, { token: token('f2agent') })).json<SupportDetail>();
    expect(detail.status).toBe('closed');
    expect(detail.messages).toHaveLength(3);
  });
});

describe('reminders', () => {
  const REM = '/api/desk/reminders';

  it('lists the hold near its time limit within the hours asked, in the caller’s scope only', async () => {
    const [row] = await gw.db.select().from(pnrs).where(eq(pnrs.bookingId, held.id));
    const hoursLeft = (row.timeLimit!.getTime() - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(0);
    const within = Math.min(168, Math.ceil(hoursLeft) + 1);
    const list = (await call(gw, 'GET', REM, { token: token('f2agent'), query: { withinHours: String(within), q: held.pnr } })).json<RemindList>();
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({ pnr: held.pnr, bookingId: held.id, kind: 'timeLimit', airline: 'VN', waitlisted: [], remindedAt: null });
    expect(list.data[0].minutesLeft).toBeGreaterThan(0);
    // a window that ends before the time limit does not list it
    if (hoursLeft > 1.5) {
      const none = (await call(gw, 'GET', REM, { token: token('f2agent'), query: { withinHours: '1', q: held.pnr } })).json<RemindList>();
      expect(none.total).toBe(0);
    }
    // outside the scope
    expect((await call(gw, 'GET', REM, { token: token('member'), query: { withinHours: '168', q: held.pnr } })).json<RemindList>().total).toBe(0);
    // the waitlist kind lists a PNR with an HL segment whatever its time limit
    expect((await call(gw, 'GET', REM, { token: token('f2agent'), query: { kind: 'waitlist', q: held.pnr } })).json<RemindList>().total).toBe(0);
    const legs = row.routeInfos as Record<string, unknown>[];
    await gw.db.update(pnrs).set({ routeInfos: legs.map((l) => ({ ...l, status: 'HL' })) }).where(eq(pnrs.id, row.id));
    const hl = (await call(gw, 'GET', REM, { token: token('f2agent'), query: { kind: 'waitlist', withinHours: '1', q: held.pnr } })).json<RemindList>();
    expect(hl.total).toBe(1);
    expect(hl.data[0].kind).toBe('waitlist');
    expect(hl.data[0].waitlisted).toHaveLength(legs.length);
    await gw.db.update(pnrs).set({ routeInfos: legs }).where(eq(pnrs.id, row.id));
    // bad filters
    expect((await call(gw, 'GET', REM, { token: token('f2agent'), query: { withinHours: '0' } })).statusCode).toBe(400);
    expect((await call(gw, 'GET', REM, { token: token('f2agent'), query: { kind: 'late' } })).statusCode).toBe(400);
  });

  it('reminds the agent once per booking and threshold: the bell and an e-mail in the outbox', async () => {
    const [row] = await gw.db.select().from(pnrs).where(eq(pnrs.bookingId, held.id));
    const limit = row.timeLimit!.getTime();
    const mails = () => gw.db.select().from(outbox).where(like(outbox.subject, `%${held.pnr}%`));
    const sent = () => gw.db.select().from(bookingReminders).where(eq(bookingReminders.bookingId, held.id));
    const before = (await bell('f2agent')).total;

    // 13 hours before: nothing due
    await sendHoldReminders(gw.db, notifier, new Date(limit - 13 * 3_600_000));
    expect(await sent()).toHaveLength(0);
    // 10 hours before: the 12 h reminder, once however often the job runs
    for (let i = 0; i < 2; i += 1) await sendHoldReminders(gw.db, notifier, new Date(limit - 10 * 3_600_000));
    expect((await sent()).map((r) => r.thresholdMinutes)).toEqual([720]);
    expect(await mails()).toHaveLength(1);
    const b = await bell('f2agent');
    expect(b.total).toBe(before + 1);
    expect(b.data[0]).toMatchObject({ type: 'booking_remind', link: `/booking/remind?q=${held.pnr}` });
    // 90 minutes before: the 2 h reminder, once
    for (let i = 0; i < 2; i += 1) await sendHoldReminders(gw.db, notifier, new Date(limit - 90 * 60_000));
    expect((await sent()).map((r) => r.thresholdMinutes).sort()).toEqual([120, 720]);
    expect(await mails()).toHaveLength(2);
    expect((await bell('f2agent')).total).toBe(before + 2);
    // past the limit: nothing
    await sendHoldReminders(gw.db, notifier, new Date(limit + 60_000));
    expect(await mails()).toHaveLength(2);
    const [mail] = await mails();
    expect(mail.toAddress).toMatch(/@/);
    expect(mail.body).toContain(held.pnr);
    const list = (await call(gw, 'GET', REM, { token: token('f2agent'), query: { withinHours: '168', q: held.pnr } })).json<RemindList>();
    expect(list.data[0].remindedAt).not.toBeNull();
  });

  it('exports the same rows as xlsx with the screen’s headers', async () => {
    const query = { withinHours: '168', q: held.pnr };
    const res = await call(gw, 'GET', `${REM}/export`, { token: token('f2agent'), query, headers: { 'x-language': 'en' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).getCell(1).value).toBe('Booking reference');
    expect(ws.rowCount).toBe(2);
    expect(ws.getRow(2).getCell(1).value).toBe(held.pnr);
    expect(ws.getRow(2).getCell(2).value).toBe('Time limit near');
    const none = await call(gw, 'GET', `${REM}/export`, { token: token('member'), query });
    const empty = new ExcelJS.Workbook();
    await empty.xlsx.load(none.rawPayload as unknown as ArrayBuffer);
    expect(empty.worksheets[0].rowCount).toBe(1);
  });

});
