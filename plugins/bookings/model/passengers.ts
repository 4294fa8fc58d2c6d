/**
 * The passenger form model (spec point 3 Passenger information: dataPax entries paxID, firstName, lastName,
 * type, title, birthday, passport, loyalty list, parentId; name, email, phone) and the rules of spec point 4
 * Passengers, as reducers:
 * - "Data is updated per passenger ID, or added if absent."
 * - "The first adult (ADT-1) sets the contact name as first name plus last name." (until the contact name is
 *   edited by hand: then it is the agent's);
 * - "A passenger can be emptied: ID, type and birthday are kept and the passport countries reset to VNM."
 * - "Passenger data and baggage choices can be reset." (baggage: luggage.ts RESET)
 * Decisions where the spec is silent: emptying keeps an infant attached to its adult (parentId), since an
 * infant cannot travel alone. The title is a required choice: a new or emptied passenger has none (no default
 * that would make every adult MR).
 */
import type { PassengerInput } from '../../../contract/bookings';
import { passengerProblems, type PassengerProblem, type PassportProblem } from '../../../contract/bookings-rules';
import type { PaxType } from '../../../contract/flights';
import { isValidEmail, isValidName, isValidPhone } from '../../../contract/validators';
import { emptyPassport, loyaltyProblems, loyaltyRequest, MAX_LOYALTY, passportFormProblems, passportRequest, passportTyped, type LoyaltyForm, type PassportForm } from './passport';

export interface PaxForm {
  paxId: number;
  type: PaxType;
  title: string;
  firstName: string;
  lastName: string;
  /** dd/MM/yyyy as typed */
  birthday: string;
  parentId?: number;
  passport: PassportForm;
  loyalty: LoyaltyForm[];
}

export interface ContactForm {
  name: string;
  phone: string;
  email: string;
}

export interface PassengerInfoState {
  dataPax: PaxForm[];
  contact: ContactForm;
  /** The contact name was typed by hand: the first adult no longer fills it. */
  contactNameEdited: boolean;
}

export function blankPassenger(paxId: number, type: PaxType, parentId?: number): PaxForm {
  return {
    paxId, type, title: '', firstName: '', lastName: '', birthday: '',
    ...(type === 'INF' && parentId !== undefined ? { parentId } : {}),
    passport: emptyPassport(), loyalty: [],
  };
}

/** Empty forms: adults first, then children, then infants each attached to the adult of the same rank. */
export function initialPassengers(counts: Record<PaxType, number>): PaxForm[] {
  const out: PaxForm[] = [];
  let id = 1;
  for (const type of ['ADT', 'CHD', 'INF'] as const) {
    for (let i = 0; i < counts[type]; i++) out.push(blankPassenger(id++, type, type === 'INF' ? i + 1 : undefined));
  }
  return out;
}

export function initialPassengerInfo(counts: Record<PaxType, number>): PassengerInfoState {
  return { dataPax: initialPassengers(counts), contact: { name: '', phone: '', email: '' }, contactNameEdited: false };
}

/** ADT-1: the adult with the lowest passenger id. */
export function firstAdult(list: readonly PaxForm[]): PaxForm | undefined {
  return list.filter((p) => p.type === 'ADT').sort((a, b) => a.paxId - b.paxId)[0];
}

/** First name plus last name. */
export function contactNameOf(p: Pick<PaxForm, 'firstName' | 'lastName'>): string {
  return `${p.firstName.trim()} ${p.lastName.trim()}`.trim();
}

/** The contact name follows ADT-1 unless it was edited by hand. */
function withContactName(state: PassengerInfoState): PassengerInfoState {
  if (state.contactNameEdited) return state;
  const adult = firstAdult(state.dataPax);
  const name = adult ? contactNameOf(adult) : state.contact.name;
  return name === state.contact.name ? state : { ...state, contact: { ...state.contact, name } };
}

/** Update per passenger ID, or add if absent (a new passenger needs its type). */
export function upsertPassenger(state: PassengerInfoState, patch: Partial<PaxForm> & { paxId: number }): PassengerInfoState {
  const i = state.dataPax.findIndex((p) => p.paxId === patch.paxId);
  let dataPax: PaxForm[];
  if (i >= 0) {
    dataPax = state.dataPax.map((p, k) => (k === i ? { ...p, ...patch } : p));
  } else {
    if (!patch.type) return state;
    dataPax = [...state.dataPax, { ...blankPassenger(patch.paxId, patch.type, patch.parentId), ...patch }];
  }
  return withContactName({ ...state, dataPax });
}

/** Empty a passenger: ID, type and birthday kept, passport countries back to VNM. */
export function emptyPassenger(state: PassengerInfoState, paxId: number): PassengerInfoState {
  const dataPax = state.dataPax.map((p) =>
    p.paxId === paxId ? { ...blankPassenger(p.paxId, p.type, p.parentId), birthday: p.birthday } : p,
  );
  return withContactName({ ...state, dataPax });
}

export type PassengerAction =
  | { type: 'UPDATE_PAX'; pax: Partial<PaxForm> & { paxId: number } }
  | { type: 'EMPTY_PAX'; paxId: number }
  | { type: 'SET_CONTACT'; patch: Partial<ContactForm> }
  | { type: 'ADD_LOYALTY'; paxId: number; airline: string }
  | { type: 'REMOVE_LOYALTY'; paxId: number; index: number }
  | { type: 'RESET'; counts: Record<PaxType, number> };

export function passengerReducer(state: PassengerInfoState, action: PassengerAction): PassengerInfoState {
  switch (action.type) {
    case 'UPDATE_PAX':
      return upsertPassenger(state, action.pax);
    case 'EMPTY_PAX':
      return emptyPassenger(state, action.paxId);
    case 'SET_CONTACT':
      return { ...state, contact: { ...state.contact, ...action.patch }, contactNameEdited: state.contactNameEdited || action.patch.name !== undefined };
    case 'ADD_LOYALTY': {
      const p = state.dataPax.find((x) => x.paxId === action.paxId);
      if (!p || p.loyalty.length >= MAX_LOYALTY) return state;
      return upsertPassenger(state, { paxId: p.paxId, loyalty: [...p.loyalty, { airline: action.airline, number: '' }] });
    }
    case 'REMOVE_LOYALTY': {
      const p = state.dataPax.find((x) => x.paxId === action.paxId);
      if (!p) return state;
      return upsertPassenger(state, { paxId: p.paxId, loyalty: p.loyalty.filter((_, k) => k !== action.index) });
    }
    case 'RESET':
      return initialPassengerInfo(action.counts);
    default:
      return state;
  }
}

export interface PaxProblems {
  pax: PassengerProblem[];
  passport: PassportProblem[];
  /** Per loyalty entry. */
  loyalty: Array<Array<'airline' | 'number'>>;
}

export interface Journey {
  /** yyyy-MM-dd of the first departure: the ages of the types. */
  travelDate: string;
  /** yyyy-MM-dd of the last departure: passports must expire after it. */
  lastTravelDate: string;
  requirePassport: boolean;
}

function toInput(p: PaxForm): PassengerInput {
  return { paxId: p.paxId, type: p.type, title: p.title, firstName: p.firstName.trim(), lastName: p.lastName.trim(), birthday: p.birthday, ...(p.parentId !== undefined ? { parentId: p.parentId } : {}) };
}

export function problemsOf(p: PaxForm, all: readonly PaxForm[], journey: Journey, now: Date = new Date()): PaxProblems {
  return {
    pax: passengerProblems(toInput(p), all.map(toInput), journey.travelDate, now),
    passport: passportFormProblems(p.passport, journey.requirePassport, journey.lastTravelDate, now),
    loyalty: p.loyalty.map(loyaltyProblems),
  };
}

export function hasProblems(p: PaxProblems): boolean {
  return p.pax.length > 0 || p.passport.length > 0 || p.loyalty.some((l) => l.length > 0);
}

export type ContactProblem = 'name' | 'phone' | 'email';

export function contactProblems(c: ContactForm): ContactProblem[] {
  const out: ContactProblem[] = [];
  if (!isValidName(c.name.trim())) out.push('name');
  if (!isValidPhone(c.phone.trim())) out.push('phone');
  if (!isValidEmail(c.email.trim())) out.push('email');
  return out;
}

/** The passengers of the hold request: passports when required or typed, loyalty numbers when any. */
export function passengersRequest(list: readonly PaxForm[], requirePassport: boolean): PassengerInput[] {
  return list.map((p) => ({
    ...toInput(p),
    ...(requirePassport || passportTyped(p.passport) ? { passport: passportRequest(p.passport) } : {}),
    ...(p.loyalty.length ? { loyalty: loyaltyRequest(p.loyalty) } : {}),
  }));
}

/** Digits typed into dd/MM/yyyy: the slashes come by themselves (birthday, passport dates). */
export function maskDate(raw: string): string {
  const d = raw.replace(/\D/g, '').slice(0, 8);
  if (d.length <= 2) return d;
  if (d.length <= 4) return `${d.slice(0, 2)}/${d.slice(2)}`;
  return `${d.slice(0, 2)}/${d.slice(2, 4)}/${d.slice(4)}`;
}
