/**
 * Re-pricing a held PNR on the simulated airline (as14b: quote-best-price, process-price), pure functions of the
 * record: the segments of one fare component rebooked into a class (or kept) and their stored fare (TST) replaced.
 * The airline refuses it on a ticketed PNR (an exchange reissues tickets instead), on a segment not confirmed (HK)
 * and on segments that are not the PNR's; a refusal throws and changes nothing.
 *
 * `withIssuedTickets`: the PNR model and the issue are two parts of the simulated airline; a record made while the
 * PNR was held learns the tickets of its issue on the next retrieve, as a real record gets its ticket elements.
 */
import type { PnrRecord } from '../../../contract/aftersale';
import type { Source } from '../../../contract/flights';
import type { PnrEdit } from '../pnr';
import { SupplierError } from '../types';

type RepriceEdit = Extract<PnrEdit, { type: 'repriceFare' }>;

const refused = (source: Source, vi: string, en: string) => new SupplierError('INVALID_REQUEST', { source, vi, en });
const nextId = (list: readonly { id: number }[]) => list.reduce((m, x) => Math.max(m, x.id), 0) + 1;

/** Applies a repriceFare edit to `r` (a copy the caller owns). */
export function applyRepriceFare(source: Source, r: PnrRecord, e: RepriceEdit): void {
  if (r.tickets.length > 0) {
    throw refused(source, 'PNR đã xuất vé: không tính lại giá được. Hãy dùng đổi vé.', 'The PNR is ticketed: it cannot be re-priced. Use an exchange instead.');
  }
  if (e.segIds.length === 0 || e.perType.length === 0) throw refused(source, 'Yêu cầu tính giá không hợp lệ.', 'The pricing request is not valid.');
  const segs = e.segIds.map((id) => r.segments.find((s) => s.segId === id));
  if (segs.some((s) => !s)) throw refused(source, 'Không có chặng bay này trong PNR.', 'No such segment in the PNR.');
  if (segs.some((s) => s!.status !== 'HK')) {
    throw refused(source, 'Có chặng chưa xác nhận (HK): hãng không tính lại giá được.', 'A segment is not confirmed (HK): the airline cannot re-price it.');
  }
  for (const p of e.perType) {
    if (!Number.isSafeInteger(p.fare) || !Number.isSafeInteger(p.tax) || p.fare < 0 || p.tax < 0) throw refused(source, 'Giá không hợp lệ.', 'The fare is not valid.');
  }
  if (e.rebook) {
    for (const s of segs) {
      s!.class = e.rebook.class;
      s!.cabinClass = e.rebook.cabinClass;
    }
  }
  const key = [...e.segIds].sort((a, b) => a - b).join();
  const same = (ids: number[]) => [...ids].sort((a, b) => a - b).join() === key;
  const kept = r.tst.filter((t) => !same(t.segIds) && !t.segIds.some((id) => e.segIds.includes(id)));
  let id = nextId(r.tst);
  r.tst = [...kept, ...e.perType.map((p) => ({ id: id++, paxType: p.paxType, segIds: [...e.segIds], fareBasis: e.fareBasis, fare: p.fare, tax: p.tax, total: p.fare + p.tax }))];
}

/** The stored record with the tickets the gateway recorded at issue, when it has none yet (null: nothing to add). */
export function withIssuedTickets(stored: PnrRecord, seed: PnrRecord | undefined): PnrRecord | null {
  if (!seed || seed.pnr !== stored.pnr || stored.tickets.length > 0 || seed.tickets.length === 0) return null;
  return { ...stored, tickets: seed.tickets };
}
