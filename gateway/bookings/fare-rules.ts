/**
 * GET /api/flights/fare-rules: by airline and class (flights/service.ts fareRuleOf), or by booking reference
 * (the fare-rule dialog's "booking reference" mode): the rule of the fare a PNR holds, from the supplier that
 * sold it, one set per direction when the directions' fares differ (each line then names its route). The PNR
 * must be in the caller's booking scope (404 otherwise), which is why the bookings module registers it.
 */
import type { FastifyInstance } from 'fastify';
import type { Language } from '../../contract/constants';
import { fareRule, fareRulesQuery, type FareRule, type Source } from '../../contract/flights';
import { FLIGHTS_API, fareRuleOf } from '../flights/service';
import { defineEndpoint, type AccessDeps } from '../platform/access/endpoint';
import type { UserContext } from '../platform/tenancy/users';
import type { Conn } from '../platform/db/client';
import { requireAuth } from '../platform/tenancy/scope';
import type { SupplierRegistry } from '../suppliers';
import { pnrInScope } from './detail';
import { isInternationalPnr, type StoredFare, type StoredLeg } from './pnr-view';

export async function fareRuleOfPnr(conn: Conn, suppliers: SupplierRegistry, ctx: UserContext, code: string, lang: Language): Promise<FareRule> {
  const { pnr } = await pnrInScope(conn, ctx, code);
  const fares = pnr.fareData as StoredFare[];
  const legs = pnr.routeInfos as StoredLeg[];
  const international = isInternationalPnr(pnr);
  const supplier = suppliers.flight(pnr.source as Source);
  const key = (f: StoredFare) => `${f.class}/${f.fareInfo.fareBasis}`;
  const distinct = new Set(fares.map(key));
  const ruleOf = (f: StoredFare) =>
    supplier.fareRules({ airline: pnr.airline, class: f.class, fareBasis: f.fareInfo.fareBasis, isInternational: international }, { lang });
  if (distinct.size <= 1) return fares.length > 0 ? ruleOf(fares[0]) : { list: [], isInternational: international, isCondition: false };
  const list: FareRule['list'] = [];
  let isCondition = false;
  for (const f of fares) {
    const own = legs.filter((l) => l.direction === f.direction && l.leg === f.leg);
    const route = own.length ? `${own[0].from}-${own[own.length - 1].to}` : f.direction;
    const rule = ruleOf(f);
    isCondition ||= rule.isCondition;
    for (const line of rule.list) list.push({ type: line.type, fareRule: `${route}: ${line.fareRule}` });
  }
  return { list, isInternational: international, isCondition };
}

export function registerFareRuleRoutes(app: FastifyInstance, deps: AccessDeps, suppliers: SupplierRegistry): void {
  const { db } = deps;
  defineEndpoint(app, deps, {
    method: 'GET',
    url: FLIGHTS_API.fareRules,
    tags: ['flights'],
    summary: 'Fare rules by airline and class, or by booking reference',
    description:
      'Fare conditions (change, refund, no-show, baggage) in plain words with the amounts, in the caller’s language. ' +
      'With `pnr` instead of airline + class: the rules of the fares that PNR holds (each line prefixed with its route when the ' +
      'directions’ fares differ); a PNR outside the caller’s booking scope is 404.',
    query: fareRulesQuery,
    response: fareRule,
    handler: async ({ query, lang, auth }) => {
      if (query.pnr !== undefined) return fareRuleOfPnr(db, suppliers, requireAuth(auth), query.pnr, lang);
      return fareRuleOf(suppliers, { ...query, airline: query.airline ?? '', class: query.class ?? '' }, lang);
    },
  });
}
