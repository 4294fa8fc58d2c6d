/** Flight search helpers of the gateway tests: dates from today in Vietnam, a search polled to its end. */
import { isDeepStrictEqual } from 'node:util';
import { expandSearchPoll, searchPoll, searchPollWire, type FlightOffer, type SearchPoll, type SearchPollWire, type SearchStarted } from '../../contract/flights';
import { todayInVietnam } from '../../gateway/flights/service';
import { addDays } from '../../gateway/platform/clock';
import { call, type Gateway } from './helpers';

/** yyyy-MM-dd, `n` days after today in Vietnam. */
export const inDays = (n: number): string => addDays(todayInVietnam(), n);

export interface SearchRun {
  started: SearchStarted;
  polls: SearchPoll[];
  offers: FlightOffer[];
  last: SearchPoll;
  /** ms from the start to the poll that first carried offers, and to the poll that saw done. */
  firstOffersMs: number | null;
  doneMs: number;
}

export async function startSearch(gw: Gateway, token: string, body: unknown, lang?: 'vi' | 'en') {
  return call(gw, 'POST', '/api/flights/search', { token, body, headers: lang ? { 'x-language': lang } : {} });
}

/** Starts a search and long-polls it until every task is complete. */
export async function searchToEnd(gw: Gateway, token: string, body: unknown, lang?: 'vi' | 'en'): Promise<SearchRun> {
  const t0 = Date.now();
  const res = await startSearch(gw, token, body, lang);
  if (res.statusCode !== 200) throw new Error(`search failed: ${res.statusCode} ${res.body}`);
  const started = res.json<SearchStarted>();
  const polls: SearchPoll[] = [];
  const offers: FlightOffer[] = [];
  let cursor = 0;
  let firstOffersMs: number | null = null;
  for (let i = 0; i < 200; i++) {
    const p = await call(gw, 'GET', `/api/flights/search/${started.sessionId}`, {
      token,
      query: { since: String(cursor), waitMs: '5000' },
      headers: lang ? { 'x-language': lang } : {},
    });
    if (p.statusCode !== 200) throw new Error(`poll failed: ${p.statusCode} ${p.body}`);
    const wire = p.json<SearchPollWire>();
    // polls are sent without the schema check (uncheckedResponse): they must be exactly the contract's fields, as
    // sent (searchPollWire) and expanded (searchPoll)
    if (!isDeepStrictEqual(searchPollWire.parse(wire), wire)) throw new Error(`poll is not exactly searchPollWire: ${p.body.slice(0, 500)}`);
    const poll = expandSearchPoll(wire);
    if (!isDeepStrictEqual(searchPoll.parse(poll), poll)) throw new Error(`expanded poll is not exactly searchPoll: ${p.body.slice(0, 500)}`);
    polls.push(poll);
    offers.push(...poll.offers);
    if (poll.offers.length > 0) firstOffersMs ??= Date.now() - t0;
    cursor = poll.cursor;
    if (poll.done) return { started, polls, offers, last: poll, firstOffersMs, doneMs: Date.now() - t0 };
  }
  throw new Error('search did not finish');
}
