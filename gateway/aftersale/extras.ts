/**
 * The paid extras of an issued booking (as14a): upgrade-luggage, buy-ancillary and add-infant-vj.
 *
 *   GET  /api/aftersale/bookings/:id/luggage-upgrades   → upgradeOffer                           open (the booking's scope)
 *   POST /api/aftersale/bookings/:id/luggage-upgrades   upgradeLuggageRequest → paidEditResult    open; PIN; paid
 *   GET  /api/aftersale/bookings/:id/ancillaries        → ancillaryOffer                         EXPORT_TICKET
 *   POST /api/aftersale/bookings/:id/ancillaries        buyAncillaryRequest → paidEditResult      EXPORT_TICKET; PIN; paid
 *   GET  /api/aftersale/bookings/:id/infant-vj-quote    ?pnr → vjInfantQuote                      EXPORT_TICKET
 *   POST /api/aftersale/bookings/:id/infant-vj          addInfantVjRequest → paidEditResult       EXPORT_TICKET; PIN; paid (VJ only)
 *
 * Prices come from the airline (its luggage grid, its ancillary catalogue, its infant fee), never from the client.
 * Each edit is one supplier call paid through payForEdit (one C entry, idempotent, reversed when the airline
 * fails) and recorded in the history and the audit log.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { bookingIdParams, paidEditResult, type AfterSaleActionState, type PaidEditResult, type PnrRecord } from '../../contract/aftersale';
import {
  addInfantVjRequest,
  buyAncillaryRequest,
  EXTRAS_API,
  heldBag,
  routeKeyOf,
  upgradeLuggageRequest,
  upgradeOptions,
  vjInfantProblems,
  vjInfantQuoteQuery,
  type AddInfantVjRequest,
  type AncillaryOffer,
  type BuyAncillaryRequest,
  type RouteAncillaries,
  type UpgradeLuggageRequest,
  type UpgradeOffer,
  type UpgradeOfferItem,
  type VjInfantQuote,
} from '../../contract/aftersale-extras';
import type { Language } from '../../contract/constants';
import { ErrorCode } from '../../contract/errors';
import type { PriceInfo } from '../../contract/flights';
import { allowed } from '../../policies/enforcer';
import { defineEndpoint } from '../platform/access/endpoint';
import { PIN_NOTE } from '../platform/access/pin';
import { authorizePaidCall } from '../platform/access/paid';
import { ApiError } from '../platform/http/errors';
import type { GatewayContext } from '../platform/module';
import { requireAuth } from '../platform/tenancy/scope';
import type { PnrEdit } from '../suppliers';
import { type Actor, conflict, editKeyHash, priorEdit, refuser, supplierFailed } from './payment';
import { dbPnrStore } from './pnr-store';
import { afterSaleBooking, isIssued, type AfterSaleBooking, type PnrRowFull } from './record';
import { ACTION_MESSAGES, departed, editablePnr, paid, recordOf, supplierOf, type AfterSaleDeps } from './services';

const REFUSALS = {
  notVj: { vi: 'Chỉ dùng cho đặt chỗ của Vietjet Air (VJ). Với đặt chỗ qua GDS hãy dùng "Thêm em bé".', en: 'Only for Vietjet Air (VJ) bookings. For GDS bookings use "Add an infant".' },
  notAdult: { vi: 'Em bé phải đi cùng một người lớn của PNR. Vui lòng chọn người lớn.', en: 'An infant must travel with an adult of the PNR. Please choose an adult.' },
  hasInfant: { vi: 'Người lớn này đã có em bé đi kèm. Vui lòng chọn người lớn khác.', en: 'This adult already has an infant. Please choose another adult.' },
  allHaveInfants: { vi: 'Mỗi người lớn đã có một em bé đi kèm.', en: 'Every adult already has an infant.' },
  noUpgrade: {
    vi: 'Không có hành lý nào nâng được: hành khách chưa có hành lý ký gửi (hãy mua hành lý trước) hoặc đã có gói lớn nhất.',
    en: 'No bag can be upgraded: the passengers have no checked bag (buy luggage first) or already have the biggest one.',
  },
  noAncillaries: { vi: 'Hãng không bán dịch vụ bổ trợ cho đặt chỗ này.', en: 'The airline sells no ancillaries for this booking.' },
  bagChanged: { vi: 'Hành lý của hành khách vừa thay đổi. Vui lòng tải lại trang và chọn lại.', en: 'The passenger’s luggage has just changed. Please reload the page and choose again.' },
  alreadyBought: { vi: 'Hành khách đã có dịch vụ cùng loại trên chặng này. Vui lòng bỏ lựa chọn đó.', en: 'The passenger already has a service of this kind on this route. Please remove that choice.' },
  noInfantFee: { vi: 'Hãng chưa báo phí em bé cho PNR này. Vui lòng thử lại sau.', en: 'The airline gave no infant fee for this PNR. Please try again later.' },
} as const satisfies Record<string, Record<Language, string>>;

type Refusal = keyof typeof REFUSALS;
const refuse = refuser(REFUSALS);

const paxNameOf = (r: PnrRecord, paxId: number) => {
  const n = r.names.find((x) => x.paxId === paxId);
  return n ? `${n.lastName} ${n.firstName}` : `#${paxId}`;
};

/** The journeys of a record: per direction its route and segments. */
function journeys(r: PnrRecord): { direction: 'depart' | 'return'; route: string; from: string; to: string; segIds: number[] }[] {
  return (['depart', 'return'] as const).flatMap((direction) => {
    const segs = r.segments.filter((s) => s.direction === direction);
    if (segs.length === 0) return [];
    const [from, to] = [segs[0].from, segs[segs.length - 1].to];
    return [{ direction, route: `${from}-${to}`, from, to, segIds: segs.map((s) => s.segId) }];
  });
}

const keyHash = editKeyHash;

async function prepare(deps: AfterSaleDeps, actor: Actor, bookingId: number, code: string) {
  const b = await afterSaleBooking(deps.db, actor.ctx, bookingId);
  const row = editablePnr(deps, b, code, actor.lang);
  return { b, row };
}

async function openRecords(deps: AfterSaleDeps, actor: Actor, b: AfterSaleBooking): Promise<{ row: PnrRowFull; record: PnrRecord }[]> {
  const rows = b.pnrs.filter((r) => isIssued(r) && !departed(deps, r));
  if (rows.length === 0) throw conflict(b.pnrs.some(isIssued) ? 'departed' : 'notIssued', actor.lang);
  return Promise.all(rows.map(async (row) => ({ row, record: await recordOf(deps, b, row, actor.lang) })));
}

// ----- upgrade-luggage -----------------------------------------------------------------------------------------

/** Per passenger and journey of a PNR: the bag held (bought, or included in the fare) and the bigger ones. */
function upgradeItems(deps: AfterSaleDeps, row: PnrRowFull, r: PnrRecord, lang: Language): UpgradeOfferItem[] {
  const fares = row.fareData as (PriceInfo & { direction: string })[];
  return journeys(r).flatMap((j) => {
    const catalogue = deps.suppliers.luggageOptions(r.airline, j.from, j.to, lang);
    const fare = fares.find((f) => f.direction === j.direction);
    const included = fare && fare.freeBaggage.pieces > 0 ? fare.freeBaggage.weightKg : 0;
    return r.names
      .filter((n) => n.paxType !== 'INF')
      .flatMap((n) => {
        const bought = r.baggage.find((x) => x.paxId === n.paxId && x.segIds.join() === j.segIds.join());
        const held = heldBag(bought, included, catalogue);
        if (!held) return [];
        return [{ pnr: r.pnr, paxKey: String(n.paxId), paxName: paxNameOf(r, n.paxId), route: j.route, routeKey: routeKeyOf(r.pnr, j.segIds), segIds: j.segIds, held, options: upgradeOptions(held, catalogue) }];
      });
  });
}

export async function upgradeOfferOf(deps: AfterSaleDeps, actor: Actor, bookingId: number): Promise<UpgradeOffer> {
  const b = await afterSaleBooking(deps.db, actor.ctx, bookingId);
  const open = await openRecords(deps, actor, b);
  return { items: open.flatMap(({ row, record }) => upgradeItems(deps, row, record, actor.lang)) };
}

export async function upgradeLuggage(deps: AfterSaleDeps, actor: Actor, bookingId: number, body: UpgradeLuggageRequest): Promise<PaidEditResult> {
  const { b, row } = await prepare(deps, actor, bookingId, body.pnr);
  const hash = keyHash(bookingId, body);
  const again = await priorEdit(deps.db, actor, { idempotencyKey: body.idempotencyKey, bodyHash: hash, bookingId });
  if (again) return again;
  const before = await recordOf(deps, b, row, actor.lang);
  const items = upgradeItems(deps, row, before, actor.lang);
  const problems: { index: number; problem: string }[] = [];
  const seen = new Set<string>();
  const edits: PnrEdit[] = [];
  let amount = 0;
  let changed = false;
  body.items.forEach((x, index) => {
    const item = items.find((i) => i.paxKey === String(x.paxId) && i.routeKey === x.routeKey);
    if (!before.names.some((n) => n.paxId === x.paxId && n.paxType !== 'INF')) return problems.push({ index, problem: 'paxId' });
    if (!item) return problems.push({ index, problem: 'noBag' });
    if (seen.has(`${x.paxId}|${x.routeKey}`)) return problems.push({ index, problem: 'duplicate' });
    seen.add(`${x.paxId}|${x.routeKey}`);
    if (item.held.code !== x.ssrkey) return (changed = true);
    const option = item.options.find((o) => o.code === x.code);
    if (!option) return problems.push({ index, problem: 'code' });
    amount += option.price;
    edits.push({
      type: 'upgradeBaggage',
      baggage: { paxId: x.paxId, segIds: item.segIds, code: option.code, value: option.value, unit: option.unit, price: option.price + item.held.worth },
      replaces: item.held.code,
      amount: option.price,
    });
  });
  if (problems.length > 0) throw new ApiError(ErrorCode.VALIDATION, { reason: 'upgrade', upgrade: problems });
  if (changed) throw refuse('bagChanged', actor.lang);
  const summary = `Nâng hạng hành lý: ${edits.map((e) => (e.type === 'upgradeBaggage' ? `HK${e.baggage.paxId} ${e.replaces} → ${e.baggage.value}${e.baggage.unit}` : '')).join(', ')}`;
  return paid(deps, actor, b, row, before, {
    kind: 'upgrade-luggage',
    key: body.idempotencyKey,
    hash,
    amount,
    summary,
    edits,
    diff: (x, y) => ({ before: x.baggage, after: y.baggage, emds: newEmds(x, y) }),
  });
}

const newEmds = (x: PnrRecord, y: PnrRecord) => y.emds.filter((m) => !x.emds.some((o) => o.number === m.number)).map((m) => m.number);

// ----- buy-ancillary -------------------------------------------------------------------------------------------

function routeAncillaries(deps: AfterSaleDeps, row: PnrRowFull, r: PnrRecord, lang: Language): RouteAncillaries[] {
  const supplier = supplierOf(deps, row);
  return journeys(r).map((j) => ({ pnr: r.pnr, routeId: routeKeyOf(r.pnr, j.segIds), route: j.route, segIds: j.segIds, options: supplier.ancillaryOptions?.(r.airline, j.from, j.to, lang) ?? [] }));
}

export async function ancillaryOfferOf(deps: AfterSaleDeps, actor: Actor, bookingId: number): Promise<AncillaryOffer> {
  const b = await afterSaleBooking(deps.db, actor.ctx, bookingId);
  const open = await openRecords(deps, actor, b);
  const routes = open.flatMap(({ row, record }) => routeAncillaries(deps, row, record, actor.lang));
  return {
    source: open[0].row.source,
    passengers: open[0].record.names.filter((n) => n.paxType !== 'INF').map((n) => ({ paxId: n.paxId, paxName: paxNameOf(open[0].record, n.paxId) })),
    routeAncillaries: routes,
    held: open.flatMap(({ record }) => (record.ancillaries ?? []).map((a) => ({ ...a, pnr: record.pnr, routeId: routeKeyOf(record.pnr, a.segIds) }))),
  };
}

export async function buyAncillary(deps: AfterSaleDeps, actor: Actor, bookingId: number, body: BuyAncillaryRequest): Promise<PaidEditResult> {
  const { b, row } = await prepare(deps, actor, bookingId, body.pnr);
  const hash = keyHash(bookingId, body);
  const again = await priorEdit(deps.db, actor, { idempotencyKey: body.idempotencyKey, bodyHash: hash, bookingId });
  if (again) return again;
  const before = await recordOf(deps, b, row, actor.lang);
  const routes = routeAncillaries(deps, row, before, actor.lang);
  const problems: { index: number; problem: string }[] = [];
  const seen = new Set<string>();
  const edits: PnrEdit[] = [];
  let amount = 0;
  let bought = false;
  body.items.forEach((x, index) => {
    const pax = before.names.find((n) => n.paxId === x.paxId);
    const route = routes.find((r) => r.routeId === x.routeId);
    if (!pax) return problems.push({ index, problem: 'paxId' });
    if (pax.paxType === 'INF') return problems.push({ index, problem: 'infant' });
    if (!route) return problems.push({ index, problem: 'route' });
    if (seen.has(`${x.paxId}|${x.routeId}`)) return problems.push({ index, problem: 'duplicate' });
    seen.add(`${x.paxId}|${x.routeId}`);
    const options = x.codes.map((c) => route.options.find((o) => o.value.code === c));
    if (options.some((o) => !o)) return problems.push({ index, problem: 'code' });
    const groups = options.map((o) => o!.value.groupCategory);
    // one option per groupCategory (the portal keeps the later one; a request with two is refused)
    if (new Set(groups).size !== groups.length) return problems.push({ index, problem: 'groupCategory' });
    const held = (before.ancillaries ?? []).filter((a) => a.paxId === x.paxId && a.segIds.join() === route.segIds.join());
    if (held.some((a) => groups.includes(a.groupCategory))) return (bought = true);
    for (const o of options) {
      const v = o!.value;
      amount += v.price;
      edits.push({ type: 'buyAncillary', ancillary: { paxId: x.paxId, segIds: route.segIds, code: v.code, name: v.name, groupCategory: v.groupCategory, price: v.price }, rfisc: v.rfisc });
    }
  });
  if (problems.length > 0) throw new ApiError(ErrorCode.VALIDATION, { reason: 'ancillary', ancillary: problems });
  if (bought) throw refuse('alreadyBought', actor.lang);
  const summary = `Mua dịch vụ bổ trợ: ${edits.map((e) => (e.type === 'buyAncillary' ? `HK${e.ancillary.paxId} ${e.ancillary.name}` : '')).join(', ')}`;
  return paid(deps, actor, b, row, before, {
    kind: 'buy-ancillary',
    key: body.idempotencyKey,
    hash,
    amount,
    summary,
    edits,
    diff: (x, y) => ({ before: x.ancillaries ?? [], after: y.ancillaries ?? [], emds: newEmds(x, y) }),
  });
}

// ----- add-infant-vj -------------------------------------------------------------------------------------------

async function infantFee(deps: AfterSaleDeps, row: PnrRowFull, lang: Language): Promise<VjInfantQuote> {
  const supplier = supplierOf(deps, row);
  let quote: VjInfantQuote | undefined;
  try {
    quote = await supplier.infantFee?.(row.pnr!, { store: dbPnrStore(deps.db) });
  } catch (err) {
    throw supplierFailed(err, lang);
  }
  if (!quote || quote.parts.length === 0 || quote.total <= 0) throw refuse('noInfantFee', lang);
  return quote;
}

function infantRefusal(record: PnrRecord, parentId: number, infant: AddInfantVjRequest['infant'], lang: Language, now: Date) {
  const problems = vjInfantProblems(record, parentId, infant, now);
  for (const r of ['notVj', 'notAdult', 'hasInfant'] as const) if (problems.includes(r)) throw refuse(r, lang);
  if (problems.length > 0) throw new ApiError(ErrorCode.VALIDATION, { reason: 'infant', infant: problems });
}

export async function vjInfantQuote(deps: AfterSaleDeps, actor: Actor, bookingId: number, q: z.infer<typeof vjInfantQuoteQuery>): Promise<VjInfantQuote> {
  const { b, row } = await prepare(deps, actor, bookingId, q.pnr);
  const record = await recordOf(deps, b, row, actor.lang);
  if (record.airline !== 'VJ') throw refuse('notVj', actor.lang);
  return infantFee(deps, row, actor.lang);
}

export async function addInfantVj(deps: AfterSaleDeps, actor: Actor, bookingId: number, body: AddInfantVjRequest): Promise<PaidEditResult> {
  const { b, row } = await prepare(deps, actor, bookingId, body.pnr);
  const hash = keyHash(bookingId, body);
  const again = await priorEdit(deps.db, actor, { idempotencyKey: body.idempotencyKey, bodyHash: hash, bookingId });
  if (again) return again;
  const record = await recordOf(deps, b, row, actor.lang);
  infantRefusal(record, body.parentId, body.infant, actor.lang, deps.now());
  const quote = await infantFee(deps, row, actor.lang);
  const i = body.infant;
  const edit: PnrEdit = {
    type: 'addInfant',
    parentId: body.parentId,
    title: i.title,
    firstName: i.firstName.trim(),
    lastName: i.lastName.trim(),
    birthDay: i.birthday,
    tst: quote.parts.map((p) => ({ segIds: p.segIds, fareBasis: 'INF', fare: p.fare, tax: p.tax })),
  };
  return paid(deps, actor, b, row, record, {
    kind: 'add-infant-vj',
    key: body.idempotencyKey,
    hash,
    amount: quote.total,
    summary: `Thêm em bé (VJ) ${i.lastName.trim()} ${i.firstName.trim()} đi cùng HK${body.parentId}`,
    edits: [edit],
    diff: (x, y) => ({ before: { names: x.names, tickets: x.tickets }, after: { names: y.names, tickets: y.tickets }, emds: [] }),
  });
}

// ----- The hub -------------------------------------------------------------------------------------------------

/** The hub's three extras: allowed now or why not, with their price range. */
export async function extrasActions(deps: AfterSaleDeps, actor: Actor, b: AfterSaleBooking, records: readonly PnrRecord[]): Promise<AfterSaleActionState[]> {
  const issued = b.pnrs.filter(isIssued);
  const openRows = issued.filter((row) => !departed(deps, row));
  const open = openRows.flatMap((row) => {
    const record = records.find((r) => r.pnr === row.pnr);
    return record ? [{ row, record }] : [];
  });
  const upgrades = open.flatMap(({ row, record }) => upgradeItems(deps, row, record, actor.lang)).flatMap((i) => i.options.map((o) => o.price));
  const ancillaries = open.flatMap(({ row, record }) => routeAncillaries(deps, row, record, actor.lang)).flatMap((r) => r.options.map((o) => o.value.price));
  const vj = open.filter(({ record }) => record.airline === 'VJ');
  const freeAdult = vj.some(({ record }) => record.names.some((n) => n.paxType === 'ADT' && !record.names.some((x) => x.paxType === 'INF' && x.parentId === n.paxId)));
  const fees: number[] = [];
  for (const { row } of vj) {
    const fee = await supplierOf(deps, row).infantFee?.(row.pnr!, { store: dbPnrStore(deps.db) }).catch(() => undefined);
    if (fee?.total) fees.push(fee.total);
  }
  const range = (prices: number[]) => (prices.length ? { priceFrom: Math.min(...prices), priceTo: Math.max(...prices) } : {});
  const own: { action: AfterSaleActionState['action']; path: string; reason?: Refusal; prices: number[] }[] = [
    { action: 'upgrade-luggage', path: EXTRAS_API.upgradeLuggage, reason: upgrades.length ? undefined : 'noUpgrade', prices: upgrades },
    { action: 'buy-ancillary', path: EXTRAS_API.buyAncillary, reason: ancillaries.length ? undefined : 'noAncillaries', prices: ancillaries },
    { action: 'add-infant-vj', path: EXTRAS_API.addInfantVj, reason: vj.length === 0 ? 'notVj' : freeAdult ? undefined : 'allHaveInfants', prices: fees },
  ];
  const out: AfterSaleActionState[] = [];
  for (const a of own) {
    const permitted = await allowed(deps.enforcer, actor.ctx.permissions, a.path, 'POST');
    const base = issued.length === 0 ? 'notIssued' : openRows.length === 0 ? 'departed' : !permitted ? 'permission' : undefined;
    const reason = base ?? a.reason;
    const message = base ? ACTION_MESSAGES[base][actor.lang] : reason ? REFUSALS[reason as Refusal][actor.lang] : undefined;
    out.push({ action: a.action, allowed: reason === undefined, ...(reason ? { reason: reason as AfterSaleActionState['reason'], message } : {}), ...range(a.prices) });
  }
  return out;
}

// ----- Routes --------------------------------------------------------------------------------------------------

const ERRORS =
  '404/44 outside the caller’s booking scope; 409/49 with data.reason and a localized data.message when the PNR’s state refuses the edit (nothing changes); ' +
  '502/80 with the airline’s message when the supplier fails — the payment made before is reversed at once (V entry).';

export function registerExtras(app: FastifyInstance, ctx: GatewayContext, deps: AfterSaleDeps): void {
  const access = ctx.access;
  const tags = ['aftersale'];
  const pinDeps = { db: ctx.db, secret: ctx.secret, cipher: ctx.access.cipher, now: () => ctx.clock.now() };
  const json = z.unknown();

  defineEndpoint(app, access, {
    method: 'GET',
    url: EXTRAS_API.upgradeOffer,
    tags,
    summary: 'Luggage upgrades of an issued booking (upgrade-luggage/{id})',
    description: `Per passenger and journey: the bag held (bought, or included in the fare) and the airline’s bigger bags, each priced at the difference to what the held bag is worth (only differences above 0). ${ERRORS}`,
    params: bookingIdParams,
    response: json,
    handler: async ({ params, auth, lang }) => upgradeOfferOf(deps, { ctx: requireAuth(auth), lang }, params.id),
  });
  defineEndpoint(app, access, {
    method: 'POST',
    url: EXTRAS_API.upgradeLuggage,
    tags,
    summary: 'Upgrade checked luggage after issue (upgrade-luggage/{id})',
    description:
      'Each item replaces the passenger’s bag on a journey (ssrkey: the bag held) by a bigger one. One C entry of the differences, an EMD per bag, the history and the audit log. ' +
      `Idempotent by idempotencyKey. 400/41 reason upgrade (paxId, noBag, duplicate, code); 409 bagChanged when the bag held is no longer ssrkey. ${ERRORS} ${PIN_NOTE}`,
    params: bookingIdParams,
    body: upgradeLuggageRequest,
    response: paidEditResult,
    handler: async ({ params, body, auth, lang, meta, request }) => {
      const user = requireAuth(auth);
      await authorizePaidCall(pinDeps, { ctx: user, lang, meta, request }, 'aftersale', body.idempotencyKey, { kind: 'upgradeLuggage', id: params.id, ...body });
      return upgradeLuggage(deps, { ctx: user, lang, meta }, params.id, body);
    },
  });
  defineEndpoint(app, access, {
    method: 'GET',
    url: EXTRAS_API.ancillaryOffer,
    tags,
    summary: 'Ancillaries on sale for an issued booking (buy-ancillary/{id})',
    description: `Per route the carrier’s options (meals, priority, lounge, insurance, each with its groupCategory and price) and what each passenger holds. ${ERRORS}`,
    params: bookingIdParams,
    response: json,
    handler: async ({ params, auth, lang }) => ancillaryOfferOf(deps, { ctx: requireAuth(auth), lang }, params.id),
  });
  defineEndpoint(app, access, {
    method: 'POST',
    url: EXTRAS_API.buyAncillary,
    tags,
    summary: 'Buy ancillaries after issue (buy-ancillary/{id})',
    description:
      'Per passenger and route the options bought, one per groupCategory. One C entry of the total, an EMD per option. Idempotent by idempotencyKey. ' +
      `400/41 reason ancillary (paxId, infant, route, duplicate, code, groupCategory); 409 alreadyBought when the passenger holds that kind on the route. ${ERRORS} ${PIN_NOTE}`,
    params: bookingIdParams,
    body: buyAncillaryRequest,
    response: paidEditResult,
    handler: async ({ params, body, auth, lang, meta, request }) => {
      const user = requireAuth(auth);
      await authorizePaidCall(pinDeps, { ctx: user, lang, meta, request }, 'aftersale', body.idempotencyKey, { kind: 'buyAncillary', id: params.id, ...body });
      return buyAncillary(deps, { ctx: user, lang, meta }, params.id, body);
    },
  });
  defineEndpoint(app, access, {
    method: 'GET',
    url: EXTRAS_API.vjInfantQuote,
    tags,
    summary: 'The VJ infant fee of a PNR (add-infant-vj/{id})',
    description: `VJ only: per segment the carrier’s infant fee and its VAT. 409 notVj. ${ERRORS}`,
    params: bookingIdParams,
    query: vjInfantQuoteQuery,
    response: json,
    handler: async ({ params, query, auth, lang }) => vjInfantQuote(deps, { ctx: requireAuth(auth), lang }, params.id, query),
  });
  defineEndpoint(app, access, {
    method: 'POST',
    url: EXTRAS_API.addInfantVj,
    tags,
    summary: 'Add an infant to an adult of a VJ PNR (add-infant-vj/{id})',
    description:
      'One C entry of the VJ infant fee; the infant’s name element, INFT and a ticket. 400/41 reason infant with the problems (title, firstName, lastName, birthday, age, tooYoung); ' +
      `409 notVj, notAdult, hasInfant. Idempotent. ${ERRORS} ${PIN_NOTE}`,
    params: bookingIdParams,
    body: addInfantVjRequest,
    response: paidEditResult,
    handler: async ({ params, body, auth, lang, meta, request }) => {
      const user = requireAuth(auth);
      await authorizePaidCall(pinDeps, { ctx: user, lang, meta, request }, 'aftersale', body.idempotencyKey, { kind: 'addInfantVj', id: params.id, ...body });
      return addInfantVj(deps, { ctx: user, lang, meta }, params.id, body);
    },
  });
}
