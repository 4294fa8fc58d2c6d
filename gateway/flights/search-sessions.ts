/**
 * Flight search sessions: one search fans out to every active sign-in of the caller's agency, each sign-in
 * one task running in parallel; the portal polls the session for the offers that arrived since its cursor.
 *
 * - A session runs in the gateway process that started it; on PostgreSQL its state (tasks, offers) is also
 *   saved after each change to `search_sessions`, so another instance answers its polls and holds from it
 *   (`find`, a MirrorSession). A session is forgotten SEARCH_SESSION_TTL_SECONDS after its last use; a user
 *   keeps at most SEARCH_SESSIONS_PER_USER, a new one drops (and stops) the oldest.
 * - A task calls its supplier once per supplier search of the journey (RT: one search with the return date,
 *   both directions come back; MC: one per leg, in parallel). Offers are published as each call answers.
 *   A task still unanswered after SUPPLIER_TIMEOUT_MS, or whose supplier fails, is `failed` with the
 *   supplier's message (in the language of whoever polls); it never holds the other tasks back.
 * - Offer ids stay unique within a session: when a task's answer would repeat an id already published
 *   (the same source twice among the sign-ins, or the same leg twice), every part of its ids and
 *   combineSegment gets the suffix `~<signInId>` (or `~<signInId>.<leg>`), keeping `A:B` pairs matched.
 */
import { randomUUID } from 'node:crypto';
import { compactSearchPoll, expandOffer, fareTextsOf, type FlightOffer, type SearchPoll, type SignInTask, type WireFareText, type WireOffer } from '../../contract/flights';
import type { Language } from '../../contract/constants';
import { fareTextsJson, hasFixedJson, jsonBytes, offerJsonPieces, SupplierError, type FlightSupplier, type SupplierContext, type SupplierSearch } from '../suppliers';

export interface TaskSignIn {
  id: number;
  source: FlightSupplier['source'];
  officeCode: string;
}

interface Task {
  signIn: TaskSignIn;
  status: SignInTask['status'];
  error?: { vi: string; en: string; code: string };
  elapsedMs?: number;
  offerCount: number;
}

export interface SessionOwner {
  userId: number;
  agencyId: number;
}

const SESSION_ENDED = { vi: 'Phiên tìm kiếm đã kết thúc.', en: 'The search session has ended.' };
/** The reason a finished session's (unused) signal is aborted with when it is dropped. */
const SESSION_ENDED_REASON = Object.freeze(new SupplierError('TIMEOUT', SESSION_ENDED));

/** The fields a session's copy of an offer has after the supplier's own (`publish`). */
const COPY_FIELDS = ['signInId'] as const;
const COPY_FIELDS_LEG = ['signInId', 'leg'] as const;

/** One supplier answer as published by a session: its copies (supplier's fields, then `signInId` and `leg`). */
interface PublishedBatch {
  copies: readonly FlightOffer[];
  /** The supplier's offers they copy, in the same order. */
  made: readonly FlightOffer[];
  /** `<signInId>|<leg>`: what the copies add to the supplier's offers. */
  tail: string;
}

/** The wire JSON of a batch's offers, separated by commas, as UTF-8, and the keys of the fare texts they name. */
interface BatchJson {
  made: readonly FlightOffer[];
  tail: string;
  bytes: Buffer;
  keys: readonly number[];
}

/**
 * The batches' JSON, by the supplier's first offer: the simulator gives every search of a route and day the same
 * frozen offers while no seat of their flights is taken, so the same answer of the same sign-in is written once,
 * not on every poll of every search. Kept as long as those offers are (the simulator's drafts cache bounds them);
 * a few sign-ins (agencies) per answer.
 */
const batchJsons = new WeakMap<FlightOffer, BatchJson[]>();
const BATCH_JSONS_PER_ANSWER = 8;

/** Adds a session's copy of an offer (`made`: the supplier's, when known) to an answer's pieces and text keys. */
function pushOfferJson(pieces: (Buffer | string)[], keys: Set<number>, offer: FlightOffer, made: FlightOffer | undefined): void {
  const one = offerJsonPieces(offer, made, offer.leg !== undefined ? COPY_FIELDS_LEG : COPY_FIELDS);
  for (let p = 0; p < one.pieces.length; p++) pieces.push(one.pieces[p]);
  for (let k = 0; k < one.keys.length; k++) keys.add(one.keys[k]);
}

function sameItems(list: readonly FlightOffer[], at: number, items: readonly FlightOffer[]): boolean {
  for (let j = 0; j < items.length; j++) if (list[at + j] !== items[j]) return false;
  return true;
}

/**
 * The JSON of a published batch, written from its copies once per (supplier answer, sign-in, leg) when the
 * supplier's offers are the simulator's (their JSON cannot change under the bytes), else once for this poll.
 */
function batchJson(batch: PublishedBatch): BatchJson {
  const { made, tail, copies } = batch;
  // only the simulator's offers are ever kept: the same objects found again need no new check
  const known = batchJsons.get(made[0]);
  const found = known?.find((b) => b.tail === tail && b.made.length === made.length && sameItems(made, 0, b.made));
  if (found) return found;
  const shareable = made.every(hasFixedJson);
  const pieces: (Buffer | string)[] = [];
  const keys = new Set<number>();
  for (let i = 0; i < copies.length; i++) {
    if (i > 0) pieces.push(',');
    pushOfferJson(pieces, keys, copies[i], made[i]);
  }
  const written: BatchJson = { made, tail, bytes: jsonBytes(pieces), keys: [...keys] };
  if (shareable) {
    const list = known ?? [];
    list.push(written);
    if (list.length > BATCH_JSONS_PER_ANSWER) list.shift();
    if (!known) batchJsons.set(made[0], list);
  }
  return written;
}

export class SearchSession {
  readonly startedAt = Date.now();
  lastUsedAt = Date.now();
  readonly tasks: Task[];
  readonly offers: FlightOffer[] = [];
  /** ms from the start to the first published offer. */
  firstOfferMs: number | null = null;
  finishedMs: number | null = null;
  readonly controller = new AbortController();
  private readonly ids = new Set<string>();
  /** The supplier's offer each published one was copied from (when its id was kept): its JSON is known. */
  private readonly origin = new WeakMap<FlightOffer, FlightOffer>();
  /** The batches published with their ids kept, by their first copy: a poll writes such a batch as one piece. */
  private readonly batches = new WeakMap<FlightOffer, PublishedBatch>();
  private readonly waiters = new Set<() => void>();
  private readonly finished: Promise<void>;
  private resolveFinished!: () => void;
  /** Called after each change (the shared store saves the session); `flush` waits for that save. */
  onChange?: () => void;
  flush?: () => Promise<void>;
  /**
   * Settles once the session's first save is done (the shared store); the start of a search waits for it. Rejects
   * when that save fails (no other instance could answer its polls); the later saves' failures are only logged.
   */
  stored?: Promise<void>;

  constructor(
    readonly owner: SessionOwner,
    signIns: readonly TaskSignIn[],
    readonly id: string = randomUUID(),
  ) {
    this.tasks = signIns.map((signIn) => ({ signIn, status: 'pending', offerCount: 0 }));
    this.finished = new Promise((resolve) => (this.resolveFinished = resolve));
    if (this.tasks.length === 0) this.finish();
  }

  get completed(): number {
    return this.tasks.filter((t) => t.status !== 'pending').length;
  }

  get done(): boolean {
    return this.completed === this.tasks.length;
  }

  /** Resolves when every task is done or failed. */
  whenFinished(): Promise<void> {
    return this.finished;
  }

  publish(task: Task, offers: FlightOffer[], leg: number | undefined): void {
    if (offers.length === 0 || this.controller.signal.aborted) return;
    let batch = offers.map((o) => ({ ...o, signInId: task.signIn.id, ...(leg !== undefined ? { leg } : {}) }));
    if (batch.some((o) => this.ids.has(o.id))) {
      const suffix = `~${task.signIn.id}${leg !== undefined ? `.${leg}` : ''}`;
      const tag = (id: string) => (id ? id.split(':').map((part) => part + suffix).join(':') : id);
      batch = batch.map((o) => ({ ...o, id: tag(o.id), combineSegment: tag(o.combineSegment) }));
    } else {
      batch.forEach((o, i) => this.origin.set(o, offers[i]));
      this.batches.set(batch[0], { copies: batch, made: offers, tail: `${task.signIn.id}|${leg ?? ''}` });
    }
    // frozen like the supplier's offers they copy: what a poll wrote from them cannot change under it
    for (const o of batch) {
      Object.freeze(o);
      this.ids.add(o.id);
    }
    this.offers.push(...batch);
    task.offerCount += batch.length;
    this.firstOfferMs ??= Date.now() - this.startedAt;
    this.onChange?.();
    this.wake();
  }

  settle(task: Task, error: SupplierError | null): void {
    if (task.status !== 'pending') return;
    task.elapsedMs = Date.now() - this.startedAt;
    if (error) {
      task.status = 'failed';
      task.error = { vi: error.messageVi, en: error.messageEn, code: error.code };
    } else {
      task.status = 'done';
    }
    if (this.done) this.finish();
    this.onChange?.();
    this.wake();
  }

  private finish(): void {
    this.finishedMs ??= Date.now() - this.startedAt;
    this.resolveFinished();
  }

  /** Stops the tasks (supplier calls are aborted) and releases every waiting poll. */
  stop(): void {
    // the error (its stack) only made when a task is still running: a finished session is dropped for each new search
    const pending = this.tasks.some((t) => t.status === 'pending');
    const ended = pending ? new SupplierError('TIMEOUT', SESSION_ENDED) : SESSION_ENDED_REASON;
    this.controller.abort(ended);
    for (const t of this.tasks) {
      if (t.status === 'pending') this.settle(t, new SupplierError('TIMEOUT', SESSION_ENDED));
    }
    this.wake();
  }

  private wake(): void {
    for (const w of [...this.waiters]) w();
  }

  /**
   * Offers after `since`. With `waitMs`, waits until an offer arrives after `since`, every task is complete,
   * the wait ends or `signal` aborts (the caller went away), whichever comes first.
   */
  async poll(since: number, waitMs: number, lang: Language, signal?: AbortSignal): Promise<SearchPoll> {
    this.lastUsedAt = Date.now();
    if (waitMs > 0 && this.offers.length <= since && !this.done && !signal?.aborted) {
      await new Promise<void>((resolve) => {
        const release = () => {
          clearTimeout(timer);
          this.waiters.delete(release);
          signal?.removeEventListener('abort', release);
          resolve();
        };
        const timer = setTimeout(release, waitMs);
        this.waiters.add(release);
        signal?.addEventListener('abort', release, { once: true });
      });
    }
    this.lastUsedAt = Date.now();
    // what this answer shows is in the shared store too (a hold on another instance finds these offers)
    await this.flush?.();
    return this.view(since, lang);
  }

  /** The state another instance needs to answer polls and holds of this session (SharedSessionStore). */
  snapshot(): SessionSnapshot {
    return { id: this.id, owner: this.owner, tasks: this.tasks, offers: this.offers };
  }

  /**
   * The pieces of the offers' wire JSON (the suppliers' cached bytes where they have them), separated by commas,
   * then `"fareTexts":{…}` with each text they name once (contract/flights-poll.ts).
   */
  private offerPieces(offers: readonly FlightOffer[]): (Buffer | string)[] {
    const pieces: (Buffer | string)[] = [];
    const keys = new Set<number>();
    // indexed loops: an iterator per list here was most of what a poll allocated
    for (let i = 0; i < offers.length; ) {
      const o = offers[i];
      if (i > 0) pieces.push(',');
      // a whole batch as published (the same copies, in order): its offers' JSON in one piece
      const batch = this.batches.get(o);
      const written = batch && i + batch.copies.length <= offers.length && sameItems(offers, i, batch.copies) ? batchJson(batch) : undefined;
      if (written) {
        pieces.push(written.bytes);
        for (let k = 0; k < written.keys.length; k++) keys.add(written.keys[k]);
        i += batch!.copies.length;
        continue;
      }
      pushOfferJson(pieces, keys, o, this.origin.get(o));
      i++;
    }
    pieces.push('],');
    for (const piece of fareTextsJson(keys)) pieces.push(piece);
    return pieces;
  }

  /**
   * The snapshot as stored (`storedSnapshot` gives it back): `snapshot()` with its offers in the wire shape and the
   * texts they name, as UTF-8 bytes copied from the offers' cached JSON.
   */
  snapshotBytes(): Buffer {
    const head = `${JSON.stringify({ id: this.id, owner: this.owner, tasks: this.tasks }).slice(0, -1)},"offers":[`;
    return jsonBytes([head, ...this.offerPieces(this.offers), '}']);
  }

  /** Takes the state of a snapshot (a mirror of a session running on another instance). */
  protected restore(snap: SessionSnapshot): void {
    this.tasks.splice(0, this.tasks.length, ...snap.tasks);
    this.offers.splice(0, this.offers.length, ...snap.offers);
  }

  view(since: number, lang: Language): SearchPoll {
    const from = Math.min(since, this.offers.length);
    return {
      sessionId: this.id,
      tasks: this.taskViews(lang),
      total: this.tasks.length,
      completed: this.completed,
      done: this.done,
      offers: this.offers.slice(from),
      cursor: this.offers.length,
    };
  }

  /**
   * A poll of this session (`view`) as sent: the UTF-8 bytes of its wire shape (`searchPollWire`: the offers' fare
   * classes as rows, the texts they share once), the offers copied from the suppliers' cached bytes where they
   * have them, the rest written here; one allocation, nothing encoded twice. `expandSearchPoll` of it is `poll`.
   */
  pollBytes(poll: SearchPoll): Buffer {
    const { offers, cursor, ...head } = poll;
    const keys = Object.keys(poll);
    if (keys.join() !== 'sessionId,tasks,total,completed,done,offers,cursor' || !Array.isArray(offers)) {
      return Buffer.from(JSON.stringify(compactSearchPoll(poll)));
    }
    return jsonBytes([`${JSON.stringify(head).slice(0, -1)},"offers":[`, ...this.offerPieces(offers), `,"cursor":${JSON.stringify(cursor)}}`]);
  }

  /** The text of `pollBytes`. */
  pollJson(poll: SearchPoll): string {
    return this.pollBytes(poll).toString('utf8');
  }

  taskViews(lang: Language): SignInTask[] {
    return this.tasks.map((t) => ({
      signInId: t.signIn.id,
      source: t.signIn.source,
      label: t.signIn.officeCode,
      status: t.status,
      ...(t.error ? { message: lang === 'vi' ? t.error.vi : t.error.en } : {}),
      ...(t.elapsedMs !== undefined ? { elapsedMs: t.elapsedMs } : {}),
      offerCount: t.offerCount,
    }));
  }

  /** The timing line of the search log. */
  summary(): Record<string, unknown> {
    return {
      sessionId: this.id,
      userId: this.owner.userId,
      agencyId: this.owner.agencyId,
      offers: this.offers.length,
      firstOfferMs: this.firstOfferMs,
      totalMs: this.finishedMs,
      tasks: this.tasks.map((t) => ({
        source: t.signIn.source,
        signInId: t.signIn.id,
        status: t.status,
        ms: t.elapsedMs,
        offers: t.offerCount,
        ...(t.error ? { error: t.error.code } : {}),
      })),
    };
  }
}

/** A session as stored in PostgreSQL for the other instances. */
export interface SessionSnapshot {
  id: string;
  owner: SessionOwner;
  tasks: Task[];
  offers: FlightOffer[];
}

/** A stored snapshot (`snapshotBytes`: offers in the wire shape with their texts) as a `SessionSnapshot`. */
export function storedSnapshot(stored: SessionSnapshot | (Omit<SessionSnapshot, 'offers'> & { offers: WireOffer[]; fareTexts: Record<string, WireFareText> })): SessionSnapshot {
  if (!('fareTexts' in stored)) return stored;
  const { fareTexts, offers, ...rest } = stored;
  const texts = fareTextsOf(fareTexts);
  return { ...rest, offers: offers.map((o) => expandOffer(o, texts)) };
}

/** Where sessions are shared between instances (PostgreSQL; none with embedded PGlite, one process). */
export interface SharedSessionStore {
  /** `json`: the snapshot already written as JSON (SearchSession.snapshotBytes, UTF-8), stored as it is. */
  save(snap: SessionSnapshot, expiresAt: Date, json?: Buffer): Promise<void>;
  /** The snapshot unless unknown or expired. */
  load(id: string): Promise<SessionSnapshot | null>;
  /** Keeps a session used on another instance alive. */
  touch(id: string, expiresAt: Date): Promise<void>;
}

/**
 * A session started on another instance, answered from its stored snapshot: a poll re-reads the store (every
 * 150 ms while it waits) until a new offer, the end of the search or the end of the wait.
 */
class MirrorSession extends SearchSession {
  constructor(
    snap: SessionSnapshot,
    private readonly store: SharedSessionStore,
    private readonly ttlMs: number,
  ) {
    super(snap.owner, [], snap.id);
    this.restore(snap);
    this.controller.abort();
  }

  override async poll(since: number, waitMs: number, lang: Language, signal?: AbortSignal): Promise<SearchPoll> {
    const deadline = Date.now() + waitMs;
    await this.store.touch(this.id, new Date(Date.now() + this.ttlMs));
    for (;;) {
      if (this.offers.length > since || this.done || Date.now() >= deadline || signal?.aborted) return this.view(since, lang);
      await new Promise((r) => setTimeout(r, 150));
      const snap = await this.store.load(this.id);
      if (!snap) return this.view(since, lang);
      this.restore(snap);
    }
  }
}

export interface RunOptions {
  timeoutMs: number;
  /** The seat-inventory adapter of a supplier call (the search's calls may share one: searchSeatsReader). */
  seatsTaken: () => NonNullable<SupplierContext['seatsTaken']>;
  /** Non-supplier failures (a bug, the database): logged, the task fails with UNAVAILABLE. */
  onUnexpected?: (error: unknown, source: string) => void;
}

/**
 * Starts every task of the session at once; answers immediately (the tasks run on).
 *
 * The calls all start now, so they share one deadline: one timer for the session (not a timer, an abort controller,
 * a listener and a race per call) fails every task still pending after `timeoutMs` with the supplier's TIMEOUT, then
 * aborts the calls still running (their later answers are dropped: `publish` refuses them, `settle` too). The calls'
 * signal is also aborted when the session stops. The timer is cleared when the last task settles.
 */
export function runTasks(
  session: SearchSession,
  supplierOf: (source: TaskSignIn['source']) => FlightSupplier,
  searches: readonly { leg?: number; search: SupplierSearch }[],
  options: RunOptions,
): void {
  const calls = new AbortController();
  const parent = session.controller.signal;
  const onParent = () => calls.abort(parent.reason);
  if (parent.aborted) onParent();
  else parent.addEventListener('abort', onParent, { once: true });
  const deadline = setTimeout(() => {
    for (const task of session.tasks) {
      if (task.status === 'pending') session.settle(task, new SupplierError('TIMEOUT', { source: task.signIn.source }));
    }
    calls.abort(new SupplierError('TIMEOUT'));
  }, options.timeoutMs);
  void session.whenFinished().then(() => {
    clearTimeout(deadline);
    parent.removeEventListener('abort', onParent);
  });
  const context = { seatsTaken: options.seatsTaken(), timeoutMs: options.timeoutMs, signal: calls.signal };
  session.tasks.forEach((task) => {
    const supplier = supplierOf(task.signIn.source);
    void Promise.allSettled(
      searches.map(async ({ leg, search }) => {
        const offers = await supplier.search(search, context);
        // a call that answered after the deadline (or the session's end): its task is already failed
        if (task.status === 'pending') session.publish(task, offers, leg);
      }),
    ).then((results) => {
      const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (!failure) return session.settle(task, null);
      const reason: unknown = failure.reason;
      if (reason instanceof SupplierError) return session.settle(task, reason);
      options.onUnexpected?.(reason, task.signIn.source);
      session.settle(task, new SupplierError('UNAVAILABLE', { source: task.signIn.source }));
    });
  });
}

export interface SessionStoreOptions {
  ttlMs: number;
  perUser: number;
  /** How often expired sessions are swept (default 60 s). */
  sweepMs?: number;
  /** Shares the sessions with the other instances (PostgreSQL). */
  store?: SharedSessionStore;
  /** A save after the first failed (the next change saves again; a poll elsewhere sees the older state meanwhile). */
  onSaveError?: (error: unknown, sessionId: string) => void;
}

/** The sessions of this process. */
export class SearchSessions {
  private readonly sessions = new Map<string, SearchSession>();
  /** Each user's sessions: the cap is applied over these, not over every session of the process. */
  private readonly byUser = new Map<number, Set<SearchSession>>();
  /** Sessions this instance dropped (cap or expiry): not served again from the shared store (bounded). */
  private readonly dropped = new Set<string>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly options: SessionStoreOptions) {
    this.sweeper = setInterval(() => this.sweep(), options.sweepMs ?? 60_000);
    this.sweeper.unref();
  }

  get size(): number {
    return this.sessions.size;
  }

  /**
   * A new session of the user: the user's expired sessions are dropped, then the least recently used ones while the
   * user has `perUser` or more. Only the user's own sessions are looked at (the other users' expire through `get`
   * and the periodic sweep), so starting a search does not cost more as the process holds more users' sessions.
   */
  create(owner: SessionOwner, signIns: readonly TaskSignIn[]): SearchSession {
    const now = Date.now();
    const mine = this.byUser.get(owner.userId);
    if (mine) {
      for (const s of mine) if (this.expired(s, now)) this.drop(s);
      if (mine.size >= this.options.perUser) {
        const oldest = [...mine].sort((a, b) => a.lastUsedAt - b.lastUsedAt);
        for (let i = 0; mine.size >= this.options.perUser; i++) this.drop(oldest[i]);
      }
    }
    const session = new SearchSession(owner, signIns);
    this.sessions.set(session.id, session);
    let own = this.byUser.get(owner.userId);
    if (!own) this.byUser.set(owner.userId, (own = new Set()));
    own.add(session);
    if (this.options.store) this.share(session, this.options.store);
    return session;
  }

  /** Saves the session now and after each change (one save at a time, the latest state last). */
  private share(session: SearchSession, store: SharedSessionStore): void {
    let saving: Promise<void> = Promise.resolve();
    let dirty = false;
    let running = false;
    let first = true;
    let firstSaved: (error?: unknown) => void = () => undefined;
    session.stored = new Promise<void>((resolve, reject) => (firstSaved = (error) => (error === undefined ? resolve() : reject(error))));
    const run = async () => {
      running = true;
      while (dirty) {
        dirty = false;
        let failed: unknown;
        await store.save(session.snapshot(), new Date(Date.now() + this.options.ttlMs), session.snapshotBytes()).catch((e: unknown) => {
          failed = e ?? new Error('the session could not be saved');
          if (!first) this.options.onSaveError?.(failed, session.id);
        });
        if (first) {
          first = false;
          firstSaved(failed);
        }
      }
      running = false;
    };
    session.onChange = () => {
      dirty = true;
      if (!running) saving = run();
    };
    session.flush = () => saving;
    session.onChange();
  }

  /**
   * The session of this instance, or one started on another instance (from the shared store), if it exists, has
   * not expired and belongs to the user; otherwise undefined (→ 404).
   */
  async find(id: string, userId: number): Promise<SearchSession | undefined> {
    const local = this.get(id, userId);
    if (local) {
      await local.flush?.();
      return local;
    }
    if (this.sessions.has(id) || this.dropped.has(id) || !this.options.store) return undefined;
    const snap = await this.options.store.load(id);
    if (!snap || snap.owner.userId !== userId) return undefined;
    return new MirrorSession(snap, this.options.store, this.options.ttlMs);
  }

  /** The session if it exists, has not expired and belongs to the user; otherwise undefined (→ 404). */
  get(id: string, userId: number): SearchSession | undefined {
    const s = this.sessions.get(id);
    if (!s) return undefined;
    if (this.expired(s)) {
      this.drop(s);
      return undefined;
    }
    return s.owner.userId === userId ? s : undefined;
  }

  private expired(s: SearchSession, now: number = Date.now()): boolean {
    return now - s.lastUsedAt > this.options.ttlMs;
  }

  sweep(now: number = Date.now()): void {
    for (const s of this.sessions.values()) if (this.expired(s, now)) this.drop(s);
  }

  /** Ends a session this instance started and forgets it (its start failed): its supplier calls are aborted. */
  discard(session: SearchSession): void {
    if (this.sessions.get(session.id) === session) this.drop(session);
  }

  private drop(s: SearchSession): void {
    this.sessions.delete(s.id);
    const own = this.byUser.get(s.owner.userId);
    own?.delete(s);
    if (own?.size === 0) this.byUser.delete(s.owner.userId);
    this.dropped.add(s.id);
    if (this.dropped.size > 10_000) this.dropped.delete(this.dropped.values().next().value as string);
    s.stop();
  }

  close(): void {
    clearInterval(this.sweeper);
    for (const s of this.sessions.values()) this.drop(s);
  }
}
