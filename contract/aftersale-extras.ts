/**
 * The paid extras of an issued booking (booking/edit/<screen>/{id}): upgrade-luggage (a passenger's bag on a
 * route replaced by a bigger one, the difference paid), buy-ancillary (meals, priority, lounge, insurance per
 * route and passenger, one option per groupCategory) and add-infant-vj (an infant on a VJ booking with the
 * carrier's infant fee). The requests, the answers and the pure rules of spec point 4 shared by the screens and
 * the gateway. Money is integer VND.
 */
import { z } from 'zod';
import type { PnrBaggage, PnrRecord } from './aftersale';
import type { PassengerInput } from './bookings';
import { passengerProblems, type PassengerProblem } from './bookings-rules';
import { flownOrder } from './aftersale-segments';

export const EXTRAS_API = {
  /** GET → upgradeOffer: per passenger and route the bag held and the bigger ones with the difference to pay. */
  upgradeOffer: '/api/aftersale/bookings/:id/luggage-upgrades',
  /** POST upgradeLuggageRequest → paidEditResult (PIN). */
  upgradeLuggage: '/api/aftersale/bookings/:id/luggage-upgrades',
  /** GET → ancillaryOffer: per route the carrier's options and what each passenger holds. */
  ancillaryOffer: '/api/aftersale/bookings/:id/ancillaries',
  /** POST buyAncillaryRequest → paidEditResult (PIN). */
  buyAncillary: '/api/aftersale/bookings/:id/ancillaries',
  /** GET ?pnr → vjInfantQuote: the VJ infant fee per segment. */
  vjInfantQuote: '/api/aftersale/bookings/:id/infant-vj-quote',
  /** POST addInfantVjRequest → paidEditResult (PIN). */
  addInfantVj: '/api/aftersale/bookings/:id/infant-vj',
} as const;

// ----- Luggage upgrade -----------------------------------------------------------------------------------------

/** The luggage option of edit-booking luggage (spec point 3): code, value, unit, name, price. */
export interface LuggageAncillary {
  code: string;
  value: number;
  unit: string;
  name: string;
  /** Integer VND: on an upgrade, what is paid (the difference to the bag held). */
  price: number;
}

/** Edit-booking luggage (spec point 3): paxName, paxKey, route, routeKey, ssrkey, ancillary. */
export interface EditBookingLuggage {
  paxName: string;
  /** The passenger's number in the PNR, as a string key. */
  paxKey: string;
  /** from-to of the journey, e.g. HAN-SGN. */
  route: string;
  /** The PNR and its segments of the journey, e.g. ABC123:1,2. */
  routeKey: string;
  /** The bag replaced: its XBAG code (BG20) or INCL<kg> for the fare's included allowance. */
  ssrkey: string;
  ancillary: LuggageAncillary;
}

export const routeKeyOf = (pnr: string, segIds: readonly number[]) => `${pnr}:${segIds.join(',')}`;
export const includedKey = (kg: number) => `INCL${kg}`;

/** A passenger's checked bag on a journey: bought (an XBAG) or included in the fare. */
export interface HeldBag {
  source: 'bought' | 'included';
  code: string;
  value: number;
  unit: string;
  /** What the bag is worth in the carrier's grid (what a bought bag cost; an included one: the grid's price of that weight or less). */
  worth: number;
}

/** The worth of an included allowance: the grid's price of the largest option not above its weight (0 when none). */
export function includedWorth(kg: number, catalogue: readonly LuggageAncillary[]): number {
  const fit = catalogue.filter((o) => o.unit === 'kg' && o.value <= kg).sort((a, b) => b.value - a.value)[0];
  return fit?.price ?? 0;
}

/** The bag a passenger holds on a journey: the bought one if any, else the fare's included allowance, else none. */
export function heldBag(bought: Pick<PnrBaggage, 'code' | 'value' | 'unit' | 'price'> | undefined, includedKg: number, catalogue: readonly LuggageAncillary[]): HeldBag | null {
  if (bought) return { source: 'bought', code: bought.code, value: bought.value, unit: bought.unit, worth: bought.price };
  if (includedKg > 0) return { source: 'included', code: includedKey(includedKg), value: includedKg, unit: 'kg', worth: includedWorth(includedKg, catalogue) };
  return null;
}

/**
 * The upgrades of a held bag: the catalogue's bigger bags, each priced at the difference to what the held bag is
 * worth; kept only if that difference is above 0 (spec point 4). None without a bag (that is buy-luggage).
 */
export function upgradeOptions(held: HeldBag | null, catalogue: readonly LuggageAncillary[]): LuggageAncillary[] {
  if (!held) return [];
  return catalogue
    .filter((o) => o.unit === held.unit && o.value > held.value)
    .map((o) => ({ ...o, price: o.price - held.worth }))
    .filter((o) => o.price > 0)
    .sort((a, b) => a.value - b.value);
}

/**
 * Edit-luggage selection (spec point 4): a choice replaces an entry for the same route, passenger and ssr key,
 * and is added only if its price is above 0.
 */
export function selectLuggageEdit<T extends EditBookingLuggage>(list: readonly T[], choice: T): T[] {
  const rest = list.filter((l) => !(l.routeKey === choice.routeKey && l.paxKey === choice.paxKey && l.ssrkey === choice.ssrkey));
  return choice.ancillary.price > 0 ? [...rest, choice] : rest;
}

/** Luggage upgrade selection (spec point 4): toggles per passenger and journey (on: `item`, its smallest upgrade). */
export function toggleLuggageUpgrade<T extends EditBookingLuggage>(list: readonly T[], item: T): T[] {
  const on = list.some((l) => l.paxKey === item.paxKey && l.routeKey === item.routeKey);
  return on ? list.filter((l) => !(l.paxKey === item.paxKey && l.routeKey === item.routeKey)) : selectLuggageEdit(list, item);
}

export interface UpgradeOfferItem {
  pnr: string;
  paxKey: string;
  paxName: string;
  route: string;
  routeKey: string;
  segIds: number[];
  held: HeldBag;
  /** The bigger bags, priced at the difference. */
  options: LuggageAncillary[];
}

export interface UpgradeOffer {
  items: UpgradeOfferItem[];
}

// ----- Ancillaries ---------------------------------------------------------------------------------------------

export const GROUP_CATEGORIES = ['MEAL', 'PRIORITY', 'LOUNGE', 'INSURANCE'] as const;
export type GroupCategory = (typeof GROUP_CATEGORIES)[number];

/** An ancillary option (spec point 3: each option has a value with a groupCategory). */
export interface AncillaryOption {
  /** The option's code in the carrier's catalogue. */
  key: string;
  value: {
    code: string;
    name: string;
    groupCategory: GroupCategory;
    /** Per passenger and route, integer VND. */
    price: number;
    /** The EMD's reason for issuance sub-code. */
    rfisc: string;
  };
}

/** The carrier's options on one route of the PNR (routeAncillaries of spec point 3). */
export interface RouteAncillaries {
  pnr: string;
  /** routeKeyOf(pnr, segIds) */
  routeId: string;
  route: string;
  segIds: number[];
  options: AncillaryOption[];
}

/** selectedOptions of spec point 3: per route and passenger, the options chosen. */
export interface SelectedOptions {
  options: AncillaryOption[];
  routeId: string;
  paxId: number;
  paxName: string;
  route: string;
}

/** Buy ancillary (spec point 3): data, source, selectedAncillary, selectedOptions, routeAncillaries. */
export interface BuyAncillaryState {
  data: PnrRecord | null;
  source: string;
  /** The route and passenger being chosen for. */
  selectedAncillary: { routeId: string; paxId: number } | null;
  selectedOptions: SelectedOptions[];
  routeAncillaries: RouteAncillaries[];
}

/** One option per groupCategory, the later wins (the order of the later ones kept). */
export function onePerGroup(options: readonly AncillaryOption[]): AncillaryOption[] {
  return options.filter((o, i) => !options.slice(i + 1).some((l) => l.value.groupCategory === o.value.groupCategory));
}

/**
 * Ancillary selection (spec point 4): per route and passenger, a new selection replaces the previous one, and only
 * one option per groupCategory is kept (the later wins). An empty selection removes the entry.
 */
export function selectAncillaryOptions(list: readonly SelectedOptions[], next: SelectedOptions): SelectedOptions[] {
  const rest = list.filter((s) => !(s.routeId === next.routeId && s.paxId === next.paxId));
  const options = onePerGroup(next.options);
  return options.length > 0 ? [...rest, { ...next, options }] : rest;
}

/** What a passenger holds already on a route (bought before). */
export interface PnrAncillary {
  paxId: number;
  segIds: number[];
  code: string;
  name: string;
  groupCategory: GroupCategory;
  price: number;
  emd?: string;
}

export interface AncillaryOffer {
  source: string;
  passengers: { paxId: number; paxName: string }[];
  routeAncillaries: RouteAncillaries[];
  /** Bought before, per passenger and route. */
  held: (PnrAncillary & { pnr: string; routeId: string })[];
}

/** The total of the selection, integer VND. */
export const selectionTotal = (list: readonly SelectedOptions[]) => list.reduce((s, x) => s + x.options.reduce((t, o) => t + o.value.price, 0), 0);

// ----- add-infant-vj -------------------------------------------------------------------------------------------

/** VJ carries infants from this many days old (under 2 years at the last flight, the contract's rule). */
export const VJ_INFANT_MIN_AGE_DAYS = 7;

export type VjInfantProblem = PassengerProblem | 'notVj' | 'notAdult' | 'hasInfant' | 'tooYoung';

export interface VjInfantInput {
  title: string;
  firstName: string;
  lastName: string;
  /** dd/MM/yyyy */
  birthday: string;
}

const dmy = (s: string): number | null => {
  const m = /^(\d{2})[/-](\d{2})[/-](\d{4})$/.exec(s.trim());
  return m ? Date.UTC(Number(m[3]), Number(m[2]) - 1, Number(m[1])) : null;
};

/**
 * add-infant-vj: on a VJ PNR, an infant on the lap of an adult who has none, named by the contract's name rule,
 * born on a real date and under 2 at the last flight (the contract's passenger rules), and at least
 * VJ_INFANT_MIN_AGE_DAYS days old at the first flight. Empty when fine.
 */
export function vjInfantProblems(r: Pick<PnrRecord, 'names' | 'segments' | 'airline'>, parentId: number, infant: VjInfantInput, now: Date = new Date()): VjInfantProblem[] {
  if (r.airline !== 'VJ') return ['notVj'];
  const parent = r.names.find((n) => n.paxId === parentId);
  if (!parent || parent.paxType !== 'ADT') return ['notAdult'];
  if (r.names.some((n) => n.paxType === 'INF' && n.parentId === parentId)) return ['hasInfant'];
  const order = flownOrder(r.segments);
  const last = (order.at(-1)?.departDate ?? '').slice(0, 10);
  const paxId = Math.max(0, ...r.names.map((n) => n.paxId)) + 1;
  const all = r.names.map(
    (n) => ({ paxId: n.paxId, type: n.paxType, title: n.title, firstName: n.firstName, lastName: n.lastName, birthday: n.birthDay ?? '01/01/1980', ...(n.parentId ? { parentId: n.parentId } : {}) }) as PassengerInput,
  );
  const me = { paxId, type: 'INF', title: infant.title, firstName: infant.firstName.trim(), lastName: infant.lastName.trim(), birthday: infant.birthday, parentId } as PassengerInput;
  const problems: VjInfantProblem[] = passengerProblems(me, [...all, me], last, now);
  const born = dmy(infant.birthday);
  const first = order[0]?.departDate.slice(0, 10);
  if (born !== null && first && !problems.includes('birthday')) {
    const firstDay = Date.parse(`${first}T00:00:00Z`);
    if (firstDay - born < VJ_INFANT_MIN_AGE_DAYS * 86_400_000) problems.push('tooYoung');
  }
  return problems;
}

/** The VJ infant fee of one segment: the carrier's fixed fee, its charges and VAT. */
export interface VjInfantFeePart {
  segIds: number[];
  route: string;
  fare: number;
  tax: number;
  amount: number;
}
export interface VjInfantQuote {
  parts: VjInfantFeePart[];
  total: number;
}

// ----- API -----------------------------------------------------------------------------------------------------

const idempotencyKey = z.string().uuid();
const pnr = z.string().regex(/^[A-Z0-9]{6}$/);
const paxId = z.number().int().min(1).max(99);
const routeKey = z.string().regex(/^[A-Z0-9]{6}:\d{1,2}(,\d{1,2}){0,7}$/);

export const upgradeLuggageRequest = z.object({
  idempotencyKey,
  pnr,
  items: z.array(z.object({ paxId, routeKey, ssrkey: z.string().min(1).max(20), code: z.string().min(1).max(20) })).min(1).max(40),
});
export type UpgradeLuggageRequest = z.infer<typeof upgradeLuggageRequest>;

export const buyAncillaryRequest = z.object({
  idempotencyKey,
  pnr,
  items: z.array(z.object({ paxId, routeId: routeKey, codes: z.array(z.string().min(1).max(20)).min(1).max(GROUP_CATEGORIES.length) })).min(1).max(40),
});
export type BuyAncillaryRequest = z.infer<typeof buyAncillaryRequest>;

export const vjInfantQuoteQuery = z.object({ pnr });

export const addInfantVjRequest = z.object({
  idempotencyKey,
  pnr,
  parentId: paxId,
  infant: z.object({ title: z.string().max(10), firstName: z.string().max(60), lastName: z.string().max(60), birthday: z.string().max(10) }),
});
export type AddInfantVjRequest = z.infer<typeof addInfantVjRequest>;
