/**
 * PNR element edits (issue 15): the contract validators of each screen (table-driven), spec point 5's companion
 * remark, the affected element lines, the simulated airline's refusals (all or nothing), and the screens' form
 * configuration (bodies, paths, companion pairs).
 */
import { describe, expect, it } from 'vitest';
import type { PnrRecord } from '../../contract/aftersale';
import { ELEMENT_SCREENS, elementEditProblems, elementEditRequest, elementLines, remarkOf, type ElementEditInput } from '../../contract/aftersale-elements';
import { applyEdits } from '../../gateway/suppliers/simulated/pnr';
import { nameDistance } from '../../gateway/suppliers/simulated/pnr-elements';
import type { PnrEdit } from '../../gateway/suppliers';
import { companionPairs, SCREENS, screenOfPath } from '../../plugins/booking-edit/model/element-screens';

const now = new Date('2026-11-24T05:00:00Z');
const record: PnrRecord = {
  pnr: 'ABC123', airline: 'VN', source: 'VN',
  names: [
    { paxId: 1, paxType: 'ADT', title: 'MR', firstName: 'VAN AN', lastName: 'NGUYEN', birthDay: '15/04/1985' },
    { paxId: 2, paxType: 'CHD', title: 'MISS', firstName: 'LAN', lastName: 'NGUYEN', birthDay: '01/01/2019' },
    { paxId: 3, paxType: 'INF', title: 'MSTR', firstName: 'BE', lastName: 'NGUYEN', birthDay: '01/06/2026', parentId: 1 },
  ],
  segments: [{ segId: 1, carrier: 'VN', flightNo: 'VN213', from: 'HAN', to: 'SGN', departDate: '2026-12-10T08:00', arrivalDate: '2026-12-10T10:10', class: 'Y', cabinClass: 'Economy', aircraft: '321', status: 'HK', direction: 'depart' }],
  ssrs: [], osis: [], remarks: [], contacts: [{ id: 1, kind: 'AP', value: '0912345678' }], docs: [], loyalty: [],
  tst: [{ id: 1, paxType: 'ADT', segIds: [1], fareBasis: 'YOW', fare: 1_000_000, tax: 200_000, total: 1_200_000 }],
  endorsements: [], queue: null,
  tickets: [{ paxId: 1, number: '7381234567890', status: 'OPEN', issuedAt: '2026-11-20T00:00:00Z' }],
  emds: [], seats: [], baggage: [], appliedKeys: [],
};

describe('elementEditProblems: the contract validators of each screen', () => {
  const cases: [string, ElementEditInput, string[]][] = [
    ['id card of 12 digits', { screen: 'add-info-passenger', paxId: 1, code: 'IDCARD', value: '001085012345' }, []],
    ['id card of 10 digits', { screen: 'add-info-passenger', paxId: 1, code: 'IDCARD', value: '0010850123' }, ['value']],
    ['e-mail info', { screen: 'add-info-passenger', paxId: 1, code: 'EMAIL', value: 'an@' }, ['value']],
    ['unknown passenger', { screen: 'add-info-passenger', paxId: 9, code: 'NATIONALITY', value: 'VNM' }, ['paxId']],
    ['a name with Vietnamese letters', { screen: 'change-passenger-info', paxId: 1, title: 'MR', firstName: 'Văn Ấn', lastName: 'Nguyễn' }, []],
    ['a name with digits', { screen: 'change-passenger-info', paxId: 1, title: 'MR', firstName: 'An2', lastName: 'Nguyen!' }, ['firstName', 'lastName']],
    ['an adult title on a child', { screen: 'change-passenger-info', paxId: 2, title: 'MRS', firstName: 'Lan', lastName: 'Nguyen' }, ['title']],
    ['a passport', { screen: 'change-passport', paxId: 1, docType: 'P', number: 'C1234567', nationality: 'VNM', issuingCountry: 'VNM', expiry: '01/01/2035', gender: 'M' }, []],
    ['a short passport number and a 31 February', { screen: 'change-passport', paxId: 1, docType: 'P', number: 'C12', nationality: 'VNM', issuingCountry: 'VNM', expiry: '31/02/2030', gender: 'M' }, ['number', 'expiry']],
    ['a birth date', { screen: 'change-birthday-qh', paxId: 1, birthDay: '16/04/1985' }, []],
    ['a birth date before 1900', { screen: 'change-birthday-qh', paxId: 1, birthDay: '01/01/1899' }, ['birthDay']],
    ['an adult made 5 years old', { screen: 'change-birthday-qh', paxId: 1, birthDay: '01/01/2021' }, ['age']],
    ['an infant made 3 years old', { screen: 'change-birthday-qh', paxId: 3, birthDay: '01/01/2023' }, ['age']],
    ['a frequent-flyer number', { screen: 'change-loyalty', paxId: 1, airline: 'VN', number: '9001234567' }, []],
    ['a frequent-flyer number for an infant', { screen: 'change-loyalty', paxId: 3, airline: 'VN', number: '9001234567' }, ['infant']],
    ['a mobile 09…', { screen: 'edit-phone', paxId: 1, phone: '0987654321' }, []],
    ['a mobile 84…', { screen: 'edit-phone', paxId: 1, phone: '84987654321' }, []],
    ['a mobile 02…', { screen: 'edit-phone', paxId: 1, phone: '0287654321' }, ['phone']],
    ['a contact with a bad e-mail', { screen: 'change-contact', phone: '0912345678', email: 'x@y' }, ['email']],
    ['a contact without e-mail', { screen: 'change-contact', phone: '0912345678' }, []],
    ['a free remark in Vietnamese', { screen: 'add-remark', kind: 'RM', text: 'Khách cần hỗ trợ' }, []],
    ['a remark with symbols', { screen: 'add-remark', kind: 'RM', text: 'call @ 9pm #1' }, ['text']],
    ['an empty remark', { screen: 'add-remark', kind: 'RM' }, ['text']],
    ['a companion remark adult + infant', { screen: 'add-remark', kind: 'RM', companion: { holderId: 1, companionId: 3 } }, []],
    ['a companion remark adult + adult', { screen: 'add-remark', kind: 'RM', companion: { holderId: 1, companionId: 1 } }, ['companion']],
    ['an OSI', { screen: 'add-osi', airline: 'VN', text: 'VIP CUSTOMER' }, []],
    ['an OSI with symbols', { screen: 'add-osi', airline: 'VN', text: 'VIP *****' }, ['text']],
    ['an SK for an unknown passenger', { screen: 'add-sk', code: 'CKIN', text: 'HELP', paxId: 7 }, ['paxId']],
    ['a customer account', { screen: 'add-ca', segment: 'CORP', account: 'ACME-001' }, []],
    ['a customer account of 2 characters', { screen: 'add-ca', segment: 'VVIP', account: 'AB' }, ['account']],
    ['an endorsement', { screen: 'add-pax-endorsement', text: 'NON-END/NON-REF' }, []],
    ['a service on an unknown segment', { screen: 'add-services', paxId: 1, segId: 4, code: 'WCHR' }, ['segId']],
    ['a service', { screen: 'add-services', paxId: 2, segId: 1, code: 'CHML' }, []],
    ['storing the fare', { screen: 'retain-quote-tst' }, []],
    ['a queue move', { screen: 'swap-queue', office: 'HANVN08SV', queue: 12, category: 0 }, []],
  ];
  it.each(cases)('%s', (_, body, problems) => {
    expect(elementEditProblems(body, record, now).map((p) => p.problem)).toEqual(problems);
  });

  it('the request schema: a discriminated union with a key and a PNR', () => {
    const key = '6f1f2b1e-9a0c-4c39-9f0a-2d0c2b6c1c11';
    expect(elementEditRequest.safeParse({ screen: 'add-osi', airline: 'VN', text: 'X', idempotencyKey: key, pnr: 'ABC123' }).success).toBe(true);
    expect(elementEditRequest.safeParse({ screen: 'add-osi', airline: 'VN', text: 'X', idempotencyKey: 'k', pnr: 'ABC123' }).success).toBe(false);
    expect(elementEditRequest.safeParse({ screen: 'add-services', paxId: 1, segId: 1, code: 'ZZZZ', idempotencyKey: key, pnr: 'ABC123' }).success).toBe(false);
    expect(elementEditRequest.safeParse({ screen: 'nope', idempotencyKey: key, pnr: 'ABC123' }).success).toBe(false);
  });
});

describe('remarkOf: spec point 5’s companion remark', () => {
  it.each([
    ['short names keep the companion’s last name', 'NGUYEN', 'NGUYEN/VAN AN MR INF NGUYEN/BE MSTR 01JUN26'],
    ['a name over 59 characters shortens it to initials', 'Tôn Nữ Hoàng Thị Phương Quỳnh', 'NGUYEN/VAN AN MR INF TNHTPQ/BE MSTR 01JUN26'],
  ])('%s', (_, lastName, expected) => {
    const r = { names: record.names.map((n) => (n.paxId === 3 ? { ...n, lastName } : n)) };
    expect(remarkOf({ screen: 'add-remark', kind: 'RM', companion: { holderId: 1, companionId: 3 } }, r)).toBe(expected);
  });
  it('a free remark is folded to upper-case ASCII', () => {
    expect(remarkOf({ screen: 'add-remark', kind: 'RM', text: 'Đón  khách ở sảnh' }, record)).toBe('DON KHACH O SANH');
  });
});

const apply = (edits: PnrEdit[], r: PnrRecord = record) => applyEdits('VN', r, { idempotencyKey: 'k', at: '2026-11-24T05:00:00Z', edits });

describe('the simulated airline: element edits and refusals', () => {
  it.each([
    ['a DOCS expiring before the flight', { type: 'setDocs', docs: { paxId: 1, docType: 'P', number: 'C1234567', nationality: 'VNM', issuingCountry: 'VNM', expiry: '01/12/2026', birthDay: '15/04/1985', gender: 'M' } }],
    ['a DOCS expiring on the flight day', { type: 'setDocs', docs: { paxId: 1, docType: 'P', number: 'C1234567', nationality: 'VNM', issuingCountry: 'VNM', expiry: '10/12/2026', birthDay: '15/04/1985', gender: 'M' } }],
    ['a new traveller on a ticketed name', { type: 'changeName', paxId: 1, title: 'MR', firstName: 'MINH', lastName: 'TRAN' }],
    ['a birth date on VN', { type: 'setBirthday', paxId: 1, birthDay: '16/04/1985' }],
    ['FQTV for an infant', { type: 'setLoyalty', loyalty: { paxId: 3, airline: 'VN', number: '123456' } }],
    ['an OSI to another airline', { type: 'addOsi', airline: 'SQ', text: 'VIP' }],
    ['an unknown queue', { type: 'moveQueue', queue: { office: 'HANVN08SV', queue: 33, category: 0 } }],
    ['a queue category above 9', { type: 'moveQueue', queue: { office: 'HANVN08SV', queue: 12, category: 12 } }],
    ['an unknown passenger’s info', { type: 'setPaxInfo', info: { paxId: 9, code: 'EMAIL', value: 'a@b.vn' } }],
  ] as [string, PnrEdit][])('refuses %s, all or nothing', (_, edit) => {
    expect(() => apply([{ type: 'addRemark', kind: 'RM', text: 'OK' }, edit])).toThrow();
    expect(record.remarks).toEqual([]);
  });

  it('a small name correction after ticketing passes; the names and the DOCS birth date update', () => {
    const r = apply([
      { type: 'changeName', paxId: 1, title: 'MR', firstName: 'VAN ANH', lastName: 'NGUYEN' },
      { type: 'setPaxPhone', paxId: 1, phone: '0987654321' },
      { type: 'setPaxPhone', paxId: 1, phone: '0911111111' },
      { type: 'addSk', sk: { code: 'CKIN', text: 'HELP' } },
      { type: 'setCustomerAccount', account: { segment: 'CORP', account: 'ACME' } },
      { type: 'storeTst' },
      { type: 'moveQueue', queue: { office: 'HANVN08SV', queue: 12, category: 1 } },
    ]);
    expect(r.names[0].firstName).toBe('VAN ANH');
    expect(r.ssrs.filter((s) => s.code === 'CTCM').map((s) => s.text)).toEqual(['0911111111']);
    expect(r.sks).toEqual([{ id: 1, code: 'CKIN', text: 'HELP' }]);
    expect(r.customerAccount).toEqual({ segment: 'CORP', account: 'ACME' });
    expect(r.tst.map((t) => t.id)).toEqual([2]);
    expect(r.queue?.queue).toBe(12);
    expect(() => apply([{ type: 'moveQueue', queue: { office: 'HANVN08SV', queue: 12, category: 1 } }], r)).toThrow();
    expect(() => apply([{ type: 'addSk', sk: { code: 'CKIN', text: 'HELP' } }], r)).toThrow();
  });

  it('a birth date on QH: fits the passenger type or is refused; the DOCS follow', () => {
    const qh: PnrRecord = { ...record, airline: 'QH', docs: [{ paxId: 1, docType: 'P', number: 'C1', nationality: 'VNM', issuingCountry: 'VNM', expiry: '01/01/2035', birthDay: '15/04/1985', gender: 'M' }] };
    const r = applyEdits('QH', qh, { idempotencyKey: 'k', at: '', edits: [{ type: 'setBirthday', paxId: 1, birthDay: '16/04/1985' }] });
    expect(r.names[0].birthDay).toBe('16/04/1985');
    expect(r.docs[0].birthDay).toBe('16/04/1985');
    expect(() => applyEdits('QH', qh, { idempotencyKey: 'k', at: '', edits: [{ type: 'setBirthday', paxId: 3, birthDay: '01/01/2020' }] })).toThrow();
  });

  it('a service twice on the same segment, or on a segment not confirmed, is refused', () => {
    const once = apply([{ type: 'addSsr', ssr: { code: 'WCHR', paxId: 1, segId: 1, text: '' } }]);
    expect(() => apply([{ type: 'addSsr', ssr: { code: 'WCHR', paxId: 1, segId: 1, text: '' } }], once)).toThrow();
    const hl = { ...record, segments: record.segments.map((s) => ({ ...s, status: 'HL' as const })) };
    expect(() => apply([{ type: 'addSsr', ssr: { code: 'VGML', paxId: 1, segId: 1, text: '' } }], hl)).toThrow();
    expect(() => apply([{ type: 'storeTst' }], hl)).toThrow();
  });

  it.each([
    ['NGUYEN VAN AN', 'NGUYEN VAN ANH', 1],
    ['Nguyễn Văn An', 'NGUYEN VAN AN', 0],
    ['NGUYEN VAN AN', 'TRAN MINH', 9],
  ])('name distance %s → %s is %i', (a, b, d) => {
    expect(nameDistance(a, b)).toBe(d);
  });
});

describe('elementLines: what each screen shows before and after', () => {
  it('every screen has lines of its own elements', () => {
    const r = apply([
      { type: 'setDocs', docs: { paxId: 1, docType: 'P', number: 'C1234567', nationality: 'VNM', issuingCountry: 'VNM', expiry: '01/01/2035', birthDay: '15/04/1985', gender: 'M' } },
      { type: 'moveQueue', queue: { office: 'HANVN08SV', queue: 8, category: 1 } },
    ]);
    expect(elementLines(r, 'change-passport')).toEqual(['SSR DOCS P1 P/VNM/C1234567/VNM/15/04/1985/M/01/01/2035']);
    expect(elementLines(r, 'swap-queue')).toEqual(['QU HANVN08SV/8C1']);
    expect(elementLines(r, 'change-contact')).toEqual(['AP 0912345678']);
    expect(elementLines(record, 'add-sk')).toEqual([]);
    for (const s of ELEMENT_SCREENS) expect(Array.isArray(elementLines(r, s))).toBe(true);
  });
});

describe('the screens’ forms (plugins/booking-edit/model/element-screens.ts)', () => {
  it('every screen has a form whose starting values make a request the validators accept or name', () => {
    for (const s of ELEMENT_SCREENS) {
      const spec = SCREENS[s];
      const body = spec.body(spec.initial(record, 1));
      expect(body.screen).toBe(s);
    }
  });
  it.each([
    ['change-passport', { paxId: 1, docType: 'P', number: ' c1234567 ', nationality: 'vnm', issuingCountry: 'VNM', expiry: '01/01/2035', gender: 'M' }, { screen: 'change-passport', paxId: 1, docType: 'P', number: 'C1234567', nationality: 'VNM', issuingCountry: 'VNM', expiry: '01/01/2035', gender: 'M' }],
    ['add-remark', { kind: 'RM', mode: 'companion', companion: '1-3' }, { screen: 'add-remark', kind: 'RM', companion: { holderId: 1, companionId: 3 } }],
    ['add-sk', { code: 'ckin', text: 'help ', paxId: undefined }, { screen: 'add-sk', code: 'CKIN', text: 'help' }],
    ['swap-queue', { office: 'hanvn08sv', queue: 12, category: 0 }, { screen: 'swap-queue', office: 'HANVN08SV', queue: 12, category: 0 }],
  ] as const)('%s makes its body from the form values', (screen, values, body) => {
    expect(SCREENS[screen].body(values as Record<string, unknown>)).toEqual(body);
  });
  it('the passport form starts from the passenger’s DOCS or VNM and the title’s gender', () => {
    expect(SCREENS['change-passport'].initial(record, 2)).toMatchObject({ nationality: 'VNM', issuingCountry: 'VNM', gender: 'F', docType: 'P' });
  });
  it('companion pairs and the screen of a path', () => {
    expect(companionPairs(record)).toEqual([{ holderId: 1, companionId: 2 }, { holderId: 1, companionId: 3 }]);
    expect(screenOfPath('/booking/edit/change-passport/12', ELEMENT_SCREENS)).toBe('change-passport');
    expect(screenOfPath('/booking/edit/buy-seat/12', ELEMENT_SCREENS)).toBeNull();
    expect(screenOfPath('/booking/edit/12', ELEMENT_SCREENS)).toBeNull();
  });
});
