/**
 * Issue 18, item by item, as an outside client (./client.ts: plain fetch, its own AES envelope, nothing of the
 * project imported). Each test would fail on the behaviour the probe found.
 *
 * Gateways (./global-setup.ts): `main` (default limits, CAPTCHA=off), `second` (the same database and limits,
 * open holds capped at 3 per user and 5 per agency) and `captcha` (CAPTCHA=on). Every limit test plays its own
 * client addresses (X-Forwarded-For), so it slows no one else. The mailbox of a user is the gateway's outbox
 * table, read as the owner of the address would read the mail; the captcha picture is "read" by planting a known
 * answer for it, as the person in front of the picture would know it.
 */
import { createHmac, randomBytes } from 'node:crypto';
import pg from 'pg';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { holdFlight, holdRequest, OutsideClient, pinHeader, signIn, uuid, type Answer, type Session } from './client';

const PASSWORD = process.env.SECURITY_PASSWORD ?? 'Demo@2026';
/** The demo PIN of the accounts with use_pin_code. */
const PIN = process.env.SECURITY_PIN ?? '246810';

const mainUrl = process.env.SECURITY_GATEWAY_URL ?? inject('securityGatewayUrl');
const secondUrl = inject('securitySecondUrl');
const captchaUrl = inject('securityCaptchaUrl');
const databaseUrl = inject('securityDatabaseUrl');
const jwtSecret = inject('securityJwtSecret');
/** Tests that need the suite's own instances on one PostgreSQL database (CI has them). */
const instances = Boolean(secondUrl && captchaUrl && databaseUrl);

let main: OutsideClient;
let second: OutsideClient;
let db: pg.Client | null = null;
const sessions = new Map<string, Session>();
const s = (u: string) => sessions.get(u)!;
const code = (a: Answer) => (a.body as { code?: number } | null)?.code;

/** A client address of its own for each limit test (X-Forwarded-For). */
let addressCounter = 0;
const run = randomBytes(1)[0];
const nextIp = () => {
  addressCounter += 1;
  return `10.${run}.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};
const tag = () => randomBytes(4).toString('hex');

beforeAll(async () => {
  main = new OutsideClient(mainUrl);
  second = main.at(secondUrl || mainUrl);
  for (const u of ['f1admin', 'f1agent', 'accountant', 'f2admin', 'f2agent', 'member', 'provider']) sessions.set(u, await signIn(main, u, PASSWORD));
  if (databaseUrl) {
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
  }
});

afterAll(async () => {
  await db?.end();
  console.log(`outside client (items): ${main.stats.requests} requests, ${main.stats.serverErrors.length} 5xx`);
  expect(main.stats.serverErrors).toEqual([]);
});

/**
 * A new user of SAOVIET made by f1admin through POST /api/agents/users, with its first password changed on the
 * public form (a new account must change it), then signed in.
 */
async function newUser(prefix: string, extraPermissions: string[] = [], password = 'Start#2026x'): Promise<{ username: string; password: string; email: string; session: Session }> {
  const username = `${prefix}.${tag()}`;
  const email = `${username}@mailbox.example`;
  const created = await main.post(
    '/api/agents/users',
    { username, password, fullName: 'Outside Probe', email, phone: null, role: 'agent_f1', accountType: 'AGT', agencyId: s('f1admin').agencyId, extraPermissions },
    { token: s('f1admin').token },
  );
  expect(created.status, created.text).toBe(200);
  const finalPassword = 'Ready#2026y';
  const changed = await main.post('/api/auth/change-password', { username, oldPassword: password, newPassword: finalPassword, captchaId: '', captcha: '' }, { ip: nextIp() });
  expect(changed.status, changed.text).toBe(200);
  return { username, password: finalPassword, email, session: await signIn(main, username, finalPassword, nextIp()) };
}

const login = (client: OutsideClient, username: string, password: string, ip: string, captcha: { captchaId: string; captcha: string } = { captchaId: '', captcha: '' }) =>
  client.post('/api/auth/login', { username, password, ...captcha }, { ip });

const balanceOf = async (token: string) => (await main.get('/api/accounting/balance', { token })).body.balance as number;

function receiptPng(): string {
  const png = new PNG({ width: 24, height: 12 });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([i % 251, 90, 200, 255], i);
  return PNG.sync.write(png).toString('base64');
}

async function requestTopUp(user: string, amount: number): Promise<number> {
  const up = await main.post('/api/uploads', { fileName: 'receipt.png', contentBase64: receiptPng(), kind: 'file' }, { token: s(user).token });
  expect(up.status, up.text).toBe(200);
  const req = await main.post('/api/accounting/topups', { amount, bankReference: `OUT${tag()}`.toUpperCase(), receiptUploadId: up.body.id }, { token: s(user).token });
  expect(req.status, req.text).toBe(200);
  return req.body.id;
}

describe('item 1: a top-up is approved by the parent agency, never inside the receiving agency', () => {
  it('the F1’s accountant, its administrator and a user it makes for the purpose are all refused; the provider approves', async () => {
    const before = await balanceOf(s('accountant').token);
    const id = await requestTopUp('f1admin', 5_000_000_000);
    const approve = (token: string, raw: string = String(id)) => main.post(`/api/accounting/topups/${raw}/approve`, {}, { token });
    const byAccountant = await approve(s('accountant').token);
    expect(byAccountant.status, byAccountant.text).toBe(403);
    expect(byAccountant.body).toMatchObject({ code: 30, data: { reason: 'parentApproves' } });
    // the requester itself: refused as its own request (409/49) or as not the parent (403/30)
    const byRequester = await approve(s('f1admin').token);
    expect([403, 409], byRequester.text).toContain(byRequester.status);
    // f1admin creates a user with deposit_manager + confirm_deposit and acts through it
    const self = await newUser('selfapprove', ['deposit_manager', 'confirm_deposit']);
    expect(self.session.permissions.has('CONFIRM_DEPOSIT')).toBe(true);
    expect((await approve(self.session.token)).status).toBe(403);
    expect((await main.post(`/api/accounting/topups/${id}/reject`, { reason: 'no' }, { token: self.session.token })).status).toBe(403);
    // item 7 on the same record: a non-canonical id approves nothing, even for the provider
    for (const raw of [`0x${id.toString(16)}`, `%20${id}`, `${id}.0`, `+${id}`, `0${id}`]) expect((await approve(s('provider').token, raw)).status, raw).toBe(400);
    const still = await main.get(`/api/accounting/topups/${id}`, { token: s('f1admin').token });
    expect(still.body.status).toBe('pending');
    expect(await balanceOf(s('accountant').token)).toBe(before);
    // the parent (VEVIET's provider) approves: the balance rises once
    expect((await approve(s('provider').token)).status).toBe(200);
    expect(await balanceOf(s('accountant').token)).toBe(before + 5_000_000_000);
  });

  it('an F2’s request is decided by its F1, not by the F2 itself nor by the provider above the F1', async () => {
    const id = await requestTopUp('f2admin', 300_000);
    const before = await balanceOf(s('f2admin').token);
    for (const u of ['f2admin', 'provider']) expect((await main.post(`/api/accounting/topups/${id}/approve`, {}, { token: s(u).token })).status, u).toBe(403);
    expect(await balanceOf(s('f2admin').token)).toBe(before);
    expect((await main.post(`/api/accounting/topups/${id}/approve`, {}, { token: s('accountant').token })).status).toBe(200);
    expect(await balanceOf(s('f2admin').token)).toBe(before + 300_000);
  });
});

describe('item 2: guess limits hold under parallel bursts, on one instance and across two', () => {
  it('20 parallel issues with 20 different wrong PINs: 5 are checked (403/121), 15 refused (429/58), then even the right PIN waits', async () => {
    const t = s('f1agent').token;
    const held = await holdFlight(main, t, 61);
    const before = await balanceOf(s('accountant').token);
    const ask = await main.post(`/api/bookings/${held.id}/issue`, { idempotencyKey: uuid(), pnrs: [held.pnr] }, { token: t });
    expect(ask.status, ask.text).toBe(403);
    expect(code(ask)).toBe(120);
    const salt: string = ask.body.data.salt;
    const wrong = Array.from({ length: 20 }, (_, i) => String(100_000 + i * 7919).slice(0, PIN.length)).map((p) => (p === PIN ? '999999' : p));
    const answers = await Promise.all(
      wrong.map((pin, i) =>
        (i % 2 ? second : main).post(`/api/bookings/${held.id}/issue`, { idempotencyKey: uuid(), pnrs: [held.pnr] }, { token: t, headers: { 'x-pin': pinHeader(pin, salt) } }),
      ),
    );
    const codes = answers.map(code);
    expect(codes.filter((c) => c === 121), JSON.stringify(codes)).toHaveLength(5);
    expect(codes.filter((c) => c === 58)).toHaveLength(15);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(15);
    const right = await main.post(`/api/bookings/${held.id}/issue`, { idempotencyKey: uuid(), pnrs: [held.pnr] }, { token: t, headers: { 'x-pin': pinHeader(PIN, salt) } });
    expect(right.status).toBe(429);
    expect(code(right)).toBe(58);
    const after = await main.get(`/api/bookings/${held.id}`, { token: t });
    expect(after.body.listPNR[0].status).toBe('BOOKED');
    expect(await balanceOf(s('accountant').token)).toBe(before);
  });

  it.runIf(instances)('45 parallel wrong passwords for one user from one address, split across two instances: 5 checked, then slowed', async () => {
    const u = await newUser('burst.pair');
    const ip = nextIp();
    const answers = await Promise.all(Array.from({ length: 45 }, (_, i) => login(i % 2 ? second : main, u.username, `Wrong#${i}z9`, ip)));
    const codes = answers.map(code);
    // the 5th failure is checked and starts the delays (52); the other 40 are refused unchecked
    expect(codes.filter((c) => c === 50), JSON.stringify(codes)).toHaveLength(4);
    expect(codes.filter((c) => c === 52)).toHaveLength(41);
    const right = await login(main, u.username, u.password, ip);
    expect(right.status).toBe(429);
    expect(code(right)).toBe(52);
  });

  it.runIf(instances)('45 parallel wrong passwords for one user from 45 addresses, split across two instances: the user-wide limit of 10 holds', async () => {
    const u = await newUser('burst.user');
    const answers = await Promise.all(Array.from({ length: 45 }, (_, i) => login(i % 2 ? second : main, u.username, `Wrong#${i}q7`, nextIp())));
    const codes = answers.map(code);
    expect(codes.filter((c) => c === 50), JSON.stringify(codes)).toHaveLength(9);
    expect(codes.filter((c) => c === 52)).toHaveLength(36);
    // the name is slowed everywhere now, the right password included
    expect(code(await login(second, u.username, u.password, nextIp()))).toBe(52);
  });
});

describe('item 3: a successful sign-in resets the user, never the address', () => {
  it('guesses at many user names with a sign-in of one’s own every fifth try are still slowed at the address (20)', async () => {
    const ip = nextIp();
    const codes: (number | undefined)[] = [];
    for (let i = 0; i < 24; i += 1) {
      if (i % 5 === 4) expect((await login(main, 'f2admin', PASSWORD, ip)).status).toBe(200);
      else codes.push(code(await login(main, `nobody.${tag()}`, 'Wrong#2026', ip)));
    }
    expect(codes.filter((c) => c === 50)).toHaveLength(19);
    expect(codes.at(-1)).toBe(52);
    // even the own account waits at this address now
    expect((await login(main, 'f2admin', PASSWORD, ip)).status).toBe(429);
    // elsewhere it is untouched
    expect((await login(main, 'f2admin', PASSWORD, nextIp())).status).toBe(200);
  });
});

describe('item 4: booking e-mail is no open relay', () => {
  const mailed = async (pattern: string) => Number((await db!.query('select count(*)::int as n from outbox where to_address like $1', [pattern])).rows[0].n);

  it('free recipients are refused and nothing is queued; the contact gets at most 10 per booking, even in a burst', async () => {
    const t = s('f1admin').token;
    const contact = `contact.${tag()}@customer.example`;
    const held = await holdFlight(main, t, 62, contact);
    const relay = tag();
    for (let i = 0; i < 30; i += 1) {
      const to = Array.from({ length: 5 }, (_, j) => `victim${i}-${j}.${relay}@elsewhere.example`);
      const a = await main.post(`/api/bookings/${held.id}/mail`, { to }, { token: t });
      expect(a.status, a.text).toBe(400);
      expect(a.body).toMatchObject({ code: 41, data: { reason: 'recipient' } });
    }
    // a contact among strangers does not carry them through
    expect((await main.post(`/api/bookings/${held.id}/mail`, { to: [contact, `x.${relay}@elsewhere.example`] }, { token: t })).status).toBe(400);
    if (db) expect(await mailed(`%.${relay}@elsewhere.example`)).toBe(0);
    // 15 parallel e-mails to the contact, across both instances: exactly the per-booking limit goes out
    const burst = await Promise.all(Array.from({ length: 15 }, (_, i) => (i % 2 ? second : main).post(`/api/bookings/${held.id}/mail`, { to: [contact] }, { token: t })));
    expect(burst.filter((a) => a.status === 200)).toHaveLength(10);
    expect(burst.filter((a) => a.status === 429 && code(a) === 58)).toHaveLength(5);
    if (db) expect(await mailed(contact)).toBe(10);
  });

  it('a user may send 20 booking e-mails an hour, whatever the bookings', async () => {
    const u = await newUser('mailer', ['booking_ticket']);
    const [b1, b2, b3] = [await holdFlight(main, u.session.token, 63, u.email), await holdFlight(main, u.session.token, 64, u.email), await holdFlight(main, u.session.token, 65, u.email)];
    for (const b of [b1, b2]) for (let i = 0; i < 10; i += 1) expect((await main.post(`/api/bookings/${b.id}/mail`, { to: [u.email] }, { token: u.session.token })).status).toBe(200);
    const over = await second.post(`/api/bookings/${b3.id}/mail`, { to: [u.email] }, { token: u.session.token });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: 58, data: { reason: 'mail' } });
  });
});

describe.runIf(instances)('item 5: open holds are capped per user and per agency (the second instance: 3 and 5)', () => {
  it('8 parallel holds of one user: 3 held, 5 refused with 409/49 openHoldsLimit and a message; the agency cap; a cancel frees a place', async () => {
    const m = s('member').token;
    const request = await holdRequest(second, m, 70, 'an@example.vn', 9);
    const answers = await Promise.all(Array.from({ length: 8 }, () => second.post('/api/bookings', request, { token: m, lang: 'vi' })));
    expect(answers.filter((a) => a.status === 200), answers.map((a) => a.status).join()).toHaveLength(3);
    for (const r of answers.filter((a) => a.status !== 200)) {
      expect(r.status, r.text).toBe(409);
      expect(r.body).toMatchObject({ code: 49, data: { reason: 'openHoldsLimit', scope: 'user', limit: 3 } });
      expect(r.body.data.message).toMatch(/chỗ giữ chưa xuất vé/);
    }
    // f2agent, same agency: 2 more reach the agency's 5, the 6th is refused for the agency
    const f = s('f2agent').token;
    await holdFlight(second, f, 71);
    await holdFlight(second, f, 72);
    const sixth = await second.post('/api/bookings', await holdRequest(second, f, 73), { token: f });
    expect(sixth.status).toBe(409);
    expect(sixth.body).toMatchObject({ code: 49, data: { reason: 'openHoldsLimit', scope: 'agency', limit: 5 } });
    // the member cancels one hold: a place frees
    const mine = answers.find((a) => a.status === 200)!.body.id as number;
    const pnr = (await second.get(`/api/bookings/${mine}`, { token: m })).body.listPNR[0].pnr;
    expect((await second.post(`/api/bookings/${mine}/cancel`, { pnrs: [pnr] }, { token: m })).status).toBe(200);
    expect((await second.post('/api/bookings', await holdRequest(second, f, 74), { token: f })).status).toBe(200);
  });
});

describe.runIf(instances)('items 6 and 12: the captcha (the captcha instance)', () => {
  let captcha: OutsideClient;
  beforeAll(() => {
    captcha = main.at(captchaUrl);
  });

  /** A new captcha whose answer the test knows, as the person who reads the picture would. */
  async function solved(): Promise<{ captchaId: string; captcha: string }> {
    const c = await captcha.get('/api/auth/captcha', { tsp: null });
    expect(c.status).toBe(200);
    const answer = 'k7m2p';
    const hash = createHmac('sha256', jwtSecret).update(`captcha:${c.body.captchaId}:${answer}`, 'utf8').digest('hex');
    const set = await db!.query('update captchas set answer_hash = $2 where id = $1 and used_at is null', [c.body.captchaId, hash]);
    expect(set.rowCount).toBe(1);
    return { captchaId: c.body.captchaId, captcha: answer.toUpperCase() };
  }

  it('the payload carries no answer: only a PNG raster, no path, no text; each captcha is new', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 3; i += 1) {
      const c = await captcha.get('/api/auth/captcha', { tsp: null });
      expect(c.status).toBe(200);
      expect(Object.keys(c.body).sort()).toEqual(['captchaId', 'enabled', 'expiresInSeconds', 'svg']);
      const svg: string = c.body.svg;
      expect(svg).not.toMatch(/<path|<text|<polyline|<polygon|<line|<circle|<use|<font|<glyph/i);
      const images = [...svg.matchAll(/<image\b[^>]*href="data:image\/png;base64,([^"]+)"/g)];
      expect(images).toHaveLength(1);
      const png = PNG.sync.read(Buffer.from(images[0][1], 'base64'));
      expect(png.width).toBeGreaterThanOrEqual(100);
      seen.add(images[0][1]);
      // nothing else in the answer looks like a 5-character answer
      expect(JSON.stringify({ ...c.body, svg: '' })).not.toMatch(/"[A-Za-z0-9]{5}"/);
    }
    expect(seen.size).toBe(3);
  });

  it('sign-in: refused without the captcha or with a wrong one; a right answer works once (single use), a wrong one burns it', async () => {
    const ip = nextIp();
    expect(code(await login(captcha, 'f2agent', PASSWORD, ip))).toBe(51);
    const right = await solved();
    expect((await login(captcha, 'f2agent', PASSWORD, ip, right)).status).toBe(200);
    expect(code(await login(captcha, 'f2agent', PASSWORD, nextIp(), right))).toBe(51);
    const burnt = await solved();
    expect(code(await login(captcha, 'f2agent', PASSWORD, nextIp(), { ...burnt, captcha: 'zzzzz' }))).toBe(51);
    expect(code(await login(captcha, 'f2agent', PASSWORD, nextIp(), burnt))).toBe(51);
  });

  it('item 6: the public change-password needs the same captcha, single use', async () => {
    const u = await newUser('captcha.change');
    const body = { username: u.username, oldPassword: u.password, newPassword: 'Captcha#2026n' };
    const without = await captcha.post('/api/auth/change-password', { ...body, captchaId: '', captcha: '' }, { ip: nextIp() });
    expect(without.status).toBe(400);
    expect(code(without)).toBe(51);
    const right = await solved();
    expect((await captcha.post('/api/auth/change-password', { ...body, ...right }, { ip: nextIp() })).status).toBe(200);
    const again = await captcha.post('/api/auth/change-password', { username: u.username, oldPassword: 'Captcha#2026n', newPassword: 'Other#2026m', ...right }, { ip: nextIp() });
    expect(code(again)).toBe(51);
  });
});

describe('item 6: the public change-password is throttled like sign-in', () => {
  it('wrong old passwords from one address: the 5th starts the delays, and then even the right one waits', async () => {
    const u = await newUser('change.throttle');
    const ip = nextIp();
    const codes: (number | undefined)[] = [];
    for (let i = 0; i < 5; i += 1) codes.push(code(await main.post('/api/auth/change-password', { username: u.username, oldPassword: `Wrong#${i}p1`, newPassword: 'Never#2026k', captchaId: '', captcha: '' }, { ip })));
    expect(codes).toEqual([50, 50, 50, 50, 52]);
    const right = await main.post('/api/auth/change-password', { username: u.username, oldPassword: u.password, newPassword: 'Never#2026k', captchaId: '', captcha: '' }, { ip });
    expect(right.status).toBe(429);
  });
});

describe('item 13: lock-outs cannot be used against people', () => {
  it('a stranger’s failures slow only his own (user, address) pair; the owner elsewhere signs in', async () => {
    const u = await newUser('victim');
    const stranger = nextIp();
    const office = nextIp();
    const codes: (number | undefined)[] = [];
    for (let i = 0; i < 6; i += 1) codes.push(code(await login(main, u.username, `Wrong#${i}v3`, stranger)));
    expect(codes).toEqual([50, 50, 50, 50, 52, 52]);
    expect((await login(main, u.username, u.password, stranger)).status).toBe(429);
    // the office of the owner, and a colleague behind the stranger's address, are untouched
    expect((await login(main, u.username, u.password, office)).status).toBe(200);
    expect((await login(main, 'f2agent', PASSWORD, stranger)).status).toBe(200);
  });

  it.runIf(Boolean(databaseUrl))('a password reset (code from the owner’s mailbox) releases the account everywhere', async () => {
    const u = await newUser('reset.release');
    const ip = nextIp();
    for (let i = 0; i < 5; i += 1) await login(main, u.username, `Wrong#${i}r5`, ip);
    expect((await login(main, u.username, u.password, ip)).status).toBe(429);
    const asked = await main.post('/api/auth/forgot-password', { username: u.username, captchaId: '', captcha: '' }, { ip: nextIp() });
    expect(asked.status, asked.text).toBe(200);
    const mail = await db!.query('select body from outbox where to_address = $1 order by id desc limit 1', [u.email]);
    const resetCode = /\b(\d{6})\b/.exec(String(mail.rows[0]?.body ?? ''))?.[1];
    expect(resetCode, 'the reset mail carries a 6-digit code').toBeTruthy();
    const reset = await main.post('/api/auth/forgot-password/verify', { username: u.username, code: resetCode, newPassword: 'Reset#2026w' }, { ip: nextIp() });
    expect(reset.status, reset.text).toBe(200);
    // the address that was slowed gets in at once with the new password
    expect((await login(main, u.username, 'Reset#2026w', ip)).status).toBe(200);
  });
});

describe.runIf(instances)('items 2 and 4 on the password reset: its limits hold under bursts across two instances', () => {
  const mails = async (to: string) => Number((await db!.query('select count(*)::int as n from outbox where to_address = $1', [to])).rows[0].n);

  it('12 parallel forgot-password requests for one user queue at most 3 reset mails', async () => {
    const u = await newUser('reset.flood');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 ? second : main).post('/api/auth/forgot-password', { username: u.username, captchaId: '', captcha: '' }, { ip: nextIp() })),
    );
    // every request gets the same answer (no oracle), but only 3 codes are sent per code lifetime
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    expect(await mails(u.email)).toBe(3);
  });

  it('20 parallel wrong reset codes: the code is void after 5, the right one is then refused', async () => {
    const u = await newUser('reset.guess');
    expect((await main.post('/api/auth/forgot-password', { username: u.username, captchaId: '', captcha: '' }, { ip: nextIp() })).status).toBe(200);
    const mail = await db!.query('select body from outbox where to_address = $1 order by id desc limit 1', [u.email]);
    const right = /\b(\d{6})\b/.exec(String(mail.rows[0]?.body ?? ''))![1];
    const wrong = Array.from({ length: 20 }, (_, i) => String((Number(right) + 1 + i * 37) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(
      wrong.map((c, i) => (i % 2 ? second : main).post('/api/auth/forgot-password/verify', { username: u.username, code: c, newPassword: 'Guess#2026g' }, { ip: nextIp() })),
    );
    expect(answers.every((a) => a.status === 400)).toBe(true);
    const late = await main.post('/api/auth/forgot-password/verify', { username: u.username, code: right, newPassword: 'Guess#2026g' }, { ip: nextIp() });
    expect(late.status).toBe(400);
    // the old password still works: nothing was reset
    expect((await login(main, u.username, u.password, nextIp())).status).toBe(200);
  });
});

describe('items 7–11: strict input, replay, headers', () => {
  it('item 7: non-canonical ids on DELETE /api/banners/:id delete nothing', async () => {
    const t = s('f1admin').token;
    const list = await main.get('/api/banners', { token: t });
    expect(list.status).toBe(200);
    const id: number = list.body.data[0].id;
    for (const raw of [`%20${id}`, `0x${id.toString(16)}`, `${id}e0`, `+${id}`, `${id}.0`, `0b${id.toString(2)}`, `0${id}`]) {
      const a = await main.call('DELETE', `/api/banners/${raw}`, { token: t });
      expect(a.status, raw).toBe(400);
      expect(code(a)).toBe(41);
    }
    expect((await main.get('/api/banners', { token: t })).body.data.map((b: { id: number }) => b.id)).toContain(id);
  });

  it('item 8: a NUL byte in a query or body string is 400/41 and changes nothing', async () => {
    const t = s('f1admin').token;
    for (const p of ['/api/agents/news?q=%00', '/api/agents/users?q=a%00b', '/api/bookings?pnr=%00']) {
      const a = await main.get(p, { token: t });
      expect(a.status, p).toBe(400);
      expect(code(a)).toBe(41);
    }
    const news = await main.post('/api/agents/manage-news', { title: 'A\u0000B', bodyHtml: '<p>x</p>', status: 'draft' }, { token: t });
    expect(news.status).toBe(400);
    const target = s('f2agent').userId;
    const lock = await main.post(`/api/agents/users/${target}/lock`, { reason: 'probe\u0000' }, { token: t });
    expect(lock.status).toBe(400);
    expect((await signIn(main, 'f2agent', PASSWORD, nextIp())).userId).toBe(target);
  });

  it('item 9: year-9999 and year-1899 dates are 400/41', async () => {
    const t = s('f1admin').token;
    for (const p of ['/api/bookings?bookedFrom=9999-12-31', '/api/system/log-reservation-error?to=9999-12-31', '/api/accounting/entries?from=9999-01-01', '/api/bookings?bookedFrom=1899-12-31']) {
      const a = await main.get(p, { token: t });
      expect(a.status, p).toBe(400);
      expect(code(a)).toBe(41);
    }
  });

  it('item 10: 20 parallel replays of a tsp are all refused like a skewed one, on both instances; another user may use the same value', async () => {
    const t = s('f1admin').token;
    // a value in the past (inside the window) that no fresh tsp of this client can meet
    const ms = Date.now() - 60_000;
    expect((await main.get('/api/auth/me', { token: t, tsp: ms })).status).toBe(200);
    const replays = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? second : main).get('/api/auth/me', { token: t, tsp: ms })));
    const skewed = await main.get('/api/auth/me', { token: t, tsp: Date.now() - 10 * 60_000 });
    for (const r of replays) {
      expect(r.status).toBe(400);
      expect(code(r)).toBe(42);
      expect(r.body.data?.reason).toBe(skewed.body.data?.reason);
    }
    expect((await main.get('/api/auth/me', { token: s('f2admin').token, tsp: ms })).status).toBe(200);
  });

  it('item 11: the portal’s pages carry the CSP, nosniff and a Referrer-Policy; API answers nosniff and no-store', async () => {
    for (const page of ['/login', '/', '/booking/list']) {
      const res = await fetch(`${mainUrl}${page}`);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, page).toMatch(/script-src 'self'(;|$)/);
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toMatch(/object-src 'none'/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBeTruthy();
      // a built portal's page has no inline script for the CSP to break
      const html = await res.text();
      if ((res.headers.get('content-type') ?? '').startsWith('text/html')) expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>\s*\S/);
    }
    const api = await main.get('/api/bookings', { token: s('f1admin').token });
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    expect(api.headers.get('cache-control')).toBe('no-store');
  });
});
