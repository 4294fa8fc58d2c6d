/**
 * Fare rules by booking reference (the fare-rule dialog's "booking reference" mode): the rule of the fare a
 * PNR holds, from the supplier that sold it, one set per direction when the directions' fares differ (each
 * line then names its route). The PNR must be in the caller's booking scope (404 otherwise).
 */
import type { Language } from '../../contract/constants';
import type { FareRule } from '../../contract/flights';
import type { UserContext } from '../platform/tenancy/users';
import type { Conn } from '../platform/db/client';
import type { Suppliers } from '../suppliers';
import { pnrInScope } from './detail';
import { isInternationalPnr, type StoredFare, type StoredLeg } from './pnr-view';

export async function fareRuleOfPnr(conn: Conn, suppliers: Suppliers, ctx: UserContext, code: string, lang: Language): Promise<FareRule> {
  const { pnr } = await pnrInScope(conn, ctx, code);
  const fares = pnr.fareData as StoredFare[];
  const legs = pnr.routeInfos as StoredLeg[];
  const international = isInternationalPnr(pnr);
  const source = pnr.source as keyof Suppliers;
  const key = (f: StoredFare) => `${f.class}/${f.fareInfo.fareBasis}`;
  const distinct = new Set(fares.map(key));
  const ruleOf = (f: StoredFare) =>
    suppliers[source].fareRules({ airline: pnr.airline, class: f.class, fareBasis: f.fareInfo.fareBasis, isInternational: international }, { lang });
  if (distinct.size <= 1) return fares.length > 0 ? ruleOf(fares[0]) : { list: [], isInternational: international, isCondition: false };
  const list: FareRule['list'] = [];
  let isCondition = false;
  for (const f of fares) {
    const own = legs.filter((l) => l.direction === f.direction);
    const route = own.length ? `${own[0].from}-${own[own.length - 1].to}` : f.direction;
    const rule = ruleOf(f);
    isCondition ||= rule.isCondition;
    for (const line of rule.list) list.push({ type: line.type, fareRule: `${route}: ${line.fareRule}` });
  }
  return { list, isInternational: international, isCondition };
}
