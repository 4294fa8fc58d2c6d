// Request code shared by the gateway benchmarks (issue-throughput, search-throughput, gateway-memory): the encrypted protocol's
// client (tsp, sealed bodies, sign-in), a flight search polled until done, one-adult holds, and fresh
// PostgreSQL databases made and dropped on an admin connection.
import pg from 'pg';

const { encrypt, seal } = await import('../../contract/crypto.ts');
const { expandSearchPoll } = await import('../../contract/flights-poll.ts');
/** The full offers of a poll answer (the fare classes are sent as rows; a checkout from before that sends them whole). */
export const pollOffers = (p) => (p.fareTexts ? expandSearchPoll(p).offers : p.offers);

/** A date `days` ahead in Vietnam (YYYY-MM-DD). */
export function dayAhead(days) {
  const d = new Date(Date.now() + (7 * 60 + days * 1440) * 60_000);
  return d.toISOString().slice(0, 10);
}

/** The p-th percentile of `values` (nearest rank). */
export const pct = (values, p) => {
  const v = [...values].sort((a, b) => a - b);
  return v.length ? v[Math.min(v.length - 1, Math.max(0, Math.ceil((p / 100) * v.length) - 1))] : NaN;
};

export async function adminQuery(url, text) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await c.query(text);
  } finally {
    await c.end();
  }
}

/** Creates database `name` on the server of `adminUrl`; answers its URL and a drop(). */
export async function freshDatabase(adminUrl, name) {
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`) };
}

/** The portal's side of the protocol against the gateway at `base`. */
export function apiClient(base) {
  // a (user, tsp) pair is accepted once: strictly increasing values
  let lastTsp = 0;
  const nextTsp = () => (lastTsp = Math.max(Date.now(), lastTsp + 1));
  const headers = (token, extra = {}) => ({ tsp: encrypt(String(nextTsp())), 'content-type': 'application/json', ...(token ? { authorization: token } : {}), ...extra });
  const post = (path, token, body, extra) => fetch(`${base}${path}`, { method: 'POST', headers: headers(token, extra), body: JSON.stringify(seal(body)) });
  const get = (path, token) => fetch(`${base}${path}`, { headers: headers(token) });
  async function login(username, password = 'Demo@2026') {
    const res = await post('/api/auth/login', null, { username, password });
    if (!res.ok) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
    return (await res.json()).accessToken;
  }
  /** A flight search (its legs, or the whole request) started and polled until every task answered: its session and offers. */
  async function search(token, request) {
    const started = await post('/api/flights/search', token, Array.isArray(request) ? { legs: request } : request);
    if (!started.ok) throw new Error(`search: ${started.status} ${await started.text()}`);
    const { sessionId } = await started.json();
    const offers = [];
    let polls = 0;
    for (let cursor = 0; ;) {
      const res = await get(`/api/flights/search/${sessionId}?since=${cursor}&waitMs=10000`, token);
      if (!res.ok) throw new Error(`poll: ${res.status} ${await res.text()}`);
      const p = await res.json();
      polls += 1;
      offers.push(...pollOffers(p));
      cursor = p.cursor;
      if (p.done) return { sessionId, offers, polls, tasks: p.tasks };
    }
  }
  /** Holds one adult on the class of `price` of `offer`; the booking id and its PNR, or null when refused. */
  async function holdOne(token, sessionId, offer, price) {
    const res = await post('/api/bookings', token, {
      sessionId,
      selected: [{ offerId: offer.id, class: price.class }],
      passengers: [{ paxId: 1, type: 'ADT', title: 'MR', firstName: 'Van An', lastName: 'Nguyen', birthday: '15/04/1985' }],
      contact: { name: 'Nguyen Van An', phone: '0912345678', email: 'an@example.vn' },
    });
    if (!res.ok) return null; // e.g. the class sold out meanwhile
    const { id } = await res.json();
    const b = await (await get(`/api/bookings/${id}`, token)).json();
    const pnr = b.listPNR.find((x) => x.pnr)?.pnr;
    return pnr ? { id, pnr } : null;
  }
  /** N one-adult holds for the user, spread over the classes with seats of HAN–SGN, SGN–HAN and SGN–DAD from `firstDay` on. */
  async function holdMany(token, n, firstDay) {
    const held = [];
    for (let day = firstDay; held.length < n; day += 1) {
      for (const [from, to] of [['HAN', 'SGN'], ['SGN', 'HAN'], ['SGN', 'DAD']]) {
        const { sessionId, offers } = await search(token, [{ from, to, departDate: dayAhead(day) }]);
        for (const offer of offers) {
          for (const price of offer.priceInfo) {
            for (let s = 0; s < price.seatAvailable && held.length < n; s += 1) {
              const h = await holdOne(token, sessionId, offer, price);
              if (!h) break; // a class sold out meanwhile: next class
              held.push(h);
            }
            if (held.length >= n) return held;
          }
        }
      }
    }
    return held;
  }
  return { headers, post, get, login, search, holdOne, holdMany };
}
