/** How a held seat reads in the flow: "SE3 · HNO → SGO · 01/12 22:15 · Toa 5 · Giường 12, tầng dưới". */
import type { TFunction } from 'i18next';
import type { HeldSeat } from '../../../contract/trains';

export function seatPlace(t: TFunction, s: Pick<HeldSeat, 'carriageNo' | 'seatNo' | 'level'>): string {
  const place = s.level ? `${t('trains.seatMap.berth', { no: s.seatNo })}, ${t(`trains.seatMap.level.${s.level}`)}` : t('trains.seatMap.seat', { no: s.seatNo });
  return `${t('trains.carriages.no', { no: s.carriageNo })} · ${place}`;
}

export function seatTrain(s: Pick<HeldSeat, 'trainNo' | 'from' | 'to' | 'departDateTime'>): string {
  const dt = s.departDateTime;
  return `${s.trainNo} · ${s.from} → ${s.to} · ${dt.slice(8, 10)}/${dt.slice(5, 7)} ${dt.slice(11, 16)}`;
}
