/**
 * The simulated airline's element edits of issue 15 (passenger information, names, birth dates, passenger
 * phones, SK, CA, stored fares, queue moves) and what it refuses, as a real airline would:
 *
 * - a name change beyond a small correction (more than NAME_CORRECTION_MAX letters) once tickets are issued;
 * - a birth date change on any airline but QH; a birth date that no longer fits the passenger's type;
 * - DOCS whose document expires on or before the last flight; DOCS or FQTV for a passenger not in the PNR;
 * - FQTV for an infant; an SSR twice for the same passenger and segment, or on a segment not confirmed (HK);
 * - an OSI to an airline other than the PNR's (or YY, all airlines);
 * - storing a TST while a segment is not confirmed, or with no fare to store;
 * - a queue the office does not have (KNOWN_QUEUES, categories 0–9), or moving to the queue it is already on.
 *
 * Everything is pure on the record (a clone made by applyEdits); a refusal throws and the record is not written.
 */
import type { PnrRecord } from '../../../contract/aftersale';
import { SSR_CODES } from '../../../contract/aftersale-elements';
import { remarkText } from '../../../contract/bookings';
import type { Source } from '../../../contract/flights';
import type { PnrEdit } from '../pnr';
import { SupplierError } from '../types';

/** Letters a ticketed name may change by (a spelling correction); more needs a new ticket. */
export const NAME_CORRECTION_MAX = 3;
/** The queues of the simulated offices. */
export const KNOWN_QUEUES = [0, 1, 2, 7, 8, 12, 50, 80, 95, 97] as const;
export const QUEUE_CATEGORY_MAX = 9;

function refused(source: Source, vi: string, en: string): SupplierError {
  return new SupplierError('INVALID_REQUEST', { source, vi, en });
}

/** Levenshtein distance of two names (folded to upper-case ASCII, spaces ignored). */
export function nameDistance(a: string, b: string): number {
  const x = remarkText(a).replace(/\s+/g, '');
  const y = remarkText(b).replace(/\s+/g, '');
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const cur = [i];
    for (let j = 1; j <= y.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[y.length];
}

/** yyyyMMdd of dd/MM/yyyy, dd-MM-yyyy or yyyy-MM-dd[T…]; null when unreadable. */
function dayKey(value: string): number | null {
  const dmy = /^(\d{2})[-/](\d{2})[-/](\d{4})$/.exec(value);
  if (dmy) return Number(dmy[3]) * 10000 + Number(dmy[2]) * 100 + Number(dmy[1]);
  const ymd = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return ymd ? Number(ymd[1]) * 10000 + Number(ymd[2]) * 100 + Number(ymd[3]) : null;
}

/** Whole years between two day keys. */
const yearsBetween = (from: number, to: number) => Math.floor((to - from) / 10000);

const nextId = (list: readonly { id: number }[]) => list.reduce((m, x) => Math.max(m, x.id), 0) + 1;

/** The airline's refusals of the element edits it already knew (DOCS, FQTV, SSR, OSI, queue); runs before each edit. */
export function checkElementEdit(source: Source, r: PnrRecord, e: PnrEdit): void {
  const pax = (id: number | undefined) => r.names.find((n) => n.paxId === id);
  switch (e.type) {
    case 'setDocs': {
      const expiry = dayKey(e.docs.expiry);
      const last = Math.max(...r.segments.map((s) => dayKey(s.departDate) ?? 0), 0);
      if (expiry === null || expiry <= last) {
        throw refused(source, 'Hãng từ chối DOCS: giấy tờ hết hạn trước hoặc đúng ngày bay. Vui lòng nhập giấy tờ còn hạn sau chuyến bay.', 'The airline refused the DOCS: the document expires on or before the flight. Please enter a document valid after the flight.');
      }
      return;
    }
    case 'setLoyalty':
      if (pax(e.loyalty.paxId)?.paxType === 'INF') {
        throw refused(source, 'Hãng không cấp thẻ hội viên (FQTV) cho em bé.', 'The airline gives no frequent-flyer (FQTV) entry to an infant.');
      }
      return;
    case 'addSsr': {
      if (!(SSR_CODES as readonly string[]).includes(e.ssr.code)) return;
      const seg = r.segments.find((s) => s.segId === e.ssr.segId);
      if (!pax(e.ssr.paxId) || !seg) throw refused(source, 'Không có hành khách hoặc chặng bay này trong PNR.', 'No such passenger or segment in the PNR.');
      if (seg.status !== 'HK') throw refused(source, 'Chặng bay chưa được xác nhận (HK), hãng không nhận yêu cầu dịch vụ.', 'The segment is not confirmed (HK); the airline takes no service request on it.');
      if (r.ssrs.some((s) => s.code === e.ssr.code && s.paxId === e.ssr.paxId && s.segId === e.ssr.segId)) {
        throw refused(source, `Hành khách đã có dịch vụ ${e.ssr.code} trên chặng này.`, `The passenger already has ${e.ssr.code} on this segment.`);
      }
      return;
    }
    case 'addOsi':
      if (e.airline !== r.airline && e.airline !== 'YY') {
        throw refused(source, `OSI chỉ gửi được cho hãng ${r.airline} (hoặc YY: mọi hãng).`, `An OSI can only go to ${r.airline} (or YY: every airline).`);
      }
      return;
    case 'placeQueue':
      checkQueue(source, e.queue.queue, e.queue.category);
      return;
    default:
      return;
  }
}

function checkQueue(source: Source, queue: number, category: number): void {
  if (!(KNOWN_QUEUES as readonly number[]).includes(queue) || category > QUEUE_CATEGORY_MAX) {
    throw refused(source, `Văn phòng không có hàng đợi ${queue} loại ${category}. Vui lòng chọn hàng đợi khác.`, `The office has no queue ${queue} category ${category}. Please choose another queue.`);
  }
}

export type ElementPnrEdit = Extract<PnrEdit, { type: 'setPaxInfo' | 'changeName' | 'setBirthday' | 'setPaxPhone' | 'addSk' | 'setCustomerAccount' | 'storeTst' | 'moveQueue' }>;

/** Applies one of issue 15's new element edits to the record (mutates the clone given by applyEdits). */
export function applyElementEdit(source: Source, r: PnrRecord, e: ElementPnrEdit): void {
  const pax = (id: number | undefined) => {
    const p = r.names.find((n) => n.paxId === id);
    if (!p) throw refused(source, 'Không có hành khách này trong PNR.', 'No such passenger in the PNR.');
    return p;
  };
  switch (e.type) {
    case 'setPaxInfo':
      pax(e.info.paxId);
      r.paxInfos = [...(r.paxInfos ?? []).filter((i) => !(i.paxId === e.info.paxId && i.code === e.info.code)), e.info];
      return;
    case 'changeName': {
      const p = pax(e.paxId);
      const ticketed = r.tickets.some((t) => t.paxId === e.paxId && t.status === 'OPEN');
      const changed = nameDistance(`${p.lastName} ${p.firstName}`, `${e.lastName} ${e.firstName}`);
      if (ticketed && changed > NAME_CORRECTION_MAX) {
        throw refused(
          source,
          `Vé đã xuất: hãng chỉ cho sửa tên tối đa ${NAME_CORRECTION_MAX} ký tự (yêu cầu đổi ${changed}). Muốn đổi người đi, vui lòng hoàn vé và đặt chỗ mới.`,
          `The ticket is issued: the airline only allows a name correction of up to ${NAME_CORRECTION_MAX} letters (this changes ${changed}). To change the traveller, refund and book again.`,
        );
      }
      Object.assign(p, { title: e.title, firstName: e.firstName, lastName: e.lastName });
      return;
    }
    case 'setBirthday': {
      const p = pax(e.paxId);
      if (r.airline !== 'QH') {
        throw refused(source, `Hãng ${r.airline} không cho đổi ngày sinh sau khi đặt chỗ (chỉ QH).`, `${r.airline} does not change birth dates after booking (only QH does).`);
      }
      const born = dayKey(e.birthDay);
      const first = dayKey(r.segments[0]?.departDate ?? '');
      const age = born !== null && first !== null ? yearsBetween(born, first) : -1;
      const fits = p.paxType === 'ADT' ? age >= 12 : p.paxType === 'CHD' ? age >= 2 && age <= 11 : age >= 0 && age < 2;
      if (!fits) throw refused(source, 'Ngày sinh mới không khớp loại hành khách trên vé.', 'The new birth date does not fit the passenger type of the ticket.');
      p.birthDay = e.birthDay;
      r.docs = r.docs.map((d) => (d.paxId === e.paxId ? { ...d, birthDay: e.birthDay } : d));
      return;
    }
    case 'setPaxPhone': {
      pax(e.paxId);
      const rest = r.ssrs.filter((s) => !(s.code === 'CTCM' && s.paxId === e.paxId));
      r.ssrs = [...rest, { id: nextId(r.ssrs), code: 'CTCM', paxId: e.paxId, text: e.phone, status: 'HK' }];
      return;
    }
    case 'addSk': {
      if (e.sk.paxId !== undefined) pax(e.sk.paxId);
      const list = r.sks ?? [];
      if (list.some((s) => s.code === e.sk.code && s.text === e.sk.text && s.paxId === e.sk.paxId)) {
        throw refused(source, 'PNR đã có phần tử SK này.', 'The PNR already has this SK element.');
      }
      r.sks = [...list, { ...e.sk, id: nextId(list) }];
      return;
    }
    case 'setCustomerAccount':
      r.customerAccount = e.account;
      return;
    case 'storeTst': {
      if (r.segments.some((s) => s.status !== 'HK')) {
        throw refused(source, 'Có chặng chưa xác nhận (HK): hãng không lưu được giá (TST). Vui lòng xử lý trạng thái chặng trước.', 'A segment is not confirmed (HK): the airline cannot store the fare (TST). Please settle the segment status first.');
      }
      const quote = e.tst ?? r.tst; // pnrsync: the quote priced now, else the fares stored
      if (quote.length === 0) throw refused(source, 'Không có giá nào để lưu (TST).', 'There is no fare quote to store (TST).');
      const segIds = new Set(r.segments.map((s) => s.segId));
      if (quote.some((t) => t.segIds.length === 0 || t.segIds.some((id) => !segIds.has(id)))) throw refused(source, 'Giá cần lưu không khớp hành trình của PNR.', 'The fare to store does not match the PNR’s itinerary.');
      let id = nextId(r.tst);
      r.tst = quote.map((t) => ({ ...t, id: id++ }));
      return;
    }
    case 'moveQueue':
      checkQueue(source, e.queue.queue, e.queue.category);
      if (r.queue && r.queue.office === e.queue.office && r.queue.queue === e.queue.queue && r.queue.category === e.queue.category) {
        throw refused(source, 'PNR đã nằm ở hàng đợi này.', 'The PNR is already on this queue.');
      }
      r.queue = e.queue;
      return;
  }
}
