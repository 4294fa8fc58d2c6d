/**
 * PNR element edits (issue 15, the unpaid edit screens that change elements without new flights): passengers
 * (add-info-passenger, change-passenger-info, change-passport, change-birthday-qh, change-loyalty), contacts and
 * remarks (edit-phone, change-contact, add-remark, add-osi, add-sk, add-ca, add-pax-endorsement, add-services),
 * fares and queues (retain-quote-tst, swap-queue).
 *
 * ONE endpoint (`POST /api/aftersale/bookings/:id/elements`) takes a body discriminated by `screen`. What the
 * contract validators decide (spec points 3 and 5: names, dates, passports, phones, the remark rule) is the pure
 * `elementEditProblems`, shared by the portal's forms and the gateway; what the airline refuses (a name change
 * beyond a small correction after ticketing, a passport expiring before the flight, an unknown queue…) is the
 * supplier's answer. Only types are imported from aftersale.ts, which imports ELEMENT_SCREENS from here.
 */
import { tstAmount, tstLine } from './aftersale-pnrsync';
import { z } from 'zod';
import type { PnrRecord } from './aftersale';
import { ageAt, ageFitsType, remarkName, remarkText, titlesFor } from './bookings-rules';
import { isValidBirthDate, isValidDate, isValidEmail, isValidName, isValidPhone, parseDate } from './validators';

export const ELEMENT_API = {
  /** POST elementEditRequest → elementEditResult (any booking or ticketing right; the booking's scope). */
  edit: '/api/aftersale/bookings/:id/elements',
} as const;

// the screens and their paths, in a module of their own: the portal's plugin registration needs only these
export * from './aftersale-element-screens';
import type { ElementScreen } from './aftersale-element-screens';

/** Extra passenger information (spec point 3, paxInfos.extraInfos: code and value). */
export const PAX_INFO_CODES = ['IDCARD', 'EMAIL', 'PHONE', 'NATIONALITY', 'ADDRESS'] as const;
/** Special service requests a screen may add (meals, assistance, special handling). */
export const SSR_CODES = ['WCHR', 'WCHS', 'WCHC', 'BLND', 'DEAF', 'MEDA', 'VGML', 'MOML', 'KSML', 'CHML', 'BBML', 'DBML', 'PETC', 'UMNR'] as const;
/** Customer segments of spec point 9 (add-ca: the customer account element). */
export const CUSTOMER_SEGMENTS = ['VVIP', 'CCIP', 'CORP'] as const;

/** The passenger's own elements a screen adds to the PNR (kept beside the airline's record). */
export interface PnrPaxInfo {
  paxId: number;
  code: (typeof PAX_INFO_CODES)[number];
  value: string;
}
/** A special keyword element (SK): code, text, optionally one passenger. */
export interface PnrSk {
  id: number;
  code: string;
  text: string;
  paxId?: number;
}
/** The customer account element (CA): the customer segment and the account number. */
export interface PnrCustomerAccount {
  segment: (typeof CUSTOMER_SEGMENTS)[number];
  account: string;
}

const paxId = z.number().int().min(1).max(99);
const ddmmyyyy = z.string().trim().max(10);
/** Free text of an airline element; folded to upper-case ASCII by the gateway (remarkText). */
const elementText = z.string().trim().min(1).max(70);

const base = { idempotencyKey: z.string().uuid(), pnr: z.string().regex(/^[A-Z0-9]{6}$/) };

export const elementEditRequest = z.discriminatedUnion('screen', [
  z.object({ ...base, screen: z.literal('add-info-passenger'), paxId, code: z.enum(PAX_INFO_CODES), value: z.string().trim().min(1).max(80) }),
  z.object({ ...base, screen: z.literal('change-passenger-info'), paxId, title: z.string().min(2).max(4), firstName: z.string().trim().min(1).max(60), lastName: z.string().trim().min(1).max(60) }),
  z.object({
    ...base,
    screen: z.literal('change-passport'),
    paxId,
    docType: z.enum(['P', 'I']),
    number: z.string().trim().min(1).max(20),
    nationality: z.string().regex(/^[A-Z]{3}$/),
    issuingCountry: z.string().regex(/^[A-Z]{3}$/),
    expiry: ddmmyyyy,
    gender: z.enum(['M', 'F']),
  }),
  z.object({ ...base, screen: z.literal('change-birthday-qh'), paxId, birthDay: ddmmyyyy }),
  z.object({ ...base, screen: z.literal('change-loyalty'), paxId, airline: z.string().regex(/^[A-Z0-9]{2}$/), number: z.string().trim().min(1).max(20) }),
  z.object({ ...base, screen: z.literal('edit-phone'), paxId, phone: z.string().trim().min(1).max(15) }),
  z.object({ ...base, screen: z.literal('change-contact'), phone: z.string().trim().min(1).max(15), email: z.string().trim().max(120).optional() }),
  z.object({
    ...base,
    screen: z.literal('add-remark'),
    kind: z.enum(['RM', 'RC']),
    text: z.string().trim().max(70).optional(),
    /** A remark naming an adult and the infant or child travelling with them (spec point 5's remark rule). */
    companion: z.object({ holderId: paxId, companionId: paxId }).optional(),
  }),
  z.object({ ...base, screen: z.literal('add-osi'), airline: z.string().regex(/^[A-Z0-9]{2}$/), text: elementText }),
  z.object({ ...base, screen: z.literal('add-sk'), code: z.string().regex(/^[A-Z]{4}$/), text: elementText, paxId: paxId.optional() }),
  z.object({ ...base, screen: z.literal('add-ca'), segment: z.enum(CUSTOMER_SEGMENTS), account: z.string().trim().min(1).max(20) }),
  z.object({ ...base, screen: z.literal('add-pax-endorsement'), paxId: paxId.optional(), text: elementText }),
  z.object({ ...base, screen: z.literal('add-services'), paxId, segId: z.number().int().min(1).max(99), code: z.enum(SSR_CODES), text: z.string().trim().max(70).optional() }),
  z.object({ ...base, screen: z.literal('retain-quote-tst') }),
  z.object({ ...base, screen: z.literal('swap-queue'), office: z.string().regex(/^[A-Z0-9]{6,9}$/), queue: z.number().int().min(0).max(99), category: z.number().int().min(0).max(255) }),
]);
export type ElementEditRequest = z.infer<typeof elementEditRequest>;
/** A request without its key and PNR: what a screen's form gives. */
export type ElementEditInput = ElementEditRequest extends infer R ? (R extends unknown ? Omit<R, 'idempotencyKey' | 'pnr'> : never) : never;

export const elementEditResult = z.object({
  pnr: z.string(),
  screen: z.string(),
  /** The PNR's affected elements before and after, as text lines (what the history keeps too). */
  before: z.array(z.string()),
  after: z.array(z.string()),
  replayed: z.boolean(),
});
export type ElementEditResult = z.infer<typeof elementEditResult>;

// ----- Validation (contract validators; table-driven tests) ------------------------------------------------------

export type ElementProblem =
  | 'paxId'
  | 'segId'
  | 'infant'
  | 'title'
  | 'firstName'
  | 'lastName'
  | 'number'
  | 'expiry'
  | 'birthDay'
  | 'age'
  | 'phone'
  | 'email'
  | 'value'
  | 'text'
  | 'companion'
  | 'account';

export interface FieldProblem {
  field: string;
  problem: ElementProblem;
}

/** Airline element text: upper-case letters, digits, spaces and / . , - : ( ) once folded (remarkText). */
export const ELEMENT_TEXT_RE = /^[A-Z0-9 /.,:()-]+$/;
export const isElementText = (value: string) => ELEMENT_TEXT_RE.test(remarkText(value));

const PAX_INFO_CHECK: Record<(typeof PAX_INFO_CODES)[number], (v: string) => boolean> = {
  IDCARD: (v) => /^\d{9}(\d{3})?$/.test(v),
  EMAIL: isValidEmail,
  PHONE: isValidPhone,
  NATIONALITY: (v) => /^[A-Z]{3}$/.test(v),
  ADDRESS: (v) => v.trim().length >= 5,
};

/** The first departure of the PNR (yyyy-MM-dd), or today's date when it has no segment. */
export const firstTravelDate = (r: Pick<PnrRecord, 'segments'>, now: Date) => (r.segments[0]?.departDate ?? now.toISOString()).slice(0, 10);

/**
 * What is wrong with an element edit against the PNR as it stands (empty when fine): the passenger and segment
 * exist; names letters and spaces with a title of the passenger's type; passport or ID number 5 to 15 letters or
 * digits and its expiry a real date; a birth date real, 1900 to this year, and fitting the passenger's type at
 * the first flight; phones and e-mails by spec point 5; element texts in the airline's character set; a
 * companion remark names an adult and an infant or child (the text is then remarkName's, spec point 5).
 */
export function elementEditProblems(body: ElementEditInput, record: Pick<PnrRecord, 'names' | 'segments'>, now: Date = new Date()): FieldProblem[] {
  const out: FieldProblem[] = [];
  const add = (field: string, problem: ElementProblem) => out.push({ field, problem });
  const pax = (id: number | undefined) => (id === undefined ? undefined : record.names.find((n) => n.paxId === id));
  const needPax = (id: number | undefined) => {
    const p = pax(id);
    if (!p) add('paxId', 'paxId');
    return p;
  };
  switch (body.screen) {
    case 'add-info-passenger': {
      needPax(body.paxId);
      if (!PAX_INFO_CHECK[body.code](body.value.trim())) add('value', 'value');
      break;
    }
    case 'change-passenger-info': {
      const p = needPax(body.paxId);
      if (p && !titlesFor(p.paxType).includes(body.title)) add('title', 'title');
      if (!isValidName(body.firstName)) add('firstName', 'firstName');
      if (!isValidName(body.lastName)) add('lastName', 'lastName');
      break;
    }
    case 'change-passport': {
      needPax(body.paxId);
      if (!/^[A-Z0-9]{5,15}$/i.test(body.number.trim())) add('number', 'number');
      if (!isValidDate(body.expiry)) add('expiry', 'expiry');
      break;
    }
    case 'change-birthday-qh': {
      const p = needPax(body.paxId);
      if (!isValidBirthDate(body.birthDay, now)) add('birthDay', 'birthDay');
      else if (p) {
        const age = ageAt(body.birthDay, firstTravelDate(record, now));
        if (age === null || !ageFitsType(p.paxType, age)) add('birthDay', 'age');
      }
      break;
    }
    case 'change-loyalty': {
      const p = needPax(body.paxId);
      if (p?.paxType === 'INF') add('paxId', 'infant');
      if (!/^[A-Z0-9]{4,20}$/i.test(body.number.trim())) add('number', 'number');
      break;
    }
    case 'edit-phone':
      needPax(body.paxId);
      if (!isValidPhone(body.phone)) add('phone', 'phone');
      break;
    case 'change-contact':
      if (!isValidPhone(body.phone)) add('phone', 'phone');
      if (body.email && !isValidEmail(body.email)) add('email', 'email');
      break;
    case 'add-remark': {
      if (body.companion) {
        const holder = pax(body.companion.holderId);
        const companion = pax(body.companion.companionId);
        if (!holder || holder.paxType !== 'ADT' || !companion || companion.paxType === 'ADT') add('companion', 'companion');
      } else if (!body.text || !isElementText(body.text)) add('text', 'text');
      break;
    }
    case 'add-osi':
    case 'add-pax-endorsement':
      if (!isElementText(body.text)) add('text', 'text');
      if (body.screen === 'add-pax-endorsement' && body.paxId !== undefined) needPax(body.paxId);
      break;
    case 'add-sk':
      if (!isElementText(body.text)) add('text', 'text');
      if (body.paxId !== undefined) needPax(body.paxId);
      break;
    case 'add-ca':
      if (!/^[A-Z0-9-]{3,20}$/i.test(body.account.trim())) add('account', 'account');
      break;
    case 'add-services': {
      needPax(body.paxId);
      if (!record.segments.some((s) => s.segId === body.segId)) add('segId', 'segId');
      if (body.text && !isElementText(body.text)) add('text', 'text');
      break;
    }
    case 'retain-quote-tst':
    case 'swap-queue':
      break;
  }
  return out;
}

/** The remark text of an add-remark: the free text folded, or the companion remark of spec point 5 (remarkName). */
export function remarkOf(body: Extract<ElementEditInput, { screen: 'add-remark' }>, record: Pick<PnrRecord, 'names'>): string {
  if (!body.companion) return remarkText(body.text ?? '');
  const holder = record.names.find((n) => n.paxId === body.companion!.holderId)!;
  const companion = record.names.find((n) => n.paxId === body.companion!.companionId)!;
  const birthday = companion.birthDay && parseDate(companion.birthDay) ? companion.birthDay : undefined;
  return remarkName(holder, { ...companion, birthday }, companion.paxType === 'INF' ? 'INF' : 'CHD');
}

// ----- The affected elements (before / after, shown by the screens and kept in the history) ----------------------

/** The PNR's elements an edit screen touches, as text lines in the airline's notation. */
export function elementLines(r: PnrRecord, screen: ElementScreen): string[] {
  const name = (id: number) => {
    const n = r.names.find((x) => x.paxId === id);
    return n ? `${remarkText(n.lastName)}/${remarkText(n.firstName)} ${n.title}` : `P${id}`;
  };
  switch (screen) {
    case 'add-info-passenger':
      return (r.paxInfos ?? []).map((i) => `P${i.paxId} ${i.code} ${i.value}`);
    case 'change-passenger-info':
      return r.names.map((n) => `NM P${n.paxId} ${name(n.paxId)} (${n.paxType})`);
    case 'change-passport':
      return r.docs.map((d) => `SSR DOCS P${d.paxId} ${d.docType}/${d.issuingCountry}/${d.number}/${d.nationality}/${d.birthDay}/${d.gender}/${d.expiry}`);
    case 'change-birthday-qh':
      return r.names.map((n) => `P${n.paxId} ${name(n.paxId)} DOB ${n.birthDay ?? '—'}`);
    case 'change-loyalty':
      return r.loyalty.map((l) => `FQTV P${l.paxId} ${l.airline}${l.number}`);
    case 'edit-phone':
      return r.ssrs.filter((s) => s.code === 'CTCM').map((s) => `SSR CTCM P${s.paxId ?? ''} ${s.text}`);
    case 'change-contact':
      return r.contacts.map((c) => `${c.kind} ${c.value}`);
    case 'add-remark':
      return r.remarks.map((m) => `${m.kind} ${m.text}`);
    case 'add-osi':
      return r.osis.map((o) => `OSI ${o.airline} ${o.text}`);
    case 'add-sk':
      return (r.sks ?? []).map((s) => `SK ${s.code} ${r.airline} ${s.text}${s.paxId ? ` /P${s.paxId}` : ''}`);
    case 'add-ca':
      return r.customerAccount ? [`CA ${r.customerAccount.segment} ${r.customerAccount.account}`] : [];
    case 'add-pax-endorsement':
      return r.endorsements.map((e) => `FE ${e.paxId ? `P${e.paxId} ` : ''}${e.text}`);
    case 'add-services':
      return r.ssrs.filter((s) => (SSR_CODES as readonly string[]).includes(s.code)).map((s) => `SSR ${s.code} ${s.status} P${s.paxId ?? ''} S${s.segId ?? ''}${s.text ? ` ${s.text}` : ''}`);
    case 'retain-quote-tst':
      // pnrsync: and what the stored fares cost for the PNR's passengers
      return [...r.tst.map(tstLine), `TOTAL ${tstAmount(r)}`];
    case 'swap-queue':
      return r.queue ? [`QU ${r.queue.office}/${r.queue.queue}C${r.queue.category}`] : [];
  }
}

