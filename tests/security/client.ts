/**
 * An outside client of the gateway: it shares NO code with the project (no import of contract/, policies/,
 * gateway/ or the test helpers). It speaks the wire protocol of the spec (point 7) with plain fetch and its own
 * AES-256-CBC (node:crypto): every non-GET body is `{"data": base64(AES-256-CBC(JSON))}`, the `tsp` header
 * is the encrypted client time in ms, and `Client-Type: Web`, `X-Language` go on every call.
 *
 * The key and IV are the gateway's (AES_KEY, 32 characters; AES_IV, 16), by default the portal's built-in ones.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export interface Cipher {
  key: string;
  iv: string;
}

export const DEFAULT_CIPHER: Cipher = {
  key: process.env.AES_KEY ?? 'AgencyPortal#2026$RefGateway!K32',
  iv: process.env.AES_IV ?? 'AgencyIV#2026!16',
};

export function aesEncrypt(plain: string, cipher: Cipher = DEFAULT_CIPHER): string {
  const c = createCipheriv('aes-256-cbc', Buffer.from(cipher.key, 'utf8'), Buffer.from(cipher.iv, 'utf8'));
  return Buffer.concat([c.update(plain, 'utf8'), c.final()]).toString('base64');
}

export function aesDecrypt(b64: string, cipher: Cipher = DEFAULT_CIPHER): string {
  const d = createDecipheriv('aes-256-cbc', Buffer.from(cipher.key, 'utf8'), Buffer.from(cipher.iv, 'utf8'));
  return Buffer.concat([d.update(Buffer.from(b64, 'base64')), d.final()]).toString('utf8');
}

/**
 * The X-Pin header of spec point 8: the PIN under AES-128-CBC, keyed by the MD5 digest of the salt the gateway
 * sent in its 403/120 answer, with the protocol's IV.
 */
export function pinHeader(pin: string, salt: string, cipher: Cipher = DEFAULT_CIPHER): string {
  const key = createHash('md5').update(salt, 'utf8').digest();
  const c = createCipheriv('aes-128-cbc', key, Buffer.from(cipher.iv, 'utf8'));
  return Buffer.concat([c.update(pin, 'utf8'), c.final()]).toString('base64');
}

export interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  text: string;
  headers: Headers;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** The raw request body (no envelope): malformed requests. */
  raw?: string;
  /** tsp: a number of ms to encrypt, a string sent as it is, null for none (default: now, strictly increasing). */
  tsp?: number | string | null;
  headers?: Record<string, string>;
  lang?: 'vi' | 'en';
  /** The client address the gateway should see (X-Forwarded-For; the suite's gateways trust it). */
  ip?: string;
}

let lastTsp = 0;
function freshTsp(): number {
  lastTsp = Math.max(Date.now(), lastTsp + 1);
  return lastTsp;
}

export class OutsideClient {
  /** Requests sent and 5xx answers seen, for the figures. */
  constructor(
    readonly baseUrl: string,
    readonly cipher: Cipher = DEFAULT_CIPHER,
    readonly stats = { requests: 0, serverErrors: [] as string[] },
  ) {}

  /** A client of another gateway (instance) counting into the same figures. */
  at(baseUrl: string): OutsideClient {
    return new OutsideClient(baseUrl, this.cipher, this.stats);
  }

  async call(method: string, path: string, options: CallOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { 'Client-Type': 'Web', 'X-Language': options.lang ?? 'en', ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.ip) headers['x-forwarded-for'] = options.ip;
    const tsp = options.tsp === undefined ? freshTsp() : options.tsp;
    if (typeof tsp === 'number') headers.tsp = aesEncrypt(String(tsp), this.cipher);
    else if (typeof tsp === 'string') headers.tsp = tsp;
    let body: string | undefined;
    if (options.raw !== undefined) body = options.raw;
    else if (method !== 'GET' && method !== 'HEAD') body = JSON.stringify({ data: aesEncrypt(JSON.stringify(options.body ?? {}), this.cipher) });
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const res = await fetch(`${this.baseUrl}${path}`, { method, headers, body });
    const text = await res.text();
    this.stats.requests += 1;
    if (res.status >= 500) this.stats.serverErrors.push(`${method} ${path} → ${res.status} ${text.slice(0, 200)}`);
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    return { status: res.status, body: parsed, text, headers: res.headers };
  }

  get(path: string, options: CallOptions = {}) {
    return this.call('GET', path, options);
  }
  post(path: string, body: unknown, options: CallOptions = {}) {
    return this.call('POST', path, { ...options, body });
  }
}

export interface Session {
  username: string;
  token: string;
  userId: number;
  agencyId: number;
  /** Upper-case permission names of the login answer. */
  permissions: Set<string>;
}

export async function signIn(client: OutsideClient, username: string, password: string, ip?: string): Promise<Session> {
  const res = await client.post('/api/auth/login', { username, password, captchaId: '', captcha: '' }, { ip });
  if (res.status !== 200) throw new Error(`sign-in of ${username}: ${res.status} ${res.text.slice(0, 300)}`);
  const b = res.body as { accessToken: string; permissions: string[]; memberInfo: { id: number }; agentInfo: { id: number } };
  return {
    username,
    token: b.accessToken,
    userId: b.memberInfo.id,
    agencyId: b.agentInfo.id,
    permissions: new Set(b.permissions.map((p) => p.toUpperCase())),
  };
}

/** A random v4 UUID (idempotency keys). */
export function uuid(): string {
  const b = randomBytes(16);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export interface Held {
  id: number;
  pnr: string;
  /** The search session and the selection the hold was made of (to hold the same offer again). */
  request: Record<string, unknown>;
}

/**
 * Searches one-way HAN→SGN `days` ahead, polls the search to its end and returns a hold request for the first
 * one-leg offer with at least `seats` seats (spec point 4: search, poll, hold).
 */
export async function holdRequest(client: OutsideClient, token: string, days: number, contactEmail = 'an@example.vn', seats = 2): Promise<Record<string, unknown>> {
  const day = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const started = await client.post('/api/flights/search', { legs: [{ from: 'HAN', to: 'SGN', departDate: day }] }, { token });
  if (started.status !== 200) throw new Error(`search: ${started.status} ${started.text.slice(0, 300)}`);
  const offers: { id: string; routeInfo: unknown[]; priceInfo: { class: string; seatAvailable: number }[] }[] = [];
  for (let cursor = 0; ; ) {
    const page = await client.get(`/api/flights/search/${started.body.sessionId}?since=${cursor}&waitMs=10000`, { token });
    if (page.status !== 200) throw new Error(`poll: ${page.status} ${page.text.slice(0, 300)}`);
    // the poll sends an offer's fare classes as one table of columns (the API's description of the poll):
    // [classes (the letters in one string, or a list), seatAvailable (one number for every class, or a list
    // whose missing tail is 0), unit, rates, amounts…, texts]
    for (const o of page.body.offers as { id: string; routeInfo: unknown[]; fares: [string | string[], number | number[], ...unknown[]] }[]) {
      const [classes, seats] = o.fares;
      const letters = typeof classes === 'string' ? [...classes] : classes;
      const seatsOf = (i: number) => (typeof seats === 'number' ? seats : (seats[i] ?? 0));
      offers.push({ id: o.id, routeInfo: o.routeInfo, priceInfo: letters.map((c, i) => ({ class: c, seatAvailable: seatsOf(i) })) });
    }
    cursor = page.body.cursor;
    if (page.body.done) break;
  }
  const offer = offers.find((o) => o.routeInfo.length === 1 && o.priceInfo.some((p) => p.seatAvailable >= seats));
  if (!offer) throw new Error(`no one-leg offer with ${seats} seats on ${day}`);
  return {
    sessionId: started.body.sessionId,
    selected: [{ offerId: offer.id, class: offer.priceInfo.find((p) => p.seatAvailable >= seats)!.class }],
    passengers: [{ paxId: 1, type: 'ADT', title: 'MR', firstName: 'Van An', lastName: 'Nguyen', birthday: '15/04/1985' }],
    contact: { name: 'Nguyen Van An', phone: '0912345678', email: contactEmail },
  };
}

/** Holds a flight (see holdRequest) and returns the booking and its PNR. */
export async function holdFlight(client: OutsideClient, token: string, days: number, contactEmail?: string): Promise<Held> {
  const request = await holdRequest(client, token, days, contactEmail);
  const res = await client.post('/api/bookings', request, { token });
  if (res.status !== 200) throw new Error(`hold: ${res.status} ${res.text.slice(0, 300)}`);
  const detail = await client.get(`/api/bookings/${res.body.id}`, { token });
  return { id: res.body.id, pnr: detail.body.listPNR[0].pnr, request };
}
