import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrintInfo } from '../../contract/bookings';
import type { FlightOffer } from '../../contract/flights';
import { createUser } from '../../gateway/admin/service';
import { renderTicketPdf } from '../../gateway/bookings/print-pdf';
import { agencies, pnrs, uploads } from '../../gateway/platform/db/schema';
import { inDays, searchToEnd } from './flights-helpers';
import { call, login, startGateway, type Gateway } from './helpers';
import { pdfText } from './pdf-text';

let gw: Gateway;
const tokens = new Map<string, string>();
const token = (u: string) => tokens.get(u)!;
let id: number;
let pnr: string;
let logoId: string;
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  gw = await startGateway({ env: { SUPPLIER_LATENCY_MS: '0' } });
  const [agency] = await gw.db.select().from(agencies).where(eq(agencies.code, 'SAOVIET'));
  logoId = randomUUID();
  await gw.db.insert(uploads).values({
    id: logoId,
    agencyId: agency.id,
    kind: 'image',
    fileName: 'logo.png',
    contentType: 'image/png',
    size: PNG.length,
    sha256: createHash('sha256').update(PNG).digest('hex'),
    data: PNG,
  });
  await gw.db.update(agencies).set({ logoUploadId: logoId, facebook: 'https://facebook.com/saoviet' }).where(eq(agencies.id, agency.id));
  // sees the agency's bookings (void_view_all_ticket) and prints without the logo (hide_logo)
  await createUser(gw.db, { username: 'nologo', password: 'Test@2026x', role: 'agent_f1', agency: 'SAOVIET', permissions: ['booking_ticket', 'void_view_all_ticket', 'hide_logo'] });
  tokens.set('f1agent', (await login(gw, 'f1agent')).accessToken);
  tokens.set('nologo', (await login(gw, 'nologo', 'Test@2026x')).accessToken);
  const run = await searchToEnd(gw, token('f1agent'), { legs: [{ from: 'HAN', to: 'SGN', departDate: inDays(18) }], adt: 2, chd: 1 });
  const offer = run.offers.find((o: FlightOffer) => o.source === 'VN' && o.routeInfo.length === 1 && o.priceInfo.some((p) => p.seatAvailable >= 4))!;
  const price = offer.priceInfo.find((p) => p.seatAvailable >= 4)!;
  const res = await call(gw, 'POST', '/api/bookings', {
    token: token('f1agent'),
    body: {
      sessionId: run.started.sessionId,
      selected: [{ offerId: offer.id, class: price.class }],
      passengers: [
        { paxId: 1, type: 'ADT', title: 'MRS', firstName: 'Thị Hằng', lastName: 'Nguyễn', birthday: '02/09/1988' },
        { paxId: 2, type: 'ADT', title: 'MR', firstName: 'Đức Anh', lastName: 'Trần', birthday: '15/04/1985' },
        { paxId: 3, type: 'CHD', title: 'MISS', firstName: 'Mai', lastName: 'Trần', birthday: `01/01/${new Date().getFullYear() - 6}` },
      ],
      contact: { name: 'Nguyen Thi Hang', phone: '0912345678', email: 'hang@example.vn' },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  id = res.json<{ id: number }>().id;
  const [row] = await gw.db.select().from(pnrs).where(eq(pnrs.bookingId, id));
  pnr = row.pnr!;
}, 60_000);

afterAll(async () => {
  await gw?.close();
});

const print = (user: string, query: Record<string, string>) => call(gw, 'GET', `/api/bookings/${id}/print`, { token: token(user), query });

describe('print info (booking/print-ticket)', () => {
  it('shows one total by default, with the agency’s details, logo and an SMS', async () => {
    const res = await print('f1agent', { pnr });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json<PrintInfo>();
    expect(p).toMatchObject({
      pnrCode: pnr,
      agentName: 'Đại lý Sao Việt',
      agentPhone: '0912345678',
      hotline: '0988123456',
      address: '45 Trần Hưng Đạo, Hoàn Kiếm, Hà Nội',
      facebook: 'https://facebook.com/saoviet',
      passengerPhone: '0912345678',
      airline: 'VN',
      status: 'BOOKED',
      currency: 'VND',
      priceDisplay: 'total',
      checkTotal: true,
      logo: `/api/uploads/${logoId}`,
    });
    expect(p.amount).toBeGreaterThan(0);
    expect(p.fareData.totalPrice).toBe(p.amount);
    expect(p.fareData.fareADT).toBe(0);
    expect(p.fareData.issueFee).toBe(0);
    expect(p.listLocation).toEqual([
      { code: 'HAN', city: 'Hà Nội', name: 'Sân bay quốc tế Nội Bài' },
      { code: 'SGN', city: 'TP. Hồ Chí Minh', name: 'Sân bay quốc tế Tân Sơn Nhất' },
    ]);
    expect(p.passengers.map((x) => `${x.lastName} ${x.firstName}`)).toEqual(['NGUYỄN THỊ HẰNG', 'TRẦN ĐỨC ANH', 'TRẦN MAI']);
    expect(p.note).toContain('90 phút');
    const leg = p.routeInfos[0];
    expect(p.contentSms).toBe(
      `Ma dat cho ${pnr} (Vietnam Airlines): HAN-SGN ${leg.flightNo} ${leg.departDate.split('-').reverse().join('/')} ${leg.timeFrom}-${leg.timeTo}. ` +
        `Khach: MRS NGUYEN THI HANG, MR TRAN DUC ANH, MISS TRAN MAI. Dang giu cho den ${p.contentSms.match(/den (\d{2}:\d{2} \d{2}\/\d{2}\/\d{4})/)?.[1]}. LH: 0988123456`,
    );
  });

  it('in detail: fare, tax and VAT per type, the issue fee; none: no amount at all', async () => {
    const detail = (await print('f1agent', { pnr, price: 'detail' })).json<PrintInfo>();
    const f = detail.fareData;
    expect(f.fareADT).toBeGreaterThan(0);
    expect(f.fareCHD).toBeGreaterThan(0);
    expect(f.totalPrice).toBe(2 * (f.fareADT + f.taxADT + f.vatADT) + (f.fareCHD + f.taxCHD + f.vatCHD) + f.issueFee + f.otherFee);
    expect(detail.amount).toBe(f.totalPrice);
    const none = (await print('f1agent', { pnr, price: 'none' })).json<PrintInfo>();
    expect(none.amount).toBe(0);
    expect(none.checkTotal).toBe(false);
    expect(Object.values(none.fareData).every((v) => v === 0)).toBe(true);
  });

  it('in English when asked; without the logo for a holder of hide_logo', async () => {
    const en = (await print('f1agent', { pnr, lang: 'en' })).json<PrintInfo>();
    expect(en.contentSms).toMatch(new RegExp(`^Booking ${pnr} \\(Vietnam Airlines\\): HAN-SGN .* Passengers: MRS NGUYEN THI HANG, .* On hold until`));
    expect(en.listLocation[0]).toEqual({ code: 'HAN', city: 'Hanoi', name: 'Noi Bai International Airport' });
    expect(en.note).toContain('90 minutes');
    const hidden = await print('nologo', { pnr });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json<PrintInfo>().logo).toBe('');
  });

  it('a PNR that is not the booking’s is 404', async () => {
    expect((await print('f1agent', { pnr: 'ZZZZZ9' })).statusCode).toBe(404);
  });
});

describe('print as PDF', () => {
  it('answers a real PDF attachment named after the PNR, with its text (Vietnamese glyphs included)', async () => {
    const res = await call(gw, 'GET', `/api/bookings/${id}/print.pdf`, { token: token('f1agent'), query: { pnr, price: 'detail' } });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="ticket-${pnr}.pdf"`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toMatch(/%%EOF/);
    const src = pdf.toString('latin1');
    expect(src).toMatch(/\/Type \/Page\b/);
    expect(src).toMatch(/\/FontFile2/);
    expect(src).toMatch(/\/Subtype \/Image/); // the logo
    const text = pdfText(pdf);
    expect(text).toContain(pnr);
    expect(text).toContain('NGUYỄN THỊ HẰNG');
    expect(text).toContain('Đại lý Sao Việt');
    expect(text).toContain('HÀNH TRÌNH CHUYẾN BAY');
    expect(text).toContain('Người lớn × 2');
    expect(text).not.toContain('\uFFFD');
    expect(text).not.toContain('\u0000');
  });

  it('without prices and without the logo for hide_logo; in English', async () => {
    const res = await call(gw, 'GET', `/api/bookings/${id}/print.pdf`, { token: token('nologo'), query: { pnr, price: 'none', lang: 'en' } });
    expect(res.statusCode).toBe(200);
    const src = res.rawPayload.toString('latin1');
    expect(src).not.toMatch(/\/Subtype \/Image/);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('FLIGHT ITINERARY / E-TICKET');
    expect(text).toContain(pnr);
    expect(text).not.toMatch(/VND|Total/);
  });

  it('the renderer writes uncompressed streams on request, with the same text', async () => {
    const info = (await print('f1agent', { pnr, price: 'total' })).json<PrintInfo>();
    const plain = await renderTicketPdf(info, { lang: 'vi', compress: false });
    expect(plain.toString('latin1')).not.toMatch(/FlateDecode/);
    expect(pdfText(plain)).toMatch(new RegExp(`Mã đặt chỗ:\\s*${pnr}\\n`));
    expect(pdfText(plain)).toContain('Tổng cộng');
  });
});
