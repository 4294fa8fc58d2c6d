/**
 * The simulated wholesale eSIM partner. Its ICCIDs carry what it needs to answer usage after a restart: the
 * package (index in its catalogue) and the hour of the order; top-ups and refunds are kept in memory (the
 * gateway keeps its own record of both). An eSIM is activated by the traveller 6 to 47 hours after the order
 * (one in five never is), then uses 200 to 1,100 MB a day until its data or validity runs out: all derived
 * from the ICCID, so the same question at the same instant gets the same answer. Latency and failures are
 * the settings'; tests inject `random` and `sleep`.
 */
import { createHash } from 'node:crypto';
import type { EsimOrderRequest, EsimOrderResult, EsimPackage, EsimProfile, EsimSupplier, EsimUsageAnswer } from '../esim';
import { SupplierError, type SupplierCallContext, type SupplierSettings } from '../types';
import { simulatedPackages } from './esim-catalogue';
import { hash32 } from './random';
import { simulateNetwork, type SimulationHooks } from './supplier';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The SM-DP+ server of the simulated partner. */
export const SIM_SMDP = 'smdp.example';

const MESSAGES = {
  TIMEOUT: { vi: 'Nhà cung cấp eSIM không trả lời kịp. Vui lòng thử lại sau ít phút.', en: 'The eSIM provider did not answer in time. Please try again in a few minutes.' },
  UNAVAILABLE: { vi: 'Nhà cung cấp eSIM tạm thời không khả dụng. Vui lòng thử lại sau.', en: 'The eSIM provider is temporarily unavailable. Please try again later.' },
  unknownPackage: { vi: 'Gói eSIM không còn được bán. Vui lòng chọn gói khác.', en: 'The eSIM package is no longer sold. Please choose another one.' },
  unknownEsim: { vi: 'Nhà cung cấp không tìm thấy eSIM này.', en: 'The provider does not know this eSIM.' },
  activated: { vi: 'eSIM đã được kích hoạt nên không thể hoàn.', en: 'The eSIM has been activated and cannot be refunded.' },
  refunded: { vi: 'eSIM đã được hoàn trước đó.', en: 'The eSIM has already been refunded.' },
  noTopUp: { vi: 'Gói nạp thêm không dùng được cho eSIM này.', en: 'This top-up does not fit the eSIM.' },
  expired: { vi: 'eSIM đã hết hạn nên không thể nạp thêm.', en: 'The eSIM has expired and cannot be topped up.' },
} as const;

/** Luhn check digit of a digit string. */
export function luhnDigit(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

interface Held {
  packageIndex: number;
  orderedAt: number;
  topUps: { packageId: string; key: string }[];
  refunded: boolean;
}

export class SimulatedEsimSupplier implements EsimSupplier {
  readonly source = 'SIM-ESIM';
  private readonly catalogue = simulatedPackages();
  private readonly index = new Map(this.catalogue.map((p, i) => [p.id, i]));
  private readonly held = new Map<string, Held>();
  private readonly orders = new Map<string, EsimOrderResult>();
  private readonly refunds = new Map<string, { iccid: string; refunded: number }>();

  constructor(
    private readonly settings: SupplierSettings,
    private readonly hooks: SimulationHooks,
  ) {}

  async packages(ctx: SupplierCallContext = {}): Promise<EsimPackage[]> {
    await this.respond(ctx);
    return this.catalogue.map((p) => ({ ...p, countries: [...p.countries], fairUse: p.fairUse ? { ...p.fairUse } : null }));
  }

  async order(request: EsimOrderRequest, ctx: SupplierCallContext = {}): Promise<EsimOrderResult> {
    await this.respond(ctx);
    const done = this.orders.get(request.idempotencyKey);
    if (done) return done;
    const orderedAt = Date.parse(request.orderedAt);
    if (!Number.isFinite(orderedAt)) throw invalid('unknownPackage');
    const esims: EsimProfile[] = [];
    let netTotal = 0;
    for (const [line, item] of request.items.entries()) {
      const packageIndex = this.index.get(item.packageId);
      if (packageIndex === undefined) throw invalid('unknownPackage');
      for (let n = 0; n < item.quantity; n++) {
        const serial = String(hash32(`${request.idempotencyKey}:${line}:${n}`) % 1_000_000).padStart(6, '0');
        const body = `8984${String(packageIndex).padStart(3, '0')}${String(Math.floor(orderedAt / HOUR)).padStart(6, '0')}${serial}`;
        const iccid = body + luhnDigit(body);
        const matchingId = createHash('sha256').update(`matching:${iccid}`).digest('hex').slice(0, 20).toUpperCase().replace(/(.{5})(?=.)/g, '$1-');
        esims.push({ iccid, packageId: item.packageId, smdpAddress: SIM_SMDP, matchingId, activationCode: `LPA:1$${SIM_SMDP}$${matchingId}` });
        this.held.set(iccid, { packageIndex, orderedAt, topUps: [], refunded: false });
        netTotal += this.catalogue[packageIndex].netPrice;
      }
    }
    const result: EsimOrderResult = { supplierOrderId: `SO-${hash32(request.idempotencyKey).toString(36).toUpperCase()}`, esims, netTotal };
    this.orders.set(request.idempotencyKey, result);
    return result;
  }

  async usage(request: { iccid: string; asOf: string }, ctx: SupplierCallContext = {}): Promise<EsimUsageAnswer> {
    await this.respond(ctx);
    return this.usageOf(request.iccid, Date.parse(request.asOf));
  }

  async topUp(request: { iccid: string; packageId: string; idempotencyKey: string; asOf: string }, ctx: SupplierCallContext = {}): Promise<EsimUsageAnswer> {
    await this.respond(ctx);
    const held = this.recall(request.iccid);
    const asOf = Date.parse(request.asOf);
    if (held.topUps.some((t) => t.key === request.idempotencyKey)) return this.usageOf(request.iccid, asOf);
    const base = this.catalogue[held.packageIndex];
    const extra = this.catalogue[this.index.get(request.packageId) ?? -1];
    if (!extra || !extra.topUp || !sameCoverage(base, extra)) throw invalid('noTopUp');
    const now = this.usageOf(request.iccid, asOf);
    if (now.status === 'EXPIRED' || now.status === 'REFUNDED') throw invalid('expired');
    held.topUps.push({ packageId: extra.id, key: request.idempotencyKey });
    return this.usageOf(request.iccid, asOf);
  }

  async refund(request: { iccid: string; idempotencyKey: string; asOf: string }, ctx: SupplierCallContext = {}): Promise<{ iccid: string; refunded: number }> {
    await this.respond(ctx);
    const done = this.refunds.get(request.idempotencyKey);
    if (done) return done;
    const held = this.recall(request.iccid);
    if (held.refunded) throw invalid('refunded');
    const now = this.usageOf(request.iccid, Date.parse(request.asOf));
    if (now.status !== 'NOT_ACTIVATED') throw invalid('activated');
    held.refunded = true;
    const refunded = this.catalogue[held.packageIndex].netPrice + held.topUps.reduce((s, t) => s + (this.catalogue[this.index.get(t.packageId)!]?.netPrice ?? 0), 0);
    const result = { iccid: request.iccid, refunded };
    this.refunds.set(request.idempotencyKey, result);
    return result;
  }

  /** The eSIM as ordered: from memory, else decoded from its ICCID (after a restart, without its top-ups). */
  private recall(iccid: string): Held {
    const known = this.held.get(iccid);
    if (known) return known;
    const m = /^8984(\d{3})(\d{6})\d{6}(\d)$/.exec(iccid);
    if (!m || luhnDigit(iccid.slice(0, -1)) !== m[3] || Number(m[1]) >= this.catalogue.length) throw invalid('unknownEsim');
    const held: Held = { packageIndex: Number(m[1]), orderedAt: Number(m[2]) * HOUR, topUps: [], refunded: false };
    this.held.set(iccid, held);
    return held;
  }

  private usageOf(iccid: string, asOf: number): EsimUsageAnswer {
    const held = this.recall(iccid);
    const pkg = this.catalogue[held.packageIndex];
    const extras = held.topUps.map((t) => this.catalogue[this.index.get(t.packageId)!]).filter(Boolean);
    const totalMb = pkg.dataMb === null ? null : pkg.dataMb + extras.reduce((s, e) => s + (e.dataMb ?? 0), 0);
    const days = pkg.validityDays + extras.reduce((s, e) => s + e.validityDays, 0);
    // the traveller's habits: from the package and serial digits (not the order hour), so a demo order behaves alike at every seed
    const h = hash32(`usage:${iccid.slice(0, 7)}${iccid.slice(13, 19)}`);
    const neverActivated = h % 5 === 0;
    const activatedAt = held.orderedAt + (6 + (h % 42)) * HOUR;
    const base = { iccid, totalMb };
    if (held.refunded) return { ...base, status: 'REFUNDED', usedMb: 0, remainingMb: totalMb, activatedAt: null, expiresAt: null };
    if (neverActivated || asOf < activatedAt) return { ...base, status: 'NOT_ACTIVATED', usedMb: 0, remainingMb: totalMb, activatedAt: null, expiresAt: null };
    const expiresAt = activatedAt + days * DAY;
    const perDay = 200 + (h % 901);
    const elapsedDays = (Math.min(asOf, expiresAt) - activatedAt) / DAY;
    const used = Math.floor(perDay * elapsedDays);
    const usedMb = totalMb === null ? used : Math.min(totalMb, used);
    const remainingMb = totalMb === null ? null : totalMb - usedMb;
    const status = asOf >= expiresAt ? 'EXPIRED' : remainingMb === 0 ? 'DEPLETED' : 'ACTIVE';
    return { ...base, status, usedMb, remainingMb, activatedAt: new Date(activatedAt).toISOString(), expiresAt: new Date(expiresAt).toISOString() };
  }

  /** The simulated network: waits the latency, then fails with the configured probability. */
  private respond(ctx: SupplierCallContext): Promise<void> {
    return simulateNetwork(this.settings, this.hooks, ctx, { cancelled: MESSAGES.TIMEOUT, timeout: MESSAGES.TIMEOUT, unavailable: MESSAGES.UNAVAILABLE });
  }

}

function invalid(key: keyof typeof MESSAGES): SupplierError {
  return new SupplierError('INVALID_REQUEST', MESSAGES[key]);
}

/** A top-up fits an eSIM whose package covers the same countries. */
function sameCoverage(a: EsimPackage, b: EsimPackage): boolean {
  return a.coverage === b.coverage && a.countries.length === b.countries.length && a.countries.every((c, i) => b.countries[i] === c);
}
