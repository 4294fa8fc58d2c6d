/**
 * The simulated Vietnam Railways: the timetables of SE1–SE12, SE21/22, SE29/30, SNT, SPT, QB and NA (plus the
 * Hải Phòng and Lào Cai trains), carriages with the real layouts (soft seats 56/64, hard seats with extra
 * seats, 6-berth and 4-berth compartments by level, 2-berth VIP), prices per seat by class, berth level and
 * distance, and the seats the railway has sold elsewhere. Every figure is deterministic per train and date;
 * only the latency and failures are random.
 */
import { createHash } from 'node:crypto';
import { roundThousand, type TrainSeatClass } from '../../../contract/trains-rules';
import type { CarriageLayout } from '../../../contract/trains';
import type { RailCarriage, RailIssueRequest, RailIssueResult, RailRefundRequest, RailRun, RailSeat, RailStation, RailSupplier } from '../rail';
import { RAIL_STATIONS, railDistance, railStation } from '../rail-reference';
import { type Language, type SupplierCallContext, type SupplierSettings } from '../types';
import { Rand } from './random';
import { simulateNetwork, type SimulationHooks } from './supplier';

// ----- Carriages ---------------------------------------------------------------------------------------

interface CarriageKind {
  type: string;
  layout: CarriageLayout;
  seatClass: TrainSeatClass;
  capacity: number;
}

const KINDS = {
  A64L: { type: 'A64L', layout: 'seat64', seatClass: 'NGM', capacity: 64 },
  A56L: { type: 'A56L', layout: 'seat56', seatClass: 'NGM', capacity: 56 },
  NCL: { type: 'NCL', layout: 'hard80', seatClass: 'NGC', capacity: 80 },
  BnL42: { type: 'BnL42', layout: 'berth6', seatClass: 'NAC', capacity: 42 },
  AnL28: { type: 'AnL28', layout: 'berth4', seatClass: 'NAM', capacity: 28 },
  AnLv14: { type: 'AnLv14', layout: 'berth2', seatClass: 'NAM', capacity: 14 },
} as const satisfies Record<string, CarriageKind>;
type KindName = keyof typeof KINDS;

const rep = (kind: KindName, n: number): KindName[] => Array.from({ length: n }, () => kind);

const COMPOSITIONS = {
  /** SE1–SE4: 14 carriages. */
  express: [...rep('A64L', 2), 'A56L', ...rep('BnL42', 5), ...rep('AnL28', 5), 'AnLv14'],
  /** SE5–SE12, SE21/22, SE29/30: 12 carriages. */
  main: ['NCL', ...rep('A64L', 3), ...rep('BnL42', 4), ...rep('AnL28', 4)],
  /** Night trains SNT, QB, NA, SP. */
  night: ['A64L', 'A56L', ...rep('BnL42', 3), ...rep('AnL28', 4)],
  /** Day trains SPT, HP. */
  day: ['NCL', ...rep('A64L', 3), 'A56L'],
} as const satisfies Record<string, readonly KindName[]>;

// ----- Timetables --------------------------------------------------------------------------------------

interface Timetable {
  trainNo: string;
  /** Stations in running order. */
  stops: readonly string[];
  /** Departure from the origin, Vietnam time HH:mm. */
  departs: string;
  /** Average running speed, km/h. */
  speed: number;
  /** Minutes stopped at each intermediate station. */
  dwell: number;
  composition: keyof typeof COMPOSITIONS;
  /** Price factor of the train's standard. */
  factor: number;
}

const NS_SOUTH = ['HNO', 'VIN', 'DHO', 'HUE', 'DNA', 'QNG', 'DTR', 'NTR', 'TCH', 'BHO', 'SGO'] as const;
const between = (from: string, to: string): string[] => {
  const south = [...NS_SOUTH] as string[];
  const a = south.indexOf(from);
  const b = south.indexOf(to);
  return a <= b ? south.slice(a, b + 1) : south.slice(b, a + 1).reverse();
};

const se = (n: number, departs: string, speed: number, composition: Timetable['composition'], factor: number): Timetable => ({
  trainNo: `SE${n}`,
  stops: n % 2 === 1 ? between('HNO', 'SGO') : between('SGO', 'HNO'),
  departs,
  speed,
  dwell: 8,
  composition,
  factor,
});

export const TIMETABLES: readonly Timetable[] = [
  se(1, '20:35', 58, 'express', 1.1),
  se(2, '20:35', 58, 'express', 1.1),
  se(3, '19:25', 56, 'express', 1.1),
  se(4, '19:00', 56, 'express', 1.1),
  se(5, '08:50', 52, 'main', 1),
  se(6, '09:00', 52, 'main', 1),
  se(7, '06:00', 52, 'main', 1),
  se(8, '06:00', 52, 'main', 1),
  se(9, '14:20', 50, 'main', 1),
  se(10, '14:40', 50, 'main', 1),
  se(11, '16:30', 50, 'main', 1),
  se(12, '15:45', 50, 'main', 1),
  { trainNo: 'SE21', stops: between('DNA', 'SGO'), departs: '10:40', speed: 50, dwell: 8, composition: 'main', factor: 1 },
  { trainNo: 'SE22', stops: between('SGO', 'DNA'), departs: '11:50', speed: 50, dwell: 8, composition: 'main', factor: 1 },
  { trainNo: 'SE29', stops: between('DTR', 'SGO'), departs: '19:15', speed: 50, dwell: 8, composition: 'main', factor: 1 },
  { trainNo: 'SE30', stops: between('SGO', 'DTR'), departs: '20:10', speed: 50, dwell: 8, composition: 'main', factor: 1 },
  { trainNo: 'SNT1', stops: ['NTR', 'TCH', 'BHO', 'SGO'], departs: '20:00', speed: 48, dwell: 6, composition: 'night', factor: 0.95 },
  { trainNo: 'SNT2', stops: ['SGO', 'BHO', 'TCH', 'NTR'], departs: '21:00', speed: 48, dwell: 6, composition: 'night', factor: 0.95 },
  { trainNo: 'SPT1', stops: ['PTH', 'BHO', 'SGO'], departs: '13:10', speed: 45, dwell: 6, composition: 'day', factor: 0.95 },
  { trainNo: 'SPT2', stops: ['SGO', 'BHO', 'PTH'], departs: '06:40', speed: 45, dwell: 6, composition: 'day', factor: 0.95 },
  { trainNo: 'QB1', stops: ['HNO', 'VIN', 'DHO'], departs: '21:45', speed: 48, dwell: 8, composition: 'night', factor: 0.95 },
  { trainNo: 'QB2', stops: ['DHO', 'VIN', 'HNO'], departs: '19:30', speed: 48, dwell: 8, composition: 'night', factor: 0.95 },
  { trainNo: 'NA1', stops: ['HNO', 'VIN'], departs: '22:15', speed: 48, dwell: 0, composition: 'night', factor: 0.95 },
  { trainNo: 'NA2', stops: ['VIN', 'HNO'], departs: '21:20', speed: 48, dwell: 0, composition: 'night', factor: 0.95 },
  { trainNo: 'HP1', stops: ['HNO', 'HPH'], departs: '06:00', speed: 40, dwell: 0, composition: 'day', factor: 0.95 },
  { trainNo: 'HP2', stops: ['HPH', 'HNO'], departs: '18:40', speed: 40, dwell: 0, composition: 'day', factor: 0.95 },
  { trainNo: 'SP3', stops: ['HNO', 'LCA'], departs: '21:50', speed: 38, dwell: 0, composition: 'night', factor: 1 },
  { trainNo: 'SP4', stops: ['LCA', 'HNO'], departs: '20:35', speed: 38, dwell: 0, composition: 'night', factor: 1 },
];

const BY_TRAIN = new Map(TIMETABLES.map((t) => [t.trainNo, t]));

// ----- Time arithmetic (all Vietnam local) ---------------------------------------------------------------

function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Local yyyy-MM-ddTHH:mm of minutes after local midnight of a date (may run into later days). */
function localAt(date: string, minutes: number): string {
  const day = Math.floor(minutes / 1440);
  const rest = minutes - day * 1440;
  const hh = String(Math.floor(rest / 60)).padStart(2, '0');
  const mm = String(rest % 60).padStart(2, '0');
  return `${addDays(date, day)}T${hh}:${mm}`;
}

/** Minutes after the origin's departure at which the train leaves stop i (arrives `dwell` earlier). */
function offsetOf(t: Timetable, i: number): number {
  const origin = railStation(t.stops[0])!;
  const here = railStation(t.stops[i])!;
  const km = origin.line === here.line ? Math.abs(here.km - origin.km) : origin.km + here.km;
  return Math.round((km / t.speed) * 60) + i * t.dwell;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const compact = (date: string) => date.replaceAll('-', '');

// ----- Seats and prices --------------------------------------------------------------------------------

/** VND per km by seat type (100 % fare). */
const RATE_PER_KM: Record<string, number> = {
  GP: 300,
  NCL: 420,
  A64L: 600,
  A56L: 650,
  BnLT1: 950,
  BnLT2: 880,
  BnLT3: 800,
  AnLT1: 1100,
  AnLT2: 1000,
  AnLvT1: 1700,
};
const MIN_FARE = 30_000;

interface SeatShape {
  seatNo: number;
  seatType: string;
  seatClass: TrainSeatClass;
  row?: number;
  column?: number;
  compartment?: number;
  level?: RailSeat['level'];
  side?: RailSeat['side'];
}

const LEVELS6 = ['lower', 'lower', 'middle', 'middle', 'upper', 'upper'] as const;
const LEVELS4 = ['lower', 'lower', 'upper', 'upper'] as const;

/** The places of a carriage kind, in seat-number order. */
export function carriageShape(kind: CarriageKind): SeatShape[] {
  const shapes: SeatShape[] = [];
  switch (kind.layout) {
    case 'seat64':
    case 'seat56':
      for (let n = 1; n <= kind.capacity; n++) {
        shapes.push({ seatNo: n, seatType: kind.type, seatClass: 'NGM', row: Math.ceil(n / 4), column: ((n - 1) % 4) + 1 });
      }
      break;
    case 'hard80':
      for (let n = 1; n <= 72; n++) shapes.push({ seatNo: n, seatType: 'NCL', seatClass: 'NGC', row: Math.ceil(n / 4), column: ((n - 1) % 4) + 1 });
      for (let n = 73; n <= 80; n++) shapes.push({ seatNo: n, seatType: 'GP', seatClass: 'GP', row: 0, column: n - 72 });
      break;
    case 'berth6':
    case 'berth4':
    case 'berth2': {
      const per = kind.layout === 'berth6' ? 6 : kind.layout === 'berth4' ? 4 : 2;
      for (let n = 1; n <= kind.capacity; n++) {
        const i = (n - 1) % per;
        const level = per === 6 ? LEVELS6[i] : per === 4 ? LEVELS4[i] : 'lower';
        const tier = level === 'lower' ? 1 : level === 'middle' ? 2 : per === 6 ? 3 : 2;
        const seatType = per === 6 ? `BnLT${tier}` : per === 4 ? `AnLT${tier}` : 'AnLvT1';
        shapes.push({ seatNo: n, seatType, seatClass: kind.seatClass, compartment: Math.ceil(n / per), level, side: i % 2 === 0 ? 'left' : 'right' });
      }
      break;
    }
  }
  return shapes;
}

const SHAPES = new Map<string, SeatShape[]>(Object.values(KINDS).map((k) => [k.type, carriageShape(k)]));

/** The price of a seat type over a distance on a train and run date. */
export function seatPrice(seatType: string, km: number, trainNo: string, runDate: string): number {
  const t = BY_TRAIN.get(trainNo);
  const [y, m, d] = runDate.split('-').map(Number);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  const weekend = weekday === 0 || weekday === 5 || weekday === 6 ? 1.08 : 1;
  const season = new Rand('rail-price', trainNo, runDate).between(0.97, 1.03);
  return roundThousand(Math.max(MIN_FARE, (RATE_PER_KM[seatType] ?? 600) * km * (t?.factor ?? 1) * weekend * season));
}

// ----- The supplier ------------------------------------------------------------------------------------

export class SimulatedRailway implements RailSupplier {
  readonly source = 'VNR';

  constructor(
    private readonly settings: SupplierSettings,
    private readonly hooks: SimulationHooks,
  ) {}

  stations(): readonly RailStation[] {
    return RAIL_STATIONS;
  }

  async search(request: { from: string; to: string; date: string }, ctx: SupplierCallContext = {}): Promise<RailRun[]> {
    await this.respond(ctx);
    return this.runsOn(request.from, request.to, request.date);
  }

  /** The runs leaving `from` on a date (no latency). */
  runsOn(from: string, to: string, date: string): RailRun[] {
    const runs: RailRun[] = [];
    for (const t of TIMETABLES) {
      const i = t.stops.indexOf(from);
      const j = t.stops.indexOf(to);
      if (i < 0 || j < 0 || j <= i) continue;
      for (const back of [0, 1, 2]) {
        const runDate = addDays(date, -back);
        const depart = minutesOf(t.departs) + offsetOf(t, i);
        if (Math.floor(depart / 1440) !== back) continue;
        const run = this.build(t, runDate, i, j);
        if (run) runs.push(run);
      }
    }
    return runs.sort((a, b) => a.departDateTime.localeCompare(b.departDateTime));
  }

  run(trainId: string): RailRun | null {
    const m = /^([A-Z]{2,3}\d{1,2})_(\d{4})(\d{2})(\d{2})_([A-Z]{3})_([A-Z]{3})$/.exec(trainId);
    if (!m) return null;
    const date = `${m[2]}-${m[3]}-${m[4]}`;
    return this.runsOn(m[5], m[6], date).find((r) => r.trainNo === m[1]) ?? null;
  }

  private build(t: Timetable, runDate: string, i: number, j: number): RailRun | null {
    const start = minutesOf(t.departs);
    const depart = start + offsetOf(t, i);
    const arrive = start + offsetOf(t, j) - (j > 0 ? t.dwell : 0);
    const from = t.stops[i];
    const to = t.stops[j];
    const distanceKm = railDistance(from, to);
    if (distanceKm === null) return null;
    const departDateTime = localAt(runDate, depart);
    const carriages: RailCarriage[] = COMPOSITIONS[t.composition].map((k, n) => ({ carriageNo: n + 1, ...KINDS[k] }));
    return {
      trainId: `${t.trainNo}_${compact(departDateTime.slice(0, 10))}_${from}_${to}`,
      trainNo: t.trainNo,
      runDate,
      from,
      to,
      departDateTime,
      arrivalDateTime: localAt(runDate, arrive),
      timeRun: arrive - depart,
      distanceKm,
      carriages,
    };
  }

  /** Seats are deterministic per run, carriage and distance: kept once computed (a bounded cache). */
  private readonly seatCache = new Map<string, RailSeat[]>();

  seats(run: RailRun, carriageNo: number): RailSeat[] {
    const carriage = run.carriages.find((c) => c.carriageNo === carriageNo);
    if (!carriage) return [];
    const key = `${run.trainNo}|${run.runDate}|${carriageNo}|${run.distanceKm}`;
    const cached = this.seatCache.get(key);
    if (cached) return cached.map((s) => ({ ...s }));
    const occupancy = new Rand('rail-load', run.trainNo, run.runDate).between(0.2, 0.55);
    const prices = new Map<string, number>();
    const priceOf = (seatType: string) => {
      let p = prices.get(seatType);
      if (p === undefined) prices.set(seatType, (p = seatPrice(seatType, run.distanceKm, run.trainNo, run.runDate)));
      return p;
    };
    const seats = (SHAPES.get(carriage.type) ?? []).map((s) => ({
      ...s,
      price: priceOf(s.seatType),
      soldElsewhere: new Rand('rail-sold', run.trainNo, run.runDate, carriageNo, s.seatNo).chance(occupancy),
    }));
    if (this.seatCache.size >= 20_000) this.seatCache.clear();
    this.seatCache.set(key, seats);
    return seats.map((s) => ({ ...s }));
  }

  async issue(request: RailIssueRequest, ctx: SupplierCallContext = {}): Promise<RailIssueResult> {
    await this.respond(ctx);
    return {
      tickets: request.tickets.map((t) => {
        const digest = createHash('sha256').update(`${request.idempotencyKey}|${t.ticketId}`).digest();
        return { ticketId: t.ticketId, ticketNumber: `VNR${String(digest.readUInt32BE(0) % 10_000_000_000).padStart(10, '0')}` };
      }),
    };
  }

  async refund(_request: RailRefundRequest, ctx: SupplierCallContext = {}): Promise<{ refunded: true }> {
    await this.respond(ctx);
    return { refunded: true };
  }

  refundRules(lang: Language): string[] {
    return lang === 'vi'
      ? [
          'Vé cá nhân: trả vé từ 24 giờ trở lên trước giờ tàu chạy, phí 10 % giá vé; từ 4 đến dưới 24 giờ, phí 20 %; dưới 4 giờ không được trả vé.',
          'Vé tập thể: từ 72 giờ trở lên, phí 10 %; từ 24 đến dưới 72 giờ, phí 20 %; dưới 24 giờ không được trả vé.',
          'Phí trả vé tối thiểu 10.000 VND mỗi vé. Phí đặt vé và dịch vụ đã dùng không được hoàn.',
        ]
      : [
          'Individual tickets: refunded 24 hours or more before departure with a 10 % fee; 4 to 24 hours before, 20 %; under 4 hours, no refund.',
          'Group tickets: 72 hours or more before, 10 %; 24 to 72 hours before, 20 %; under 24 hours, no refund.',
          'The refund fee is at least 10,000 VND per ticket. The booking fee is not refunded.',
        ];
  }

  /** The simulated network: waits the latency, then fails with the configured probability. */
  private respond(ctx: SupplierCallContext): Promise<void> {
    const railway = { vi: 'Hệ thống bán vé đường sắt', en: 'The railway ticketing system' };
    return simulateNetwork(this.settings, this.hooks, ctx, {
      cancelled: { vi: `${railway.vi}: yêu cầu đã bị hủy. Vui lòng thử lại.`, en: `${railway.en}: the request was cancelled. Please try again.` },
      timeout: { vi: `${railway.vi} không trả lời kịp. Vui lòng thử lại sau ít phút.`, en: `${railway.en} did not answer in time. Please try again in a few minutes.` },
      unavailable: { vi: `${railway.vi} tạm thời không khả dụng. Vui lòng thử lại sau.`, en: `${railway.en} is temporarily unavailable. Please try again later.` },
    });
  }

}
