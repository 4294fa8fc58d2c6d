/** Flight offers for component tests, built and checked with the contract's schema. */
import { flightOffer, type FlightOffer } from '../../../contract/flights';

export interface FareSpec {
  class: string;
  seats: number;
  fare: number;
  tax?: number;
  vat?: number;
  cabin?: 'ECONOMY' | 'BUSINESS';
}

export interface OfferSpec {
  id: string;
  airline: string;
  source?: FlightOffer['source'];
  direction?: 'depart' | 'return';
  from?: string;
  to?: string;
  /** 'YYYY-MM-DDTHH:mm' */
  depart: string;
  minutes: number;
  stops?: number;
  fares: FareSpec[];
  combineSegment?: string;
  flightNo?: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

function addMinutes(dateTime: string, minutes: number): string {
  const d = new Date(`${dateTime}:00Z`);
  d.setUTCMinutes(d.getUTCMinutes() + minutes);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

const NAMES: Record<string, string> = { VN: 'Vietnam Airlines', VJ: 'Vietjet Air', QH: 'Bamboo Airways', VU: 'Vietravel Airlines' };

export function makeOffer(spec: OfferSpec): FlightOffer {
  const from = spec.from ?? (spec.direction === 'return' ? 'SGN' : 'HAN');
  const to = spec.to ?? (spec.direction === 'return' ? 'HAN' : 'SGN');
  const arrival = addMinutes(spec.depart, spec.minutes);
  const stops = spec.stops ?? 0;
  const segments = stops === 0
    ? [{ from, to, dep: spec.depart, arr: arrival }]
    : [{ from, to: 'DAD', dep: spec.depart, arr: addMinutes(spec.depart, 70) }, { from: 'DAD', to, dep: addMinutes(spec.depart, 120), arr: arrival }];
  return flightOffer.parse({
    id: spec.id,
    airline: spec.airline,
    source: spec.source ?? spec.airline,
    isCarrierChannel: !['1A', '1B', '1G'].includes(spec.source ?? spec.airline),
    from,
    to,
    departDateTime: spec.depart,
    arrivalDateTime: arrival,
    lowestFare: Math.min(...spec.fares.map((f) => f.fare)),
    numberOfStop: stops,
    combineSegment: spec.combineSegment ?? '',
    totalTimeDuring: spec.minutes,
    direction: spec.direction ?? 'depart',
    priceInfo: spec.fares.map((f) => ({
      class: f.class,
      seatAvailable: f.seats,
      fareADT: f.fare, taxADT: f.tax ?? 100_000, vatADT: f.vat ?? 80_000, baseFareADT: f.fare,
      fareCHD: Math.round(f.fare * 0.75), taxCHD: f.tax ?? 100_000, vatCHD: f.vat ?? 60_000,
      fareINF: Math.round(f.fare * 0.1), taxINF: 0, vatINF: 10_000,
      fareInfo: { cabinClass: f.cabin ?? 'ECONOMY', fareFamily: 'Economy Classic', fareBasis: `${f.class}XVN`, refundable: false, changeable: true },
      handBaggage: { pieces: 1, weightKg: 7, description: '1 kiện 7kg' },
      freeBaggage: { pieces: 1, weightKg: 23, description: '1 kiện 23kg' },
    })),
    routeInfo: segments.map((s, i) => ({
      carrierCode: spec.airline,
      carrierName: NAMES[spec.airline] ?? spec.airline,
      flightNo: i === 0 ? (spec.flightNo ?? `${spec.airline}${100 + Number(spec.id.replace(/\D/g, '') || 1)}`) : `${spec.airline}9${i}`,
      from: s.from,
      to: s.to,
      departDate: s.dep,
      arrivalDate: s.arr,
      flightTimeHour: 1,
      flightTimeMinute: 10,
      airCraft: 'Airbus A321',
      aircraftType: '321',
      startTerminal: '1',
      endTerminal: '1',
    })),
  });
}
