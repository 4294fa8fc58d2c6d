/**
 * The unpaid PNR element edits of issue 15 (contract/aftersale-elements.ts), ONE endpoint for the fifteen screens:
 *
 *   POST /api/aftersale/bookings/:id/elements   elementEditRequest → elementEditResult
 *
 * The body is checked with the contract validators (400/41 reason elements with the problems per field, nothing
 * changes), turned into PnrEdits and sent to the airline in ONE supplier call (all or nothing). It goes through
 * payForEdit with amount 0: no ledger entry, but the same idempotency (the key again answers replayed true, the
 * key with another body 409/49), the history row (the affected elements before and after) and the audit entry;
 * an airline refusal is 502/80 with its message and leaves the PNR as it was.
 */
import type { FastifyInstance } from 'fastify';
import { bookingIdParams, type AfterSaleActionState, type PnrRecord } from '../../contract/aftersale';
import {
  ELEMENT_API,
  ELEMENT_SCREENS,
  elementEditProblems,
  elementEditRequest,
  elementEditResult,
  elementLines,
  remarkOf,
  type ElementEditRequest,
  type ElementEditResult,
  type ElementScreen,
} from '../../contract/aftersale-elements';
import { tstAmount } from '../../contract/aftersale-pnrsync';
import { remarkText } from '../../contract/bookings';
import type { Language } from '../../contract/constants';
import { ErrorCode } from '../../contract/errors';
import { allowed } from '../../policies/enforcer';
import { defineEndpoint } from '../platform/access/endpoint';
import { ApiError } from '../platform/http/errors';
import type { GatewayContext } from '../platform/module';
import { requireAuth } from '../platform/tenancy/scope';
import type { PnrEdit } from '../suppliers';
import { bodyHashOf, payForEdit, type Actor } from './payment';
import { dbPnrStore } from './pnr-store';
import { afterSaleBooking, sourceOf } from './record';
import { editablePnr, recordOf, type AfterSaleDeps } from './services';
import { currentQuote } from './tst-quote';

const MESSAGES = {
  notIssued: { vi: 'Cần xuất vé trước khi sửa PNR.', en: 'Issue the tickets before editing the PNR.' },
  departed: { vi: 'Chuyến bay đã khởi hành.', en: 'The flight has departed.' },
  permission: { vi: 'Tài khoản của bạn không có quyền đặt chỗ hoặc xuất vé.', en: 'Your account has neither the booking nor the ticketing right.' },
  onlyQh: { vi: 'Chỉ hãng QH (Bamboo Airways) cho đổi ngày sinh sau khi đặt chỗ.', en: 'Only QH (Bamboo Airways) changes birth dates after booking.' },
} as const satisfies Record<string, Record<Language, string>>;

/** The hub's element-edit actions: allowed on an issued booking still to fly, for a caller who may edit; QH only for the birth date. */
export async function elementActions(deps: AfterSaleDeps, actor: Actor, b: { issued: boolean; open: boolean; records: PnrRecord[] }): Promise<AfterSaleActionState[]> {
  const permitted = await allowed(deps.enforcer, actor.ctx.permissions, ELEMENT_API.edit, 'POST');
  const qh = b.records.some((r) => r.airline === 'QH');
  return ELEMENT_SCREENS.map((action) => {
    const reason = !b.issued ? 'notIssued' : !b.open ? 'departed' : !permitted ? 'permission' : action === 'change-birthday-qh' && !qh ? 'onlyQh' : undefined;
    return { action, allowed: reason === undefined, ...(reason ? { reason, message: MESSAGES[reason][actor.lang] } : {}) };
  });
}

/** The supplier edits of a request (the texts folded to the airline's upper-case ASCII). */
export function editsOf(body: ElementEditRequest, record: PnrRecord): PnrEdit[] {
  const up = (s: string) => remarkText(s);
  switch (body.screen) {
    case 'add-info-passenger':
      return [{ type: 'setPaxInfo', info: { paxId: body.paxId, code: body.code, value: body.code === 'EMAIL' ? body.value.trim() : up(body.value) } }];
    case 'change-passenger-info':
      return [{ type: 'changeName', paxId: body.paxId, title: body.title, firstName: up(body.firstName), lastName: up(body.lastName) }];
    case 'change-passport': {
      const p = record.names.find((n) => n.paxId === body.paxId);
      return [
        {
          type: 'setDocs',
          docs: { paxId: body.paxId, docType: body.docType, number: body.number.trim().toUpperCase(), nationality: body.nationality, issuingCountry: body.issuingCountry, expiry: body.expiry, birthDay: p?.birthDay ?? '', gender: body.gender },
        },
      ];
    }
    case 'change-birthday-qh':
      return [{ type: 'setBirthday', paxId: body.paxId, birthDay: body.birthDay }];
    case 'change-loyalty':
      return [{ type: 'setLoyalty', loyalty: { paxId: body.paxId, airline: body.airline, number: body.number.trim().toUpperCase() } }];
    case 'edit-phone':
      return [{ type: 'setPaxPhone', paxId: body.paxId, phone: body.phone }];
    case 'change-contact':
      return [{ type: 'setContact', kind: 'AP', value: body.phone }, ...(body.email ? [{ type: 'setContact' as const, kind: 'APE' as const, value: body.email.trim() }] : [])];
    case 'add-remark':
      return [{ type: 'addRemark', kind: body.kind, text: remarkOf(body, record) }];
    case 'add-osi':
      return [{ type: 'addOsi', airline: body.airline, text: up(body.text) }];
    case 'add-sk':
      return [{ type: 'addSk', sk: { code: body.code, text: up(body.text), ...(body.paxId !== undefined ? { paxId: body.paxId } : {}) } }];
    case 'add-ca':
      return [{ type: 'setCustomerAccount', account: { segment: body.segment, account: body.account.trim().toUpperCase() } }];
    case 'add-pax-endorsement':
      return [{ type: 'addEndorsement', endorsement: { text: up(body.text), ...(body.paxId !== undefined ? { paxId: body.paxId } : {}) } }];
    case 'add-services':
      return [{ type: 'addSsr', ssr: { code: body.code, paxId: body.paxId, segId: body.segId, text: up(body.text ?? '') } }];
    case 'retain-quote-tst':
      return [{ type: 'storeTst' }];
    case 'swap-queue':
      return [{ type: 'moveQueue', queue: { office: body.office, queue: body.queue, category: body.category } }];
  }
}

/** One line of the history and the ledger-free order: what the screen did (Vietnamese, like the other summaries). */
const SUMMARIES: Record<ElementScreen, string> = {
  'add-info-passenger': 'Thêm thông tin hành khách',
  'change-passenger-info': 'Sửa tên hành khách',
  'change-passport': 'Đổi hộ chiếu (DOCS)',
  'change-birthday-qh': 'Đổi ngày sinh (QH)',
  'change-loyalty': 'Đổi thẻ hội viên (FQTV)',
  'edit-phone': 'Sửa số điện thoại hành khách',
  'change-contact': 'Đổi liên hệ (AP)',
  'add-remark': 'Thêm ghi chú (RM)',
  'add-osi': 'Thêm OSI',
  'add-sk': 'Thêm SK',
  'add-ca': 'Thêm tài khoản khách hàng (CA)',
  'add-pax-endorsement': 'Thêm endorsement',
  'add-services': 'Thêm dịch vụ (SSR)',
  'retain-quote-tst': 'Lưu giá (TST)',
  'swap-queue': 'Chuyển hàng đợi',
};

export async function editElements(deps: AfterSaleDeps, actor: Actor, bookingId: number, body: ElementEditRequest): Promise<ElementEditResult> {
  const b = await afterSaleBooking(deps.db, actor.ctx, bookingId);
  const row = editablePnr(deps, b, body.pnr, actor.lang);
  const before = await recordOf(deps, b, row, actor.lang);
  const problems = elementEditProblems(body, before, deps.now());
  if (problems.length > 0) throw new ApiError(ErrorCode.VALIDATION, { reason: 'elements', problems });
  let edits = editsOf(body, before);
  let summary = SUMMARIES[body.screen];
  if (body.screen === 'retain-quote-tst' && !before.appliedKeys.includes(body.idempotencyKey)) {
    // pnrsync: the itinerary as it is now, priced again by its source, is what gets stored
    const tst = await currentQuote(deps, before, actor.lang);
    edits = [{ type: 'storeTst', tst }];
    const amount = (x: number) => `${String(x).replace(/\B(?=(\d{3})+(?!\d))/g, '.')} ₫`;
    summary = `${summary}: ${amount(tstAmount(before))} → ${amount(tstAmount({ names: before.names, tst: tst.map((t, i) => ({ ...t, id: i + 1 })) }))}`;
  }
  let lines: { before: string[]; after: string[] } | null = null;
  const result = await payForEdit(deps.db, actor, {
    bookingId: b.booking.id,
    agencyId: b.booking.agencyId,
    pnr: body.pnr,
    kind: body.screen,
    idempotencyKey: body.idempotencyKey,
    bodyHash: bodyHashOf({ bookingId, ...body, idempotencyKey: undefined }),
    amount: 0,
    summary,
    before,
    diff: (x, y) => {
      lines = { before: elementLines(x, body.screen), after: elementLines(y, body.screen) };
      return { ...lines, emds: [] };
    },
    apply: async () => {
      const after = await deps.suppliers.pnr(sourceOf(row)).edit({ pnr: body.pnr, idempotencyKey: body.idempotencyKey, edits, at: deps.now().toISOString() }, { store: dbPnrStore(deps.db) });
      return { before, after };
    },
  });
  if (lines) return { pnr: body.pnr, screen: body.screen, ...(lines as { before: string[]; after: string[] }), replayed: false };
  // a replay: the record as it is now
  const now = elementLines(await recordOf(deps, b, row, actor.lang), body.screen);
  return { pnr: result.pnr, screen: body.screen, before: now, after: now, replayed: true };
}

export function registerElementEdits(app: FastifyInstance, ctx: GatewayContext, deps: AfterSaleDeps): void {
  defineEndpoint(app, ctx.access, {
    method: 'POST',
    url: ELEMENT_API.edit,
    tags: ['aftersale'],
    summary: 'Edit PNR elements without new flights (the fifteen element edit screens of booking/edit)',
    description:
      'One body per screen, discriminated by `screen`: passengers (add-info-passenger, change-passenger-info, change-passport DOCS, change-birthday-qh, ' +
      'change-loyalty FQTV), contacts and remarks (edit-phone CTCM, change-contact AP/APE, add-remark RM/RC with spec point 5’s companion rule, add-osi, ' +
      'add-sk, add-ca, add-pax-endorsement, add-services SSR), fares and queues (retain-quote-tst, swap-queue). No money moves. One supplier call, all or ' +
      'nothing; the history (elements before and after) and the audit log. Idempotent by idempotencyKey (replayed true). 400/41 reason elements with ' +
      '`problems` [{ field, problem }]; 404/44 outside the caller’s scope; 409/49 notIssued, departed, idempotencyKeyReused; 502/80 with the airline’s ' +
      'message when it refuses (a name change beyond a small correction after ticketing, a document expiring before the flight, a birth date off QH, an ' +
      'unknown queue…), the PNR unchanged.',
    params: bookingIdParams,
    body: elementEditRequest,
    response: elementEditResult,
    handler: async ({ params, body, auth, lang, meta }) => editElements(deps, { ctx: requireAuth(auth), lang, meta }, params.id, body),
  });
}
