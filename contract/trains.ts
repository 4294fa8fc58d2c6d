/**
 * Trains (spec point 1 Trains, points 3, 4 and 9): the API paths, request and answer schemas and types of the
 * railway module. The pure rules (discounts, refund fee, countdown, sorts) are in trains-rules.ts. Money is
 * integer VND; local date-times are Vietnam time yyyy-MM-ddTHH:mm; instants are ISO strings.
 *
 *   GET    /api/trains/stations                        → TrainStation[]
 *   POST   /api/trains/search                         trainSearchRequest → trainSearchResult
 *   GET    /api/trains/seats?trainId=&carriageNo=     → seatsByCarriage
 *   GET    /api/trains/hold                           → holdState (the caller's open hold, or null)
 *   POST   /api/trains/hold                           holdChange → holdState (the first seat added starts it)
 *   DELETE /api/trains/hold                           → holdState (releases every seat: hold null)
 *   POST   /api/trains/bookings                       trainBookingRequest → trainBooking (status 02, from the hold)
 *   GET    /api/trains/bookings?…                      trainBookingListQuery → { data: trainBookingRow[], total }
 *   GET    /api/trains/bookings/:id                   → trainBooking
 *   POST   /api/trains/bookings/:id/pay               trainPayRequest (+ X-Pin) → trainBooking (status 05, tickets)
 *   POST   /api/trains/bookings/:id/cancel            {} → trainBooking (status 01; an unpaid booking only)
 *   GET    /api/trains/bookings/:id/refund?ticketIds= → trainRefundQuote
 *   POST   /api/trains/bookings/:id/refund            trainRefundRequest (+ X-Pin) → trainRefundResult
 *   GET    /api/trains/bookings/:id/tickets.pdf?ticketId= → application/pdf (every ticket, or one)
 */
import { z } from 'zod';
import { listOf, sortQuery } from './list';
import { TRAIN_MAX_SEATS, TRAIN_SEAT_CLASSES, type TrainPaxType } from './trains-rules';

export * from './trains-rules';

export const TRAINS_API = {
  stations: '/api/trains/stations',
  search: '/api/trains/search',
  seats: '/api/trains/seats',
  /** GET the open hold; POST holdChange; DELETE releases it. */
  hold: '/api/trains/hold',
  /** POST: book the hold; GET: the list (/train/status, train/issue). */
  bookings: '/api/trains/bookings',
  booking: '/api/trains/bookings/:id',
  pay: '/api/trains/bookings/:id/pay',
  cancel: '/api/trains/bookings/:id/cancel',
  /** GET ?ticketIds=a,b → quote; POST trainRefundRequest → result. */
  refund: '/api/trains/bookings/:id/refund',
  ticketsPdf: '/api/trains/bookings/:id/tickets.pdf',
} as const;

/** Replace `:id` in a TRAINS_API path. */
export function trainPath(path: string, id: number | string): string {
  return path.replace(':id', encodeURIComponent(String(id)));
}

const localDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const stationCode = z.string().regex(/^[A-Z]{3}$/);
const trainIdSchema = z.string().regex(/^[A-Z]{2,3}\d{1,2}_\d{8}_[A-Z]{3}_[A-Z]{3}$/);
/** `<trainId>_<carriageNo>_<seatNo>`, e.g. SE3_20261201_HNO_SGO_5_12. */
const ticketIdSchema = z.string().regex(/^[A-Z]{2,3}\d{1,2}_\d{8}_[A-Z]{3}_[A-Z]{3}_\d{1,2}_\d{1,3}$/);

export const trainPaxType = z.union([z.literal(1), z.literal(2), z.literal(12), z.literal(13), z.literal(6), z.literal(7)]) satisfies z.ZodType<TrainPaxType>;
export const trainSeatClassFilter = z.enum(TRAIN_SEAT_CLASSES);
export const trainSeatClass = z.enum(['GP', 'NGC', 'NGM', 'NAM', 'NAC']);
export const trainDirection = z.enum(['depart', 'return']);
export type TrainDirection = z.infer<typeof trainDirection>;

// ----- Stations ------------------------------------------------------------------------------------------

export const trainStation = z.object({
  /** Three letters, e.g. HNO, SGO. */
  code: z.string(),
  /** With diacritics: "Hà Nội", "Biên Hoà". */
  name: z.string(),
  /** Lower case without diacritics, for search: "ha noi". */
  folded: z.string(),
  /** Line: north–south (Thống Nhất), Hải Phòng branch, Lào Cai branch. */
  line: z.enum(['NS', 'HP', 'LC']),
  /** Kilometre post from Hà Nội along its line. */
  km: z.number(),
});
export type TrainStation = z.infer<typeof trainStation>;

// ----- Search --------------------------------------------------------------------------------------------

export const trainSearchRequest = z
  .object({
    from: stationCode,
    to: stationCode,
    /** yyyy-MM-dd, the Vietnam business day or later. */
    departDate: isoDate,
    returnDate: isoDate.optional(),
    seatClass: trainSeatClassFilter.default('ALL'),
    passengers: z.number().int().min(1).max(TRAIN_MAX_SEATS).default(1),
  })
  .strict();
export type TrainSearchRequest = z.input<typeof trainSearchRequest>;

/** Carriage kinds: soft seats in rows, 6-berth (hard berth), 4-berth (soft berth), 2-berth VIP compartments, hard seats. */
export const carriageLayout = z.enum(['seat64', 'seat56', 'hard80', 'berth6', 'berth4', 'berth2']);
export type CarriageLayout = z.infer<typeof carriageLayout>;

export const trainCarriage = z.object({
  carriageNo: z.number().int(),
  /** Carriage type code: A64L, A56L, NCL, BnL42, AnL28, AnLv14. */
  type: z.string(),
  layout: carriageLayout,
  /** The carriage's main class (a hard-seat car also has GP extra seats). */
  seatClass: trainSeatClass,
  /** Every place in the carriage. */
  capacity: z.number().int(),
  /** Places free now (not sold, not held). */
  free: z.number().int(),
  /** The cheapest free place's price (the cheapest place when none is free). */
  lowestPrice: z.number().int(),
});
export type TrainCarriage = z.infer<typeof trainCarriage>;

export const train = z.object({
  /** One run of a train between two stations on a date: `<number>_<yyyyMMdd>_<from>_<to>`, e.g. SE3_20261201_HNO_SGO. */
  trainId: z.string(),
  /** Train number: SE3, SNT2, QB1… */
  trainNo: z.string(),
  direction: trainDirection,
  from: z.string(),
  to: z.string(),
  /** Vietnam time. */
  departDateTime: localDateTime,
  arrivalDateTime: localDateTime,
  /** Minutes from departure to arrival (the timeRun sort). */
  timeRun: z.number().int(),
  /** Free places over every carriage (within the search's seat class), the seatNull sort. */
  seatAvailable: z.number().int(),
  /** The cheapest free place of the train (within the seat class). */
  lowestPrice: z.number().int(),
  /** km between the two stations. */
  distanceKm: z.number(),
  /** The carriage strip, in order (only carriages of the searched class). */
  carriages: z.array(trainCarriage),
});
export type Train = z.infer<typeof train>;

export const trainSearchResult = z.object({
  depart: z.array(train),
  /** Empty for one way. */
  return: z.array(train),
});
export type TrainSearchResult = z.infer<typeof trainSearchResult>;

// ----- Seats by carriage ---------------------------------------------------------------------------------

export const seatState = z.enum(['free', 'held', 'sold', 'mine']);
export type SeatState = z.infer<typeof seatState>;
export const berthLevel = z.enum(['lower', 'middle', 'upper']);
export type BerthLevel = z.infer<typeof berthLevel>;

export const trainSeat = z.object({
  ticketId: ticketIdSchema,
  seatNo: z.number().int(),
  /** Seat type code: A64L, A56L, NCL, GP, BnLT1/2/3 (6-berth lower/middle/upper), AnLT1/2, AnLvT1. */
  seatType: z.string(),
  seatClass: trainSeatClass,
  /** Seat cars: row from the front (1…), column 1–4 (aisle between 2 and 3); GP extra seats are row 0. */
  row: z.number().int().optional(),
  column: z.number().int().optional(),
  /** Berth cars: compartment 1…7, berth level, and side of the compartment. */
  compartment: z.number().int().optional(),
  level: berthLevel.optional(),
  side: z.enum(['left', 'right']).optional(),
  /** Integer VND for a passenger paying 100 %. */
  price: z.number().int(),
  state: seatState,
});
export type TrainSeat = z.infer<typeof trainSeat>;

export const seatsQuery = z.object({ trainId: trainIdSchema, carriageNo: z.coerce.number().int().min(1).max(30) });

export const seatsByCarriage = z.object({
  trainId: z.string(),
  carriageNo: z.number().int(),
  type: z.string(),
  layout: carriageLayout,
  data: z.array(trainSeat),
});
export type SeatsByCarriage = z.infer<typeof seatsByCarriage>;

// ----- Hold ----------------------------------------------------------------------------------------------

export const holdChange = z
  .object({
    add: z.array(ticketIdSchema).max(TRAIN_MAX_SEATS).default([]),
    remove: z.array(ticketIdSchema).max(TRAIN_MAX_SEATS).default([]),
  })
  .strict();
export type HoldChange = z.input<typeof holdChange>;

/** A held seat: the Selected seat of spec point 3 (ticketId, carriageNo, type = direction) with its train. */
export const heldSeat = z.object({
  ticketId: z.string(),
  trainId: z.string(),
  trainNo: z.string(),
  direction: trainDirection,
  from: z.string(),
  to: z.string(),
  departDateTime: localDateTime,
  arrivalDateTime: localDateTime,
  carriageNo: z.number().int(),
  carriageType: z.string(),
  seatNo: z.number().int(),
  seatType: z.string(),
  seatClass: trainSeatClass,
  level: berthLevel.optional(),
  price: z.number().int(),
});
export type HeldSeat = z.infer<typeof heldSeat>;

export const trainHold = z.object({
  holdId: z.number().int(),
  /** ISO instant the first seat was taken. */
  startTime: z.string(),
  /** Seconds the hold lasts from startTime. */
  duration: z.number().int(),
  expiresAt: z.string(),
  seats: z.array(heldSeat),
});
export type TrainHold = z.infer<typeof trainHold>;

export const holdState = z.object({ hold: trainHold.nullable() });
export type HoldState = z.infer<typeof holdState>;

// ----- Booking -------------------------------------------------------------------------------------------

export const trainPassengerInput = z
  .object({
    ticketId: ticketIdSchema,
    paxType: trainPaxType,
    fullName: z.string().max(70),
    /** ID card (9 or 12 digits) or passport (6–9 letters/digits for types 6, 7); optional for children 2 and 7. */
    idNumber: z.string().max(20).default(''),
    /** The passenger takes the direction's added service (paxTrainInfo.isService). */
    isService: z.boolean().default(false),
  })
  .strict();
export type TrainPassengerInput = z.input<typeof trainPassengerInput>;

export const trainServiceChoice = z.object({ isAdd: z.boolean(), service: z.enum(['INS', 'MEAL']) }).strict();

export const trainBookingRequest = z
  .object({
    /** One passenger per held seat, every held seat once. */
    passengers: z.array(trainPassengerInput).min(1).max(TRAIN_MAX_SEATS),
    contact: z.object({ name: z.string().max(70), phone: z.string().max(20), email: z.string().max(120).optional() }).strict(),
    /** Services per direction (spec point 3 addService). */
    addService: z.object({ depart: trainServiceChoice.optional(), return: trainServiceChoice.optional() }).strict().default({}),
  })
  .strict();
export type TrainBookingRequest = z.input<typeof trainBookingRequest>;

/** Booking status codes (the Train B2C status of spec point 4: 01 cancelled, 05 completed). */
export const TRAIN_STATUS = {
  CANCELLED: '01',
  /** Booked from a hold, waiting for payment until expiresAt. */
  HELD: '02',
  /** The hold ran out before payment: the seats went back. */
  EXPIRED: '03',
  /** Paid; the railway is issuing the tickets. */
  PAYING: '04',
  /** Paid and ticketed. */
  COMPLETED: '05',
  /** Some tickets refunded, others still valid. */
  PARTLY_REFUNDED: '06',
  /** Every ticket refunded. */
  REFUNDED: '07',
} as const;
export type TrainStatusName = keyof typeof TRAIN_STATUS;
export type TrainStatus = (typeof TRAIN_STATUS)[TrainStatusName];
export const trainStatus = z.enum(['01', '02', '03', '04', '05', '06', '07']);

export function trainStatusName(code: TrainStatus): TrainStatusName {
  return (Object.keys(TRAIN_STATUS) as TrainStatusName[]).find((k) => TRAIN_STATUS[k] === code) ?? 'CANCELLED';
}

export const trainTicket = z.object({
  ticketId: z.string(),
  /** Railway ticket number once issued (null before payment). */
  ticketNumber: z.string().nullable(),
  /** Text of the ticket's QR code (null before payment). */
  qr: z.string().nullable(),
  status: z.enum(['HELD', 'ISSUED', 'REFUNDED', 'CANCELLED']),
  seat: heldSeat,
  paxType: trainPaxType,
  fullName: z.string(),
  idNumber: z.string(),
  /** Seat price before the discount. */
  seatPrice: z.number().int(),
  /** Share paid by the passenger type, percent. */
  percent: z.number().int(),
  discount: z.number().int(),
  /** seatPrice − discount. */
  fare: z.number().int(),
  /** The direction's added service, if taken. */
  service: z.enum(['INS', 'MEAL']).nullable(),
  servicePrice: z.number().int(),
  bookingFee: z.number().int(),
  /** fare + servicePrice + bookingFee. */
  total: z.number().int(),
  refundFee: z.number().int().nullable(),
  refundAmount: z.number().int().nullable(),
  refundedAt: z.string().nullable(),
});
export type TrainTicket = z.infer<typeof trainTicket>;

export const trainBooking = z.object({
  id: z.number().int(),
  /** The railway's booking code. */
  code: z.string(),
  status: trainStatus,
  statusName: z.enum(Object.keys(TRAIN_STATUS) as [TrainStatusName, ...TrainStatusName[]]),
  createdAt: z.string(),
  agencyId: z.number().int(),
  agencyName: z.string(),
  userName: z.string(),
  /** The hold's countdown (spec point 4): startTime + duration = expiresAt; payment must come before it. */
  startTime: z.string(),
  duration: z.number().int(),
  expiresAt: z.string(),
  contact: z.object({ name: z.string(), phone: z.string(), email: z.string() }),
  addService: z.object({ depart: trainServiceChoice.optional(), return: trainServiceChoice.optional() }),
  tickets: z.array(trainTicket),
  fare: z.number().int(),
  discount: z.number().int(),
  services: z.number().int(),
  bookingFees: z.number().int(),
  /** What the deposit is charged. */
  total: z.number().int(),
  /** Credited back to the deposit by refunds. */
  refunded: z.number().int(),
  paidAt: z.string().nullable(),
  /** The last supplier message (a failed issue), if any. */
  message: z.string().nullable(),
});
export type TrainBooking = z.infer<typeof trainBooking>;

export const trainPayRequest = z.object({ idempotencyKey: z.string().min(8).max(100) }).strict();
export type TrainPayRequest = z.infer<typeof trainPayRequest>;

export const TRAIN_BOOKING_SORTS = ['createdAt', 'departDateTime', 'total', 'status'] as const;

export const trainBookingListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  sort: sortQuery(TRAIN_BOOKING_SORTS, '-createdAt'),
  /** One status code, or several separated by commas. */
  status: z
    .string()
    .regex(/^(0[1-7])(,0[1-7])*$/)
    .optional(),
  /** Booking code, ticket number, passenger name or contact phone (diacritics-insensitive). */
  q: z.string().max(100).optional(),
  /** Created on or after / before (yyyy-MM-dd, Vietnam day). */
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type TrainBookingListQuery = z.input<typeof trainBookingListQuery>;

export const trainBookingRow = z.object({
  id: z.number().int(),
  code: z.string(),
  status: trainStatus,
  statusName: z.enum(Object.keys(TRAIN_STATUS) as [TrainStatusName, ...TrainStatusName[]]),
  createdAt: z.string(),
  agencyName: z.string(),
  userName: z.string(),
  contactName: z.string(),
  /** "SE3 HNO→SGO" per direction. */
  trains: z.array(z.object({ trainNo: z.string(), from: z.string(), to: z.string(), departDateTime: z.string(), direction: trainDirection })),
  tickets: z.number().int(),
  total: z.number().int(),
  refunded: z.number().int(),
  expiresAt: z.string(),
});
export type TrainBookingRow = z.infer<typeof trainBookingRow>;
export const trainBookingList = listOf(trainBookingRow);

// ----- Refund --------------------------------------------------------------------------------------------

export const trainRefundQuoteQuery = z.object({
  /** Comma-separated ticket ids; every refundable ticket of the booking when absent. */
  ticketIds: z.string().max(2000).optional(),
});

export const trainRefundLine = z.object({
  ticketId: z.string(),
  ticketNumber: z.string().nullable(),
  fullName: z.string(),
  /** What the passenger paid for the ticket (fare + service; the booking fee is not refunded). */
  price: z.number().int(),
  hoursBefore: z.number(),
  allowed: z.boolean(),
  reason: z.enum(['tooLate', 'departed', 'notIssued']).nullable(),
  percent: z.number().int(),
  fee: z.number().int(),
  refund: z.number().int(),
  /** The rule in plain words, in the caller's language. */
  explanation: z.string(),
});

export const trainRefundQuote = z.object({
  bookingId: z.number().int(),
  group: z.boolean(),
  lines: z.array(trainRefundLine),
  fee: z.number().int(),
  refund: z.number().int(),
  /** The railway's refund conditions in plain words. */
  rules: z.array(z.string()),
});
export type TrainRefundQuote = z.infer<typeof trainRefundQuote>;

export const trainRefundRequest = z
  .object({
    ticketIds: z.array(ticketIdSchema).min(1).max(TRAIN_MAX_SEATS),
    idempotencyKey: z.string().min(8).max(100),
  })
  .strict();
export type TrainRefundRequest = z.infer<typeof trainRefundRequest>;

export const trainRefundResult = z.object({
  booking: trainBooking,
  fee: z.number().int(),
  /** Credited to the deposit (one R entry). */
  refunded: z.number().int(),
  balanceAfter: z.number().int(),
  replayed: z.boolean(),
});
export type TrainRefundResult = z.infer<typeof trainRefundResult>;

/** The QR payload of a ticket: what a conductor's scanner reads. */
export function ticketQrPayload(t: { ticketNumber: string; trainNo: string; departDateTime: string; from: string; to: string; carriageNo: number; seatNo: number; fullName: string }): string {
  return ['VNR', t.ticketNumber, t.trainNo, t.departDateTime, `${t.from}-${t.to}`, `C${t.carriageNo}`, `S${t.seatNo}`, t.fullName].join('|');
}

/** Parses a ticket id `<train>_<yyyyMMdd>_<from>_<to>_<carriage>_<seat>`; null when malformed. */
export function parseTicketId(ticketId: string): { trainId: string; trainNo: string; date: string; from: string; to: string; carriageNo: number; seatNo: number } | null {
  const m = /^([A-Z]{2,3}\d{1,2})_(\d{4})(\d{2})(\d{2})_([A-Z]{3})_([A-Z]{3})_(\d{1,2})_(\d{1,3})$/.exec(ticketId);
  if (!m) return null;
  return {
    trainId: `${m[1]}_${m[2]}${m[3]}${m[4]}_${m[5]}_${m[6]}`,
    trainNo: m[1],
    date: `${m[2]}-${m[3]}-${m[4]}`,
    from: m[5],
    to: m[6],
    carriageNo: Number(m[7]),
    seatNo: Number(m[8]),
  };
}

/** Parses a train id `<train>_<yyyyMMdd>_<from>_<to>`; null when malformed. */
export function parseTrainId(trainId: string): { trainNo: string; date: string; from: string; to: string } | null {
  const m = /^([A-Z]{2,3}\d{1,2})_(\d{4})(\d{2})(\d{2})_([A-Z]{3})_([A-Z]{3})$/.exec(trainId);
  if (!m) return null;
  return { trainNo: m[1], date: `${m[2]}-${m[3]}-${m[4]}`, from: m[5], to: m[6] };
}

export { trainIdSchema, ticketIdSchema };
