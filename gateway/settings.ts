/**
 * Settings of the gateway, read once from the environment and validated. A bad value stops the start with a
 * message naming the variable.
 *
 * JWT_SECRET: when unset, a random secret is generated on first start and kept in the database itself
 * (table app_secrets), so it survives restarts on both PGlite (DATA_DIR) and PostgreSQL, and every instance
 * sharing one PostgreSQL database signs with the same key. See platform/db/secrets.ts.
 *
 * Flight supply (gateway/suppliers, simulated now):
 *   SUPPLIER_LATENCY_MS      latency of every source, "min-max" or one value in ms (default "150-1500")
 *   SUPPLIER_FAILURE_RATE    share of calls that fail, 0..1 (default 0)
 *   SUPPLIER_<SRC>_LATENCY_MS, SUPPLIER_<SRC>_FAILURE_RATE
 *                            per-source overrides, <SRC> one of VN VJ QH VU 1A 1B 1G
 *                            (e.g. SUPPLIER_1G_FAILURE_RATE=1, SUPPLIER_VJ_LATENCY_MS=3000)
 *   SUPPLIER_RAIL_LATENCY_MS, SUPPLIER_RAIL_FAILURE_RATE
 *                            the railway's own (search, issue, refund of train tickets)
 *   SUPPLIER_ESIM_LATENCY_MS, SUPPLIER_ESIM_FAILURE_RATE
 *                            the same two for the eSIM partner (orders, usage, top-ups, refunds; its catalogue
 *                            answers at once), e.g. SUPPLIER_ESIM_FAILURE_RATE=1
 *   SUPPLIER_TIMEOUT_MS      a search task still unanswered after this fails with TIMEOUT (default 20000)
 *   SUPPLIER_VOID_CUTOFF     "HH:mm" (Vietnam time): the void cut-off of every source, e.g. 23:59; unset, each
 *                            source keeps its own (VN 23:30, VJ 22:00, QH and VU 23:00, 1A 23:59, 1B 23:45, 1G 23:30)
 *   SCHEDULE_CHANGE_RATE     share of flights (per flight and date) the simulated airlines reschedule (default 0.03)
 *   SCHEDULE_CHANGE_EVERY_MS ms between the rounds bringing schedule changes into issued PNRs (default 600000; 0 none)
 *   SEARCH_SESSION_TTL_SECONDS  a flight search session is forgotten this long after its last use (default 900)
 *   SEARCH_SESSIONS_PER_USER    live search sessions per user; a new one drops the oldest (default 5)
 *   HOLDS_OPEN_PER_USER      open flight holds a user may have at once (default 20)
 *   HOLDS_OPEN_PER_AGENCY    open flight holds of one agency at once (default 200)
 */
import path from 'node:path';
import { z } from 'zod';
import { CLIENT_VERSION, DEFAULT_AES_IV, DEFAULT_AES_KEY } from '../contract/constants';
import { SOURCES, type Source } from '../contract/flights';
import type { SuppliersSettings } from './suppliers';

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const onOff = z.enum(['on', 'off']);

/** "150-1500" or "300" (ms) → { latencyMinMs, latencyMaxMs }. */
const latency = z
  .string()
  .regex(/^\d{1,6}(\s*-\s*\d{1,6})?$/, 'must be milliseconds "min-max" or one value, e.g. 150-1500')
  .transform((v) => {
    const [min, max = min] = v.split('-').map((x) => Number(x.trim()));
    return { latencyMinMs: min, latencyMaxMs: max };
  })
  .refine((v) => v.latencyMinMs <= v.latencyMaxMs, 'the minimum must not exceed the maximum');
const rate = z.coerce.number().min(0).max(1);

type SourceLatencyKey = `SUPPLIER_${Source}_LATENCY_MS`;
type SourceRateKey = `SUPPLIER_${Source}_FAILURE_RATE`;
const latencyKey = (s: Source) => `SUPPLIER_${s}_LATENCY_MS` as SourceLatencyKey;
const rateKey = (s: Source) => `SUPPLIER_${s}_FAILURE_RATE` as SourceRateKey;
const perSource = Object.fromEntries(
  SOURCES.flatMap((s) => [
    [latencyKey(s), latency.optional()],
    [rateKey(s), rate.optional()],
  ]),
) as Record<SourceLatencyKey, z.ZodOptional<typeof latency>> & Record<SourceRateKey, z.ZodOptional<typeof rate>>;

const envSchema = z.object({
  PORT: int(0, 65_535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  AES_KEY: z.string().length(32, 'must be exactly 32 characters').default(DEFAULT_AES_KEY),
  AES_IV: z.string().length(16, 'must be exactly 16 characters').default(DEFAULT_AES_IV),
  APP_VERSION: z.string().min(1).default(CLIENT_VERSION),
  CAPTCHA: onOff.default('on'),
  /** Seconds. */
  ACCESS_TOKEN_TTL: int(1, 86_400).default(900),
  /** Seconds. */
  REFRESH_TOKEN_TTL: int(60, 365 * 86_400).default(7 * 86_400),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Key of the sign-in credentials at rest (AES-256-GCM, derived by SHA-256); when unset one is generated and kept in app_secrets. */
  SIGNIN_SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  STATIC_DIR: z.string().min(1).default('./dist'),
  LOCALES_DIR: z.string().min(1).default('./locales'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** auto: seed the demo data when the database has no agency; on: run the (idempotent) seed at every start; off: never. */
  SEED: z.enum(['auto', 'on', 'off']).default('auto'),
  /** on: when the demo data is seeded, the demo agents also book a few trips through the API (gateway/seed/history.ts). */
  DEMO_HISTORY: onOff.default('on'),
  /** Take X-Forwarded-For into account (only behind a trusted reverse proxy). */
  TRUST_PROXY: onOff.default('off'),
  /** Failed sign-ins of one user name within LOGIN_WINDOW_SECONDS before answers are slowed (429, code 52). */
  LOGIN_MAX_FAILURES: int(1, 1000).default(5),
  /** Failed sign-ins of one user name within the window before it is locked (423, code 53). */
  LOGIN_LOCK_FAILURES: int(1, 1000).default(10),
  /** The same two limits per client IP (higher: an agency office shares one address). */
  LOGIN_IP_MAX_FAILURES: int(1, 10_000).default(20),
  LOGIN_IP_LOCK_FAILURES: int(1, 10_000).default(50),
  LOGIN_WINDOW_SECONDS: int(1, 86_400).default(900),
  LOGIN_LOCK_SECONDS: int(1, 86_400).default(900),
  /** First wait once slowed; doubles with every further failure (capped at the lock time). */
  LOGIN_SLOWDOWN_SECONDS: int(1, 3600).default(30),
  CAPTCHA_TTL_SECONDS: int(10, 3600).default(120),
  RESET_CODE_TTL_SECONDS: int(60, 86_400).default(900),
  SUPPLIER_LATENCY_MS: latency.default({ latencyMinMs: 150, latencyMaxMs: 1500 }),
  SUPPLIER_FAILURE_RATE: rate.default(0),
  ...perSource,
  SUPPLIER_RAIL_LATENCY_MS: latency.optional(),
  SUPPLIER_RAIL_FAILURE_RATE: rate.optional(),
  SUPPLIER_ESIM_LATENCY_MS: latency.optional(),
  SUPPLIER_ESIM_FAILURE_RATE: rate.optional(),
  SUPPLIER_TIMEOUT_MS: int(1, 600_000).default(20_000),
  SUPPLIER_VOID_CUTOFF: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day HH:mm, e.g. 23:30')
    .transform((v) => Number(v.slice(0, 2)) * 60 + Number(v.slice(3, 5)))
    .optional(),
  // ─── sched: schedule changes
  /** Share of flights (per flight and date) whose schedule the simulated airlines change, 0..1. */
  SCHEDULE_CHANGE_RATE: rate.default(0.03),
  /** ms between the rounds that bring the airlines' schedule changes into the issued PNRs (0: none). */
  SCHEDULE_CHANGE_EVERY_MS: int(0, 86_400_000).default(600_000),
  SEARCH_SESSION_TTL_SECONDS: int(10, 86_400).default(900),
  SEARCH_SESSIONS_PER_USER: int(1, 100).default(5),
  // ─── Security: open flight holds (bookings not yet issued, within their time limit)
  /** Open holds a user may have at once; one more is 409/49 reason openHoldsLimit. */
  HOLDS_OPEN_PER_USER: int(1, 100_000).default(20),
  /** Open holds of one agency (all its users) at once. */
  HOLDS_OPEN_PER_AGENCY: int(1, 1_000_000).default(200),
  // ─── Security: booking e-mail
  /** Booking e-mails a user may send per hour (each call, whatever its recipients). */
  MAIL_PER_USER_HOUR: int(1, 10_000).default(20),
  /** Booking e-mails per booking per hour. */
  MAIL_PER_BOOKING_HOUR: int(1, 10_000).default(10),
  /**
   * Besides the booking's contact, the caller and the agency: addresses (a@b.vn) or whole domains (@b.vn),
   * comma-separated, that booking e-mails may go to.
   */
  MAIL_ALLOWED_RECIPIENTS: z.string().max(4000).default(''),
  // ─── perf-mem: memory bounds
  /** PostgreSQL's shared_buffers of the embedded PGlite (its WASM memory never shrinks), e.g. 32MB; unused on PostgreSQL. */
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^\d{1,6}(kB|MB|GB)$/, 'must be a size like 32MB (kB, MB or GB)')
    .default('32MB'),
  /**
   * on: V8 also compiles PGlite's hot WebAssembly functions with its optimizing compiler (about 50 MB more resident
   * code); off: its baseline code only. Unused on PostgreSQL.
   */
  PGLITE_WASM_OPTIMIZE: onOff.default('off'),
  /**
   * Route, day and source drafts of simulated offers kept in memory (most recently used), with their priced
   * offers and JSON text about 250 KB each (one way; a GDS round trip's combined lists count with it):
   * 200 hold 2 routes × 10 days of the 7 sources (the search bench).
   */
  OFFER_DRAFT_CACHE_SIZE: int(1, 100_000).default(200),
  /** The same cache's bound in MB of heap (estimated from its fare classes), whichever bound is reached first. */
  OFFER_DRAFT_CACHE_MB: int(1, 100_000).default(40),
  /** on: GET /debugz/memory answers the process's memory figures (benchmarks; keep off in production). */
  MEMORY_DIAGNOSTICS: onOff.default('off'),
});

export type RawSettings = z.infer<typeof envSchema>;

type SupplierKeys =
  | 'SUPPLIER_LATENCY_MS'
  | 'SUPPLIER_FAILURE_RATE'
  | 'SUPPLIER_VOID_CUTOFF'
  | 'SUPPLIER_RAIL_LATENCY_MS'
  | 'SUPPLIER_RAIL_FAILURE_RATE'
  | 'SUPPLIER_ESIM_LATENCY_MS'
  | 'SUPPLIER_ESIM_FAILURE_RATE'
  | SourceLatencyKey
  | SourceRateKey;

export interface Settings extends Omit<RawSettings, 'CAPTCHA' | 'TRUST_PROXY' | 'DATA_DIR' | 'STATIC_DIR' | 'LOCALES_DIR' | SupplierKeys> {
  /** Latency and failure rate of the flight suppliers, defaults and per-source overrides (createSupplierRegistry). */
  SUPPLIERS: Required<Pick<SuppliersSettings, 'defaults' | 'sources'>> & Pick<SuppliersSettings, 'rail' | 'esim'>;
  CAPTCHA: boolean;
  TRUST_PROXY: boolean;
  /** Absolute paths. */
  DATA_DIR: string;
  STATIC_DIR: string;
  LOCALES_DIR: string;
}

export class SettingsError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'SettingsError';
  }
}

/** Reads and validates the settings; empty strings count as unset. Throws SettingsError. */
export function loadSettings(env: Record<string, string | undefined> = process.env, cwd: string = process.cwd()): Settings {
  const input: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value.trim() !== '') input[key] = value.trim();
  }
  const parsed = envSchema.safeParse(input);
  if (!parsed.success) {
    throw new SettingsError(parsed.error.issues.map((i) => `${i.path.join('.') || '(settings)'}: ${i.message}`));
  }
  const s = parsed.data;
  const problems: string[] = [];
  if (s.LOGIN_LOCK_FAILURES < s.LOGIN_MAX_FAILURES) problems.push('LOGIN_LOCK_FAILURES: must not be below LOGIN_MAX_FAILURES');
  if (s.LOGIN_IP_LOCK_FAILURES < s.LOGIN_IP_MAX_FAILURES) problems.push('LOGIN_IP_LOCK_FAILURES: must not be below LOGIN_IP_MAX_FAILURES');
  if (s.REFRESH_TOKEN_TTL <= s.ACCESS_TOKEN_TTL) problems.push('REFRESH_TOKEN_TTL: must be longer than ACCESS_TOKEN_TTL');
  if (problems.length > 0) throw new SettingsError(problems);
  const sources: SuppliersSettings['sources'] = {};
  for (const source of SOURCES) {
    const l = s[latencyKey(source)];
    const r = s[rateKey(source)];
    if (l || r !== undefined) sources[source] = { ...l, ...(r !== undefined ? { failureRate: r } : {}) };
  }
  const rest: Partial<RawSettings> = { ...s };
  const esim = { ...s.SUPPLIER_ESIM_LATENCY_MS, ...(s.SUPPLIER_ESIM_FAILURE_RATE !== undefined ? { failureRate: s.SUPPLIER_ESIM_FAILURE_RATE } : {}) };
  const rail = { ...s.SUPPLIER_RAIL_LATENCY_MS, ...(s.SUPPLIER_RAIL_FAILURE_RATE !== undefined ? { failureRate: s.SUPPLIER_RAIL_FAILURE_RATE } : {}) };
  for (const key of ['SUPPLIER_LATENCY_MS', 'SUPPLIER_FAILURE_RATE', 'SUPPLIER_VOID_CUTOFF', 'SUPPLIER_RAIL_LATENCY_MS', 'SUPPLIER_RAIL_FAILURE_RATE', 'SUPPLIER_ESIM_LATENCY_MS', 'SUPPLIER_ESIM_FAILURE_RATE', ...SOURCES.flatMap((x) => [latencyKey(x), rateKey(x)])] as const) delete rest[key];
  return {
    ...(rest as Omit<RawSettings, SupplierKeys>),
    SUPPLIERS: {
      defaults: { ...s.SUPPLIER_LATENCY_MS, failureRate: s.SUPPLIER_FAILURE_RATE, ...(s.SUPPLIER_VOID_CUTOFF !== undefined ? { voidCutoffMinutes: s.SUPPLIER_VOID_CUTOFF } : {}), scheduleChangeRate: s.SCHEDULE_CHANGE_RATE },
      sources,
      ...(Object.keys(rail).length > 0 ? { rail } : {}),
      ...(Object.keys(esim).length > 0 ? { esim } : {}),
    },
    CAPTCHA: s.CAPTCHA === 'on',
    TRUST_PROXY: s.TRUST_PROXY === 'on',
    DATA_DIR: path.resolve(cwd, s.DATA_DIR),
    STATIC_DIR: path.resolve(cwd, s.STATIC_DIR),
    LOCALES_DIR: path.resolve(cwd, s.LOCALES_DIR),
  };
}

/** The variables the settings read, for help texts. */
export const SETTING_NAMES = Object.keys(envSchema.shape);
