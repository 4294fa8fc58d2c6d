/**
 * Exchanges on the simulated airlines: the change conditions of a fare family (the penalty per passenger, the
 * cut-off before departure, the rule in words as the fare rules state it) and the PNR edit that reissues the
 * tickets on new flights (pure: the record after the edit, or a SupplierError that changes nothing).
 */
import { createHash } from 'node:crypto';
import type { PnrRecord, PnrSegment } from '../../../contract/aftersale';
import type { Source } from '../../../contract/flights';
import type { ChangeConditions, ChangeQuery } from '../flights';
import type { PnrEdit } from '../pnr';
import { TICKET_PREFIXES } from '../reference-data';
import { SupplierError, type Language } from '../types';
import { fareRulesOf } from './fare-rules';
import { familyOf } from './lifecycle';

/** The change conditions of the family of `fare.class` (its penalties and cut-off of the family table). */
export function changeConditionsOf(fare: ChangeQuery, lang: Language, source?: Source): ChangeConditions {
  const family = familyOf(fare.airline, fare.class, fare.fareFamily);
  if (!family) {
    throw new SupplierError('INVALID_REQUEST', { source, vi: `Không có hạng đặt chỗ ${fare.class} của hãng ${fare.airline}.`, en: `No fare family of ${fare.airline} has class ${fare.class}.` });
  }
  const penalties = fare.international ? family.penalties.international : family.penalties.domestic;
  const rules = fareRulesOf({ airline: fare.airline, class: fare.class, fareBasis: fare.class, isInternational: fare.international }, { lang }, source);
  return {
    penalty: penalties.change,
    fareFamily: lang === 'vi' ? family.nameVi : family.name,
    rule: rules.list.find((l) => l.type === 'CHANGE')?.fareRule ?? '',
    cutoffHours: family.changeCutoffHours ?? 0,
  };
}

/** A reissued ticket number: the carrier's prefix + 10 digits from the PNR, the edit's key and the passenger. */
export function reissueNumber(airline: string, pnr: string, key: string, paxId: number): string {
  const prefix = TICKET_PREFIXES[airline] ?? '999';
  const serial = createHash('sha256').update(`REISSUE|${pnr}|${key}|${paxId}`).digest().readBigUInt64BE(0) % 10_000_000_000n;
  return `${prefix}${serial.toString().padStart(10, '0')}`;
}

type ExchangeEdit = Extract<PnrEdit, { type: 'exchange' }>;

/**
 * Replaces the segments of a direction with the new flights (HK, new segment ids), their stored fares, moves
 * the bags bought to the new segments, frees the seats of the old ones, and reissues every open ticket (the old
 * one EXCHANGED, the new one OPEN with exchangedFrom). Changes `r` in place (a clone owned by applyEdits).
 */
export function applyExchange(source: Source, r: PnrRecord, e: ExchangeEdit, key: string, at: string): void {
  const old = r.segments.filter((s) => s.direction === e.direction);
  if (old.length === 0 || e.segments.length === 0) {
    throw new SupplierError('INVALID_REQUEST', { source, vi: 'Không có chặng bay này trong PNR.', en: 'No such journey in the PNR.' });
  }
  if (old.some((s) => s.status !== 'HK' && s.status !== 'TK')) {
    throw new SupplierError('INVALID_REQUEST', { source, vi: 'Chặng bay không còn xác nhận, không thể đổi vé.', en: 'The journey is not confirmed; the ticket cannot be exchanged.' });
  }
  const open = r.tickets.filter((t) => t.status === 'OPEN');
  if (open.length === 0) {
    throw new SupplierError('INVALID_REQUEST', { source, vi: 'PNR không còn vé hiệu lực để đổi.', en: 'The PNR has no open ticket to exchange.' });
  }
  const oldIds = old.map((s) => s.segId);
  const sameIds = (ids: readonly number[]) => ids.length === oldIds.length && ids.every((id, i) => id === oldIds[i]);
  let next = r.segments.reduce((m, s) => Math.max(m, s.segId), 0);
  const added: PnrSegment[] = e.segments.map((s) => ({ ...s, segId: ++next, status: 'HK', direction: e.direction }));
  const newIds = added.map((s) => s.segId);
  const order = (s: PnrSegment) => (s.direction === 'depart' ? 0 : 1);
  r.segments = [...r.segments.filter((s) => s.direction !== e.direction), ...added].sort((a, b) => order(a) - order(b) || a.departDate.localeCompare(b.departDate));
  let tstId = r.tst.reduce((m, t) => Math.max(m, t.id), 0);
  r.tst = [...r.tst.filter((t) => !sameIds(t.segIds)), ...e.tst.map((t) => ({ ...t, id: ++tstId, segIds: newIds }))];
  r.baggage = r.baggage.map((b) => (sameIds(b.segIds) ? { ...b, segIds: newIds } : b));
  r.seats = r.seats.filter((s) => !oldIds.includes(s.segId));
  r.ssrs = r.ssrs
    .filter((x) => !(x.code === 'SEAT' && x.segId !== undefined && oldIds.includes(x.segId)))
    .map((x) => (x.segId !== undefined && oldIds.includes(x.segId) ? { ...x, segId: newIds[0] } : x));
  r.tickets = [
    ...r.tickets.map((t) => (t.status === 'OPEN' ? { ...t, status: 'EXCHANGED' as const } : t)),
    ...open.map((t) => ({ paxId: t.paxId, number: reissueNumber(r.airline, r.pnr, key, t.paxId), status: 'OPEN' as const, issuedAt: at, exchangedFrom: t.number })),
  ];
}
