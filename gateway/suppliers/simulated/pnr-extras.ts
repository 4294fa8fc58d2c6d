/**
 * The simulated carriers' paid extras after issue: a bag upgraded to a bigger one (the difference on an EMD), the
 * ancillaries each carrier sells through its own channel (meals, priority, lounge, insurance; one EMD each), and
 * the carrier's own infant fee (VJ: a fixed fee per segment, PAX_FARE_RULES). Catalogue figures are a table in
 * the shape of the carriers' published prices (domestic; international roughly twice or more).
 */
import type { PnrRecord } from '../../../contract/aftersale';
import type { AncillaryOption, GroupCategory, VjInfantQuote } from '../../../contract/aftersale-extras';
import { flownOrder } from '../../../contract/aftersale-segments';
import type { Source } from '../../../contract/flights';
import type { ExtrasEdit } from '../pnr';
import { CARRIER_CHANNELS, DEFAULT_VAT_PERCENT, isDomestic, PAX_FARE_RULES } from '../reference-data';
import { SupplierError } from '../types';
import { emdNumber } from './pnr';
import { vatOf } from './pricing';

interface CatalogueRow {
  code: string;
  groupCategory: GroupCategory;
  rfisc: string;
  vi: string;
  en: string;
  domestic: number;
  international: number;
}

const meal = (code: string, vi: string, en: string, domestic: number, international: number): CatalogueRow => ({ code, groupCategory: 'MEAL', rfisc: '0B3', vi, en, domestic, international });
const priority = (code: string, vi: string, en: string, domestic: number, international: number): CatalogueRow => ({ code, groupCategory: 'PRIORITY', rfisc: '0G6', vi, en, domestic, international });
const lounge = (code: string, vi: string, en: string, domestic: number, international: number): CatalogueRow => ({ code, groupCategory: 'LOUNGE', rfisc: '0BX', vi, en, domestic, international });
const insurance = (code: string, vi: string, en: string, domestic: number, international: number): CatalogueRow => ({ code, groupCategory: 'INSURANCE', rfisc: '0IV', vi, en, domestic, international });

/** What each carrier sells after issue through its own channel (VN serves its meals in the fare). */
export const ANCILLARY_CATALOGUES: Readonly<Record<string, readonly CatalogueRow[]>> = {
  VJ: [
    meal('HML1', 'Cơm gà xối mỡ', 'Crispy chicken rice', 55_000, 110_000),
    meal('HML2', 'Mì Ý sốt bò bằm', 'Spaghetti bolognese', 55_000, 110_000),
    meal('HML3', 'Bánh mì kèm nước uống', 'Bánh mì with a drink', 45_000, 90_000),
    priority('PRIO', 'Ưu tiên làm thủ tục và lên máy bay', 'Priority check-in and boarding', 90_000, 180_000),
    lounge('LNGE', 'Phòng chờ thương gia', 'Business lounge', 320_000, 600_000),
    insurance('SKYC', 'Bảo hiểm chuyến bay Sky Care', 'Sky Care flight insurance', 45_000, 150_000),
  ],
  QH: [
    meal('QML1', 'Suất ăn nóng Bamboo', 'Bamboo hot meal', 80_000, 150_000),
    meal('QML2', 'Suất ăn chay', 'Vegetarian meal', 80_000, 150_000),
    priority('QPRI', 'Bamboo Priority: ưu tiên thủ tục, hành lý', 'Bamboo Priority: priority check-in and bags', 120_000, 240_000),
    lounge('QLNG', 'Phòng chờ Bamboo', 'Bamboo lounge', 400_000, 750_000),
    insurance('QINS', 'Bảo hiểm du lịch', 'Travel insurance', 50_000, 160_000),
  ],
  VN: [
    priority('VPRI', 'Ưu tiên làm thủ tục (SkyPriority)', 'Priority check-in (SkyPriority)', 150_000, 300_000),
    lounge('VLNG', 'Phòng chờ Bông Sen', 'Lotus lounge', 600_000, 1_000_000),
    insurance('VINS', 'Bảo hiểm chuyến bay', 'Flight insurance', 60_000, 180_000),
  ],
  VU: [
    meal('UML1', 'Suất ăn nóng', 'Hot meal', 60_000, 120_000),
    priority('UPRI', 'Ưu tiên làm thủ tục', 'Priority check-in', 90_000, 180_000),
    insurance('UINS', 'Bảo hiểm chuyến bay', 'Flight insurance', 45_000, 150_000),
  ],
};

/** The ancillaries of a carrier on a route (none for a carrier without its own channel or catalogue). */
export function ancillaryOptions(airline: string, from: string, to: string, lang: 'vi' | 'en' = 'vi'): AncillaryOption[] {
  const rows = (CARRIER_CHANNELS as readonly string[]).includes(airline) ? (ANCILLARY_CATALOGUES[airline] ?? []) : [];
  const domestic = isDomestic(from, to);
  return rows.map((r) => ({ key: r.code, value: { code: r.code, name: r[lang], groupCategory: r.groupCategory, price: domestic ? r.domestic : r.international, rfisc: r.rfisc } }));
}

/** The carrier's fixed infant fee per segment with VAT (none for a carrier whose infants pay a share of the fare). */
export function infantFeeOf(record: PnrRecord, vatPercent = DEFAULT_VAT_PERCENT): VjInfantQuote {
  const rule = PAX_FARE_RULES[record.airline]?.inf;
  if (!rule || rule.kind !== 'fixed') return { parts: [], total: 0 };
  const parts = flownOrder(record.segments).map((s) => {
    const domestic = isDomestic(s.from, s.to);
    const fare = domestic ? rule.domestic : rule.international;
    const tax = vatOf(fare, 0, vatPercent, domestic);
    return { segIds: [s.segId], route: `${s.from}-${s.to}`, fare, tax, amount: fare + tax };
  });
  return { parts, total: parts.reduce((n, p) => n + p.amount, 0) };
}

const nextId = (list: readonly { id: number }[]) => list.reduce((m, x) => Math.max(m, x.id), 0) + 1;

function refused(source: Source, vi: string, en: string): SupplierError {
  return new SupplierError('INVALID_REQUEST', { source, vi, en });
}

/** Applies one paid extra to `r` (a copy the caller owns); the EMD numbers follow the edit's key. */
export function applyExtrasEdit(source: Source, r: PnrRecord, e: ExtrasEdit, key: string, at: string): void {
  const confirmed = (segIds: number[]) => segIds.length > 0 && segIds.every((id) => r.segments.find((s) => s.segId === id)?.status === 'HK');
  const issue = (paxId: number, segIds: number[], kind: 'luggage' | 'ancillary', rfisc: string, description: string, amount: number) => {
    const number = emdNumber(r.airline, r.pnr, `${key}|extras`, r.emds.length);
    r.emds.push({ number, paxId, segIds, rfisc, kind, description, amount, issuedAt: at });
    return number;
  };
  switch (e.type) {
    case 'upgradeBaggage': {
      const b = e.baggage;
      const p = r.names.find((n) => n.paxId === b.paxId);
      if (!p || p.paxType === 'INF') throw refused(source, 'Không thể nâng hành lý cho hành khách này.', 'The luggage of this passenger cannot be upgraded.');
      if (!confirmed(b.segIds)) throw refused(source, 'Chặng bay không còn xác nhận (HK), không thể nâng hành lý.', 'The flight segment is not confirmed (HK); the luggage cannot be upgraded.');
      const held = r.baggage.find((x) => x.paxId === b.paxId && x.segIds.join() === b.segIds.join());
      if (held && (held.code !== e.replaces || held.value >= b.value)) throw refused(source, 'Hành lý hiện tại đã thay đổi hoặc không nhỏ hơn gói mới.', 'The bag held has changed or is not smaller than the new one.');
      if (!(e.amount > 0)) throw refused(source, 'Gói nâng hạng hành lý không hợp lệ.', 'The luggage upgrade is not valid.');
      const emd = issue(b.paxId, b.segIds, 'luggage', '0CC', `${e.replaces} → ${b.value}${b.unit}`, e.amount);
      r.baggage = [...r.baggage.filter((x) => !(x.paxId === b.paxId && x.segIds.join() === b.segIds.join())), { ...b, emd }];
      r.ssrs = r.ssrs.filter((x) => !(x.code === 'XBAG' && x.paxId === b.paxId && b.segIds.includes(x.segId ?? -1)));
      r.ssrs.push({ id: nextId(r.ssrs), code: 'XBAG', paxId: b.paxId, segId: b.segIds[0], text: `${b.value}${b.unit} ${b.code}`, status: 'HK' });
      return;
    }
    case 'buyAncillary': {
      const a = e.ancillary;
      const p = r.names.find((n) => n.paxId === a.paxId);
      if (!p || p.paxType === 'INF') throw refused(source, 'Không thể mua dịch vụ cho hành khách này.', 'Services cannot be bought for this passenger.');
      if (!confirmed(a.segIds)) throw refused(source, 'Chặng bay không còn xác nhận (HK), không thể mua dịch vụ.', 'The flight segment is not confirmed (HK); no service can be bought.');
      r.ancillaries ??= [];
      if (r.ancillaries.some((x) => x.paxId === a.paxId && x.segIds.join() === a.segIds.join() && x.groupCategory === a.groupCategory)) {
        throw refused(source, 'Hành khách đã có dịch vụ cùng loại trên chặng này.', 'The passenger already has a service of this kind on this route.');
      }
      if (!(a.price > 0)) throw refused(source, 'Dịch vụ không hợp lệ.', 'The service is not valid.');
      const emd = issue(a.paxId, a.segIds, 'ancillary', e.rfisc, a.name, a.price);
      r.ancillaries.push({ ...a, emd });
      const ssr = a.groupCategory === 'MEAL' ? 'MEAL' : a.groupCategory === 'LOUNGE' ? 'LOUN' : a.groupCategory === 'PRIORITY' ? 'PRIO' : 'INSU';
      r.ssrs.push({ id: nextId(r.ssrs), code: ssr, paxId: a.paxId, segId: a.segIds[0], text: `${a.code} ${a.name}`, status: 'HK' });
      return;
    }
  }
}
