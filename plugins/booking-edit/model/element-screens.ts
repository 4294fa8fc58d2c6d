/**
 * The fields of each PNR element edit screen (contract/aftersale-elements.ts): what the one configurable page
 * shows, its starting values from the PNR, and the request body the form's values make. Pure: no React.
 */
import type { PnrRecord } from '../../../contract/aftersale';
import { CUSTOMER_SEGMENTS, PAX_INFO_CODES, SSR_CODES, type ElementEditInput, type ElementScreen } from '../../../contract/aftersale-elements';
import { ADULT_TITLES, CHILD_TITLES } from '../../../contract/bookings-rules';

export type FieldKind = 'pax' | 'segment' | 'select' | 'text' | 'date' | 'number' | 'companion' | 'mode';

export interface FieldSpec {
  name: string;
  kind: FieldKind;
  /** Select options (values; labels come from locales under aftersale.elements.option.<name>.<value> when `labelled`). */
  options?: readonly string[];
  labelled?: boolean;
  /** Not required. */
  optional?: boolean;
  /** Only passengers who are not infants. */
  seated?: boolean;
  /** Shown only when this is true of the form's values. */
  when?: (values: Record<string, unknown>) => boolean;
  /** Upper-case the typed text. */
  upper?: boolean;
  maxLength?: number;
}

export interface ScreenSpec {
  fields: FieldSpec[];
  /** Starting values from the PNR (the chosen passenger's current element where there is one). */
  initial: (r: PnrRecord, paxId: number) => Record<string, unknown>;
  body: (v: Record<string, unknown>) => ElementEditInput;
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const num = (v: unknown) => Number(v);
const optNum = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : Number(v));
const pax = (r: PnrRecord, id: number) => r.names.find((n) => n.paxId === id);

const PAX: FieldSpec = { name: 'paxId', kind: 'pax' };
const TEXT: FieldSpec = { name: 'text', kind: 'text', maxLength: 70 };

export const TITLES = [...ADULT_TITLES, ...CHILD_TITLES] as const;

export const SCREENS: Record<ElementScreen, ScreenSpec> = {
  'add-info-passenger': {
    fields: [PAX, { name: 'code', kind: 'select', options: PAX_INFO_CODES, labelled: true }, { name: 'value', kind: 'text', maxLength: 80 }],
    initial: (_r, paxId) => ({ paxId, code: 'IDCARD' }),
    body: (v) => ({ screen: 'add-info-passenger', paxId: num(v.paxId), code: v.code as (typeof PAX_INFO_CODES)[number], value: str(v.value) }),
  },
  'change-passenger-info': {
    fields: [PAX, { name: 'title', kind: 'select', options: TITLES }, { name: 'lastName', kind: 'text', maxLength: 60 }, { name: 'firstName', kind: 'text', maxLength: 60 }],
    initial: (r, paxId) => ({ paxId, title: pax(r, paxId)?.title, lastName: pax(r, paxId)?.lastName, firstName: pax(r, paxId)?.firstName }),
    body: (v) => ({ screen: 'change-passenger-info', paxId: num(v.paxId), title: str(v.title), firstName: str(v.firstName), lastName: str(v.lastName) }),
  },
  'change-passport': {
    fields: [
      PAX,
      { name: 'docType', kind: 'select', options: ['P', 'I'], labelled: true },
      { name: 'number', kind: 'text', upper: true, maxLength: 15 },
      { name: 'nationality', kind: 'text', upper: true, maxLength: 3 },
      { name: 'issuingCountry', kind: 'text', upper: true, maxLength: 3 },
      { name: 'expiry', kind: 'date' },
      { name: 'gender', kind: 'select', options: ['M', 'F'], labelled: true },
    ],
    initial: (r, paxId) => {
      const d = r.docs.find((x) => x.paxId === paxId);
      const p = pax(r, paxId);
      const gender = d?.gender ?? (p && ['MR', 'MSTR'].includes(p.title) ? 'M' : 'F');
      return { paxId, docType: d?.docType ?? 'P', number: d?.number, nationality: d?.nationality || 'VNM', issuingCountry: d?.issuingCountry || 'VNM', expiry: d?.expiry, gender };
    },
    body: (v) => ({
      screen: 'change-passport',
      paxId: num(v.paxId),
      docType: v.docType === 'I' ? 'I' : 'P',
      number: str(v.number).toUpperCase(),
      nationality: str(v.nationality).toUpperCase(),
      issuingCountry: str(v.issuingCountry).toUpperCase(),
      expiry: str(v.expiry),
      gender: v.gender === 'F' ? 'F' : 'M',
    }),
  },
  'change-birthday-qh': {
    fields: [PAX, { name: 'birthDay', kind: 'date' }],
    initial: (r, paxId) => ({ paxId, birthDay: pax(r, paxId)?.birthDay }),
    body: (v) => ({ screen: 'change-birthday-qh', paxId: num(v.paxId), birthDay: str(v.birthDay) }),
  },
  'change-loyalty': {
    fields: [{ ...PAX, seated: true }, { name: 'airline', kind: 'text', upper: true, maxLength: 2 }, { name: 'number', kind: 'text', upper: true, maxLength: 20 }],
    initial: (r, paxId) => {
      const l = r.loyalty.find((x) => x.paxId === paxId);
      return { paxId, airline: l?.airline ?? r.airline, number: l?.number };
    },
    body: (v) => ({ screen: 'change-loyalty', paxId: num(v.paxId), airline: str(v.airline).toUpperCase(), number: str(v.number).toUpperCase() }),
  },
  'edit-phone': {
    fields: [PAX, { name: 'phone', kind: 'text', maxLength: 15 }],
    initial: (r, paxId) => ({ paxId, phone: r.ssrs.find((s) => s.code === 'CTCM' && s.paxId === paxId)?.text }),
    body: (v) => ({ screen: 'edit-phone', paxId: num(v.paxId), phone: str(v.phone) }),
  },
  'change-contact': {
    fields: [{ name: 'phone', kind: 'text', maxLength: 15 }, { name: 'email', kind: 'text', optional: true, maxLength: 120 }],
    initial: (r) => ({ phone: r.contacts.find((c) => c.kind === 'AP')?.value, email: r.contacts.find((c) => c.kind === 'APE')?.value }),
    body: (v) => ({ screen: 'change-contact', phone: str(v.phone), ...(str(v.email) ? { email: str(v.email) } : {}) }),
  },
  'add-remark': {
    fields: [
      { name: 'kind', kind: 'select', options: ['RM', 'RC'], labelled: true },
      { name: 'mode', kind: 'mode', options: ['text', 'companion'], labelled: true },
      { ...TEXT, when: (v) => v.mode !== 'companion' },
      { name: 'companion', kind: 'companion', when: (v) => v.mode === 'companion' },
    ],
    initial: () => ({ kind: 'RM', mode: 'text' }),
    body: (v) => {
      if (v.mode === 'companion') {
        const [holderId, companionId] = str(v.companion).split('-').map(Number);
        return { screen: 'add-remark', kind: v.kind === 'RC' ? 'RC' : 'RM', companion: { holderId, companionId } };
      }
      return { screen: 'add-remark', kind: v.kind === 'RC' ? 'RC' : 'RM', text: str(v.text) };
    },
  },
  'add-osi': {
    fields: [{ name: 'airline', kind: 'text', upper: true, maxLength: 2 }, TEXT],
    initial: (r) => ({ airline: r.airline }),
    body: (v) => ({ screen: 'add-osi', airline: str(v.airline).toUpperCase(), text: str(v.text) }),
  },
  'add-sk': {
    fields: [{ name: 'code', kind: 'text', upper: true, maxLength: 4 }, { ...PAX, optional: true }, TEXT],
    initial: () => ({}),
    body: (v) => ({ screen: 'add-sk', code: str(v.code).toUpperCase(), text: str(v.text), ...(optNum(v.paxId) ? { paxId: optNum(v.paxId) } : {}) }),
  },
  'add-ca': {
    fields: [{ name: 'segment', kind: 'select', options: CUSTOMER_SEGMENTS }, { name: 'account', kind: 'text', upper: true, maxLength: 20 }],
    initial: (r) => ({ segment: r.customerAccount?.segment ?? 'CORP', account: r.customerAccount?.account }),
    body: (v) => ({ screen: 'add-ca', segment: v.segment as (typeof CUSTOMER_SEGMENTS)[number], account: str(v.account).toUpperCase() }),
  },
  'add-pax-endorsement': {
    fields: [{ ...PAX, optional: true }, TEXT],
    initial: () => ({}),
    body: (v) => ({ screen: 'add-pax-endorsement', text: str(v.text), ...(optNum(v.paxId) ? { paxId: optNum(v.paxId) } : {}) }),
  },
  'add-services': {
    fields: [PAX, { name: 'segId', kind: 'segment' }, { name: 'code', kind: 'select', options: SSR_CODES, labelled: true }, { ...TEXT, optional: true }],
    initial: (r, paxId) => ({ paxId, segId: r.segments[0]?.segId, code: 'WCHR' }),
    body: (v) => ({ screen: 'add-services', paxId: num(v.paxId), segId: num(v.segId), code: v.code as (typeof SSR_CODES)[number], ...(str(v.text) ? { text: str(v.text) } : {}) }),
  },
  'retain-quote-tst': {
    fields: [],
    initial: () => ({}),
    body: () => ({ screen: 'retain-quote-tst' }),
  },
  'swap-queue': {
    fields: [{ name: 'office', kind: 'text', upper: true, maxLength: 9 }, { name: 'queue', kind: 'number' }, { name: 'category', kind: 'number' }],
    initial: (r) => ({ office: r.queue?.office, queue: r.queue?.queue, category: r.queue?.category ?? 0 }),
    body: (v) => ({ screen: 'swap-queue', office: str(v.office).toUpperCase(), queue: num(v.queue), category: num(v.category) }),
  },
};

/** The companion pairs of a PNR for spec point 5's remark: each adult with the infant or child travelling with them. */
export function companionPairs(r: Pick<PnrRecord, 'names'>): { holderId: number; companionId: number }[] {
  const adults = r.names.filter((n) => n.paxType === 'ADT');
  return r.names
    .filter((n) => n.paxType !== 'ADT')
    .map((c) => ({ holderId: c.parentId ?? adults[0]?.paxId ?? 0, companionId: c.paxId }))
    .filter((p) => p.holderId > 0);
}

/** The screen of an element edit route (/booking/edit/<screen>/:id), or null. */
export function screenOfPath(pathname: string, screens: readonly string[]): ElementScreen | null {
  const m = /\/booking\/edit\/([^/]+)\/[^/]+\/?$/.exec(pathname);
  return m && screens.includes(m[1]) ? (m[1] as ElementScreen) : null;
}
