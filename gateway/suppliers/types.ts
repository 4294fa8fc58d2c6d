/**
 * What every supplier family shares: the call context, the settings of a source and the supplier error.
 * The families are flights.ts, rail.ts and esim.ts, each implemented by the simulator.
 */
import type { Source } from '../../contract/flights';

export type Language = 'vi' | 'en';

/** How one call to a supplier may wait. */
export interface SupplierCallContext {
  /** Give up after this many ms with SupplierError TIMEOUT. */
  timeoutMs?: number;
  /** Abort the call (the wait is interrupted). */
  signal?: AbortSignal;
}

// ----- Settings and errors ---------------------------------------------------------------------------------

export interface SupplierSettings {
  latencyMinMs: number;
  latencyMaxMs: number;
  /** 0..1: share of calls that fail with UNAVAILABLE. */
  failureRate: number;
  /**
   * Void cut-off as minutes after local midnight (Vietnam time) of the day of issue, 0 to 1440 (1440: to the end of
   * that day, midnight); unset: the source's own (FlightSupplier.voidDeadline).
   */
  voidCutoffMinutes?: number;
  // sched: schedule changes
  /** 0..1: share of flights (per flight and date) whose schedule the simulated airline changes (default 0). */
  scheduleChangeRate?: number;
}

export const DEFAULT_SUPPLIER_SETTINGS: Readonly<SupplierSettings> = { latencyMinMs: 150, latencyMaxMs: 1500, failureRate: 0 };

export type SupplierErrorCode = 'TIMEOUT' | 'UNAVAILABLE' | 'NO_AVAILABILITY' | 'INVALID_REQUEST';

const DEFAULT_MESSAGES: Record<SupplierErrorCode, { vi: string; en: string }> = {
  TIMEOUT: {
    vi: 'Hệ thống đặt chỗ không trả lời kịp. Vui lòng thử lại sau ít phút.',
    en: 'The reservation system did not answer in time. Please try again in a few minutes.',
  },
  UNAVAILABLE: {
    vi: 'Hệ thống đặt chỗ tạm thời không khả dụng. Vui lòng thử lại sau.',
    en: 'The reservation system is temporarily unavailable. Please try again later.',
  },
  NO_AVAILABILITY: {
    vi: 'Không còn chỗ cho hành trình đã chọn. Vui lòng chọn chuyến hoặc hạng vé khác.',
    en: 'No seats are left for the chosen journey. Please choose another flight or class.',
  },
  INVALID_REQUEST: {
    vi: 'Yêu cầu tìm kiếm không hợp lệ. Vui lòng kiểm tra lại hành trình và số hành khách.',
    en: 'The search request is not valid. Please check the journey and passenger counts.',
  },
};

export class SupplierError extends Error {
  readonly code: SupplierErrorCode;
  readonly source?: Source;
  readonly messageVi: string;
  readonly messageEn: string;

  constructor(code: SupplierErrorCode, options: { source?: Source; vi?: string; en?: string } = {}) {
    const en = options.en ?? DEFAULT_MESSAGES[code].en;
    super(en);
    this.name = 'SupplierError';
    this.code = code;
    this.source = options.source;
    this.messageVi = options.vi ?? DEFAULT_MESSAGES[code].vi;
    this.messageEn = en;
  }

  localized(lang: Language): string {
    return lang === 'vi' ? this.messageVi : this.messageEn;
  }
}
