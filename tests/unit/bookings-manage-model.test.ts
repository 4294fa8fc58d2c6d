/**
 * The pure rules of booking management: the search ↔ URL query mapping, the work lists, the action buttons from
 * the gateway's `actions`, what each confirmation says moves, the idempotency key of issue, price display,
 * recipients, refund selection, the fare-rule dialog's message and isError, the ticket face's failures.
 */
import { describe, expect, it } from 'vitest';
import { stateActions, type BookingListItem, type BookingPnr, type FareDataEntry, type PnrState, type RefundQuoteLine } from '../../contract/bookings';
import { ApiError } from '../../src/api/errors';
import { fareRuleMessage } from '../../plugins/flights/components/FareRuleDialog';
import { ticketFaceFailure } from '../../plugins/bookings/pages/TicketFacePage';
import { actionButtons, countdown, coversCharge, issueAttempt, issueCharge, msLeft, seatsReleased, voidRefund } from '../../plugins/bookings/model/actions';
import { baggageText, paxCounts, parseRecipients, printParams, printQuery } from '../../plugins/bookings/model/print';
import { canChoose, groupByPnr, refundSelection } from '../../plugins/bookings/model/refund';
import {
  DEFAULT_SEARCH, columnSortOrder, crudFilters, localDay, queryFromSearch, searchFromQuery, sortFromTable, sortToSorters, withFilters, workListQuery, workListRows,
} from '../../plugins/bookings/model/search';

const fare = (o: Partial<FareDataEntry> = {}): FareDataEntry => ({
  fareADT: 1_000_000, taxADT: 200_000, vatADT: 100_000, fareCHD: 750_000, taxCHD: 200_000, vatCHD: 75_000, fareINF: 100_000, taxINF: 0, vatINF: 10_000,
  issueFee: 50_000, otherFee: 0, totalPrice: 0, totalReserve: 0, totalChargeCancel: 0, ...o,
});

const pax = (paxId: number, paxType: 'ADT' | 'CHD' | 'INF') => ({ paxId, paxType, title: 'MR', firstName: 'AN', lastName: 'NGUYEN', birthDay: '01/01/1990', ticketNumber: '', loyalty: '', extraInfos: [] });
const leg = (flightNo: string) => ({
  from: 'HAN', to: 'SGN', departDate: '2030-01-20', timeFrom: '06:00', timeTo: '08:10', flightNo, airCraft: 'A321', aircraftType: 'Airbus', flightTime: 130,
  startTerminal: 'T1', endTerminal: 'T1', handBaggage: { pieces: 1, description: '7kg' }, freeBaggage: { pieces: 1, description: '23kg' }, cabinClass: 'Economy', class: 'Y', status: 'HK', direction: 'depart' as const,
});

describe('booking/search: the search lives in the URL query', () => {
  it.each([
    ['', DEFAULT_SEARCH],
    ['pnr=abc123', { ...DEFAULT_SEARCH, filters: { pnr: 'ABC123' } }],
    ['pnr=ABC1234', DEFAULT_SEARCH],
    ['name=%20Nguyen%20', { ...DEFAULT_SEARCH, filters: { name: 'Nguyen' } }],
    ['airline=vn&status=HOLD', { ...DEFAULT_SEARCH, filters: { airline: 'VN', status: 'HOLD' } }],
    ['status=PAID', DEFAULT_SEARCH],
    ['recordStatus=ISSUE%20TICKET', { ...DEFAULT_SEARCH, filters: { recordStatus: 'ISSUE TICKET' } }],
    ['bookedFrom=2030-01-01&bookedTo=2030-02-30', { ...DEFAULT_SEARCH, filters: { bookedFrom: '2030-01-01' } }],
    ['flightFrom=2030-01-05&flightTo=2030-01-09', { ...DEFAULT_SEARCH, filters: { flightFrom: '2030-01-05', flightTo: '2030-01-09' } }],
    ['agentId=12', { ...DEFAULT_SEARCH, filters: { agentId: 12 } }],
    ['agentId=0', DEFAULT_SEARCH],
    ['agentId=1.5', DEFAULT_SEARCH],
    ['page=3&pageSize=50&sort=total', { ...DEFAULT_SEARCH, page: 3, pageSize: 50, sort: 'total' }],
    ['page=0&pageSize=33&sort=-name', DEFAULT_SEARCH],
  ])('%s reads as the search it describes (invalid values dropped)', (query, expected) => {
    expect(searchFromQuery(query)).toEqual(expected);
  });

  it.each([
    [DEFAULT_SEARCH, ''],
    [{ ...DEFAULT_SEARCH, filters: { pnr: 'ABC123', status: 'HOLD' as const } }, 'pnr=ABC123&status=HOLD'],
    [{ ...DEFAULT_SEARCH, page: 2, sort: '-departDate' }, 'page=2&sort=-departDate'],
    [{ ...DEFAULT_SEARCH, filters: { name: 'Trần Văn', agentId: 4 }, pageSize: 100 }, 'name=Tr%E1%BA%A7n+V%C4%83n&agentId=4&pageSize=100'],
  ])('writes only what differs from the defaults and reads back the same search', (state, query) => {
    expect(queryFromSearch(state)).toBe(query);
    expect(searchFromQuery(query)).toEqual(state);
  });

  it('new filters go back to page 1 and drop empty values; the sort stays', () => {
    const state = { ...DEFAULT_SEARCH, page: 4, sort: 'total' };
    expect(withFilters(state, { pnr: 'ABC123', name: '', airline: undefined })).toEqual({ ...state, page: 1, filters: { pnr: 'ABC123' } });
  });

  it('filters travel as eq filters of the data provider, sort as a sorter', () => {
    expect(crudFilters({ pnr: 'ABC123', agentId: 3, flightFrom: '2030-01-01' })).toEqual([
      { field: 'pnr', operator: 'eq', value: 'ABC123' },
      { field: 'flightFrom', operator: 'eq', value: '2030-01-01' },
      { field: 'agentId', operator: 'eq', value: 3 },
    ]);
    expect(sortToSorters('-createdAt')).toEqual([{ field: 'createdAt', order: 'desc' }]);
    expect(sortToSorters('total')).toEqual([{ field: 'total', order: 'asc' }]);
  });

  it.each([
    ['total', 'ascend', 'total'],
    ['total', 'descend', '-total'],
    ['departDate', null, '-createdAt'],
    ['leadPassenger', 'ascend', '-createdAt'],
    [undefined, 'ascend', '-createdAt'],
  ] as const)('a header click on %s (%s) sorts by %s', (field, order, sort) => expect(sortFromTable(field, order)).toBe(sort));

  it('columns show the current sort', () => {
    expect(columnSortOrder('-total', 'total')).toBe('descend');
    expect(columnSortOrder('total', 'total')).toBe('ascend');
    expect(columnSortOrder('total', 'createdAt')).toBeNull();
  });
});

const item = (id: number, pnrs: Partial<BookingListItem['pnrs'][number]>[]): BookingListItem => ({
  id, createdAt: '2030-01-10T08:00:00Z', status: 'HOLD', agentId: 1, agentName: 'f1agent', agencyCode: 'F1', itinerary: 'HAN-SGN', departDate: '2030-01-20T06:00',
  leadPassenger: 'NGUYEN/AN', passengers: 1, total: 1_000_000,
  pnrs: pnrs.map((p) => ({ pnr: 'AAAAAA', airline: 'VN', source: 'VN', recordStatus: 'BOOKED', timeLimit: '', issuedAt: '', voidUntil: '', ...p })),
});

describe('work lists: holds to issue or cancel by time limit, tickets to void by cut-off', () => {
  const now = new Date('2030-01-10T10:00:00Z').getTime();
  it.each(['issue', 'cancel', 'void'] as const)('asks the gateway for the %s list, filtered and sorted by deadline there', (kind) => {
    expect(workListQuery(kind)).toEqual({ filters: [{ field: 'workList', operator: 'eq', value: kind }], sorters: [{ field: 'deadline', order: 'asc' }] });
  });
  it.each([
    ['2030-12-30T17:05:00Z', '2030-12-31'],
    ['2030-12-31T16:59:00Z', '2030-12-31'],
    ['2030-12-31T17:00:00Z', '2031-01-01'],
  ])('the local day of %s is the Vietnam day %s', (iso, day) => expect(localDay(new Date(iso))).toBe(day));
  const items = [
    item(1, [{ pnr: 'LATE01', timeLimit: '2030-01-10T15:00:00Z' }, { pnr: 'GONE01', timeLimit: '2030-01-10T09:59:00Z' }]),
    item(2, [{ pnr: 'SOON01', recordStatus: 'TIME OUT COMMING', timeLimit: '2030-01-10T10:20:00Z' }, { pnr: 'FAIL01', recordStatus: 'FAILED', timeLimit: '2030-01-10T12:00:00Z' }]),
    item(3, [{ pnr: 'TKT001', recordStatus: 'ISSUE TICKET', voidUntil: '2030-01-10T16:59:00Z' }, { pnr: 'TKT002', recordStatus: 'ISSUE TICKET', voidUntil: '2030-01-10T11:00:00Z' }]),
    item(4, [{ pnr: 'TKT003', recordStatus: 'ISSUE TICKET', voidUntil: '2030-01-10T09:00:00Z' }, { pnr: '', recordStatus: 'FAILED' }]),
  ];
  it.each([
    ['issue', ['SOON01', 'LATE01']],
    ['cancel', ['SOON01', 'LATE01']],
    ['void', ['TKT002', 'TKT001']],
  ] as const)('%s lists %j: live ones only, the soonest deadline first', (kind, pnrs) => {
    expect(workListRows(kind, items, now).map((r) => r.pnr)).toEqual(pnrs);
  });
  it('each row knows its booking and deadline', () => {
    const [row] = workListRows('void', items, now);
    expect(row).toMatchObject({ key: '3-TKT002', bookingId: 3, deadline: '2030-01-10T11:00:00Z', airline: 'VN' });
  });
});

describe('what a PNR\'s state allows (contract stateActions; the gateway adds the endpoint rules)', () => {
  const now = new Date('2030-01-10T10:00:00Z');
  const later = '2030-01-10T12:00:00Z';
  const earlier = '2030-01-10T08:00:00Z';
  const state = (o: Partial<PnrState>): PnrState => ({ recordStatus: 'BOOKED', timeLimit: '', voidUntil: '', refundablePax: 0, ...o });
  it.each([
    [{ recordStatus: 'BOOKED', timeLimit: later }, ['issue', 'cancel', 'print']],
    [{ recordStatus: 'TIME OUT COMMING', timeLimit: later }, ['issue', 'cancel', 'print']],
    [{ recordStatus: 'BOOKED', timeLimit: earlier }, ['print']],
    [{ recordStatus: 'BOOKED', timeLimit: '' }, ['print']],
    [{ recordStatus: 'ISSUE TICKET', voidUntil: later, refundablePax: 2 }, ['void', 'print']],
    [{ recordStatus: 'ISSUE TICKET', voidUntil: earlier, refundablePax: 2 }, ['refund', 'print']],
    [{ recordStatus: 'ISSUE TICKET', voidUntil: '', refundablePax: 1 }, ['refund', 'print']],
    [{ recordStatus: 'ISSUE TICKET', voidUntil: earlier, refundablePax: 0 }, ['print']],
    [{ recordStatus: 'VOIDED OR CANCEL', voidUntil: earlier, refundablePax: 1 }, ['print']],
    [{ recordStatus: 'TIME LIMIT OUT', timeLimit: later }, ['print']],
    [{ recordStatus: 'FAILED', timeLimit: later }, []],
  ] as const)('%j → %j', (o, expected) => {
    expect(stateActions(state(o as Partial<PnrState>), now)).toEqual(expected);
  });
});

describe('booking-detail actions: the buttons come from the gateway\'s `actions`', () => {
  it.each([
    [[], 'ABC123', ['fareRule']],
    [['print'], 'ABC123', ['print', 'mail', 'fareRule']],
    [['print', 'cancel', 'issue'], 'ABC123', ['issue', 'cancel', 'print', 'mail', 'fareRule']],
    [['refund', 'void', 'print'], 'ABC123', ['void', 'refund', 'print', 'mail', 'fareRule']],
    [['issue', 'issue', 'explode'], 'ABC123', ['issue', 'fareRule']],
    [[], '', []],
  ] as const)('%j → %j', (actions, pnr, expected) => {
    expect(actionButtons({ pnr, actions: actions as unknown as BookingPnr['actions'] }).map((b) => b.action)).toEqual(expected);
  });
  it('issue, void and cancel ask for confirmation; void and cancel are dangerous; issue is the primary action', () => {
    const b = actionButtons({ pnr: 'ABC123', actions: ['issue', 'void', 'cancel', 'refund', 'print'] });
    expect(b.filter((x) => x.confirm).map((x) => x.action)).toEqual(['issue', 'void', 'cancel']);
    expect(b.filter((x) => x.danger).map((x) => x.action)).toEqual(['void', 'cancel']);
    expect(b.filter((x) => x.primary).map((x) => x.action)).toEqual(['issue']);
    expect(b[0].label).toBe('bookings.actions.issue');
  });
});

describe('what the confirmations say moves', () => {
  const pnr = { fareData: fare({ totalPrice: 2_650_000 }), paxInfos: [pax(1, 'ADT'), pax(2, 'CHD'), pax(3, 'INF')], routeInfos: [leg('VN201'), leg('VN202')] };
  it.each([
    [5_000_000, { total: 2_650_000, balanceAfter: 2_350_000 }],
    [1_000_000, { total: 2_650_000, balanceAfter: -1_650_000 }],
    [null, { total: 2_650_000, balanceAfter: null }],
  ])('issue with balance %s: charged and balance after', (balance, expected) => expect(issueCharge([pnr], balance)).toEqual(expected));
  it('issue of several PNRs charges their sum', () => expect(issueCharge([pnr, { fareData: fare({ totalPrice: 350_000 }) }], 0).total).toBe(3_000_000));
  it.each([
    [3_000_000, 2_650_000, true],
    [2_650_000, 2_650_000, true],
    [2_649_999, 2_650_000, false],
    [null, 2_650_000, true],
  ])('available %s covers %s: %s', (available, total, ok) => expect(coversCharge(total, available)).toBe(ok));
  it('void returns what the PNR was charged', () => expect(voidRefund(pnr)).toBe(2_650_000));
  it('cancel releases the seats of adults and children (infants hold none) on each flight', () => expect(seatsReleased(pnr)).toEqual({ seats: 2, flights: 2 }));
});

describe('issue idempotency: one key per click of confirm, kept for the retries of that click', () => {
  let n = 0;
  const make = () => `key-${++n}`;
  it('a click starts a new key; a retry keeps it; a new click after a retry gets a new one', () => {
    n = 0;
    const first = issueAttempt(null, ['ABC123'], false, make);
    expect(first).toEqual({ key: 'key-1', pnrs: ['ABC123'] });
    expect(issueAttempt(first, ['ABC123'], true, make)).toBe(first);
    expect(issueAttempt(first, ['ABC123'], false, make).key).toBe('key-2');
  });
  it('a retry with other PNRs is another request: a new key', () => {
    n = 0;
    const first = issueAttempt(null, ['ABC123'], false, make);
    expect(issueAttempt(first, ['XYZ789'], true, make).key).toBe('key-2');
    expect(issueAttempt(null, ['ABC123'], true, make).key).toBe('key-3');
  });
});

describe('countdowns', () => {
  it.each([
    [0, '00:00:00'],
    [-5, '00:00:00'],
    [61_000, '00:01:01'],
    [3_600_000 * 5 + 7_000, '05:00:07'],
    [86_400_000 + 3_723_000, '1d 01:02:03'],
  ])('%s ms → %s', (ms, text) => expect(countdown(ms)).toBe(text));
  it('time left to an ISO moment, never negative; empty is nothing left', () => {
    const now = Date.parse('2030-01-10T10:00:00Z');
    expect(msLeft('2030-01-10T10:00:30Z', now)).toBe(30_000);
    expect(msLeft('2030-01-10T09:00:00Z', now)).toBe(0);
    expect(msLeft('', now)).toBe(0);
  });
});

describe('print: price display', () => {
  // the price lines themselves are ticketPriceLines of contract/aftersale-money.ts (tests/unit/aftersale-money.test.ts)
  it('counts passengers by type', () => expect(paxCounts([pax(1, 'ADT'), pax(2, 'ADT'), pax(3, 'INF')])).toEqual({ ADT: 2, CHD: 0, INF: 1 }));
  it.each([
    ['id=12&pnr=abc123&price=detail', { id: 12, pnr: 'ABC123', price: 'detail' }],
    ['id=12', { id: 12, pnr: null, price: 'total' }],
    ['id=x&pnr=AB&price=all', { id: null, pnr: null, price: 'total' }],
    ['id=-3', { id: null, pnr: null, price: 'total' }],
  ])('print query %s', (q, expected) => expect(printParams(q)).toEqual(expected));
  it('writes the print query back (total is the default)', () => {
    expect(printQuery({ id: 5, pnr: 'ABC123', price: 'total' })).toBe('id=5&pnr=ABC123');
    expect(printQuery({ id: 5, price: 'none' })).toBe('id=5&price=none');
  });
});

describe('baggage allowance text', () => {
  it.each([
    [{ pieces: 1, description: '23kg' }, '1 × 23kg'],
    [{ pieces: 2, description: '32kg' }, '2 × 32kg'],
    [{ pieces: 0, description: '0kg' }, ''],
  ])('%j → %j', (b, text) => expect(baggageText(b)).toBe(text));
});

describe('mail recipients', () => {
  it.each([
    ['an@example.vn', ['an@example.vn'], [], false],
    ['an@example.vn, binh@example.vn;  AN@example.vn', ['an@example.vn', 'binh@example.vn'], [], false],
    ['an@example.vn not-an-email', ['an@example.vn'], ['not-an-email'], false],
    ['a@x.vn b@x.vn c@x.vn d@x.vn e@x.vn f@x.vn', ['a@x.vn', 'b@x.vn', 'c@x.vn', 'd@x.vn', 'e@x.vn', 'f@x.vn'], [], true],
    ['', [], [], false],
  ])('%j', (text, valid, invalid, tooMany) => expect(parseRecipients(text)).toEqual({ valid, invalid, tooMany }));
});

describe('refund selection', () => {
  const line = (pnr: string, paxId: number, refunded = false): RefundQuoteLine => ({
    pnr, paxId, paxType: 'ADT', name: `PAX ${paxId}`, ticketNumber: `738000000000${paxId}`, paid: 1_500_000, penalty: 300_000, refundable: 1_200_000, refunded, rule: '',
  });
  const lines = [line('AAA111', 1), line('AAA111', 2, true), line('BBB222', 1), line('AAA111', 3)];
  it('groups the quote by PNR, in order', () => {
    expect(groupByPnr(lines).map((g) => [g.pnr, g.lines.map((l) => l.paxId)])).toEqual([['AAA111', [1, 2, 3]], ['BBB222', [1]]]);
  });
  it.each([
    [[1, 3], { paxIds: [1, 3], credit: 2_400_000, penalty: 600_000 }],
    [[2], { paxIds: [], credit: 0, penalty: 0 }],
    [[1, 2, 9], { paxIds: [1], credit: 1_200_000, penalty: 300_000 }],
  ])('choosing %j credits the refundable of lines not yet refunded', (chosen, expected) => {
    expect(refundSelection(groupByPnr(lines)[0], chosen)).toEqual(expected);
  });
  it('refunded lines cannot be chosen', () => expect(lines.map(canChoose)).toEqual([true, false, true, true]));
});

describe('fare-rule dialog: a message and an isError flag', () => {
  const t = (k: string) => k;
  it.each([
    [{ isError: true, errorMessage: 'Hãng không trả lời' }, { message: 'Hãng không trả lời', isError: true }],
    [{ isError: true }, { message: 'shell.fareRule.error', isError: true }],
    [{ isError: false, ruleCount: 0 }, { message: 'shell.fareRule.empty', isError: false }],
    [{ isError: false, ruleCount: 3 }, { message: '', isError: false }],
    [{ isError: false }, { message: '', isError: false }],
  ])('%j', (state, expected) => expect(fareRuleMessage(state, t)).toEqual(expected));
});

describe('ticket face: what a failed look-up says', () => {
  it.each([
    [new ApiError('Not found', 404, 44), { kind: 'notFound' }],
    [new ApiError('Too many', 429, 58, { retryAfterSeconds: 41.2 }), { kind: 'tooMany', seconds: 42 }],
    [new ApiError('Too many', 429, 58), { kind: 'tooMany', seconds: null }],
    [new ApiError('Sai dữ liệu', 400, 41), { kind: 'failed', message: 'Sai dữ liệu' }],
    [new ApiError('Network Error', 0, null, undefined, true), { kind: 'failed', message: '' }],
    [new Error('boom'), { kind: 'failed', message: '' }],
  ])('%s', (error, expected) => expect(ticketFaceFailure(error)).toEqual(expected));
});
