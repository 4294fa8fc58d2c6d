/**
 * Runs one search session of the contract: POST /api/flights/search, then polls the session with its cursor
 * until every sign-in task is done or failed. Each source's offers appear as soon as that source answers;
 * a failed source is a task with a message and never stops the others.
 *
 * Why not useCustom: each poll asks for what came after the previous answer's cursor and its offers add to
 * those already shown, while a Refine query keeps one cached answer per key (and refetchInterval repeats
 * the same key on a timer, adding a delay between polls). So the session is one loop over the data
 * provider's `custom`, got through useDataProvider(): one AbortController cancels the start and the
 * pending poll when the search changes or the page closes.
 *
 * A search the panel already started at the click (search-prefetch.ts) is taken over: its start and first
 * poll are awaited instead of being sent again.
 */
import { useEffect, useReducer, useState } from 'react';
import { useDataProvider } from '@refinedev/core';
import type { BookingFee, FlightOffer, FlightSearchRequest, SearchStarted, SignInTask } from '../../../contract/flights';
import { expandSearchPoll, type SearchPollWire } from '../../../contract/flights-poll';
import { isApiError } from '../../../src/sdk';
import { FLIGHTS_API } from '../api';
import { searchKey } from '../search-params';
import { POLL_WAIT_MS, takePrefetchedSearch } from './search-prefetch';

export { POLL_WAIT_MS };

export interface FlightSearchSession {
  status: 'idle' | 'running' | 'done' | 'error';
  sessionId: string;
  tasks: SignInTask[];
  total: number;
  completed: number;
  offers: FlightOffer[];
  isInternational: boolean;
  requirePassport: boolean;
  bookingFees: BookingFee[];
  /** The gateway's message (already in the user's language) when the search could not run. */
  error: string;
}

export const IDLE_SESSION: FlightSearchSession = {
  status: 'idle', sessionId: '', tasks: [], total: 0, completed: 0, offers: [], isInternational: false,
  requirePassport: false, bookingFees: [], error: '',
};

type Action =
  | { type: 'START' }
  | { type: 'STARTED'; session: Partial<FlightSearchSession> }
  | { type: 'POLL'; tasks: SignInTask[]; total: number; completed: number; done: boolean; offers: FlightOffer[] }
  | { type: 'ERROR'; error: string };

function reducer(state: FlightSearchSession, action: Action): FlightSearchSession {
  switch (action.type) {
    case 'START': return { ...IDLE_SESSION, status: 'running' };
    case 'STARTED': return { ...state, ...action.session };
    case 'POLL': return {
      ...state,
      tasks: action.tasks,
      total: action.total,
      completed: Math.min(action.completed, action.total),
      offers: action.offers.length ? [...state.offers, ...action.offers] : state.offers,
      status: action.done ? 'done' : 'running',
    };
    case 'ERROR': return { ...state, status: 'error', error: action.error };
    default: return state;
  }
}

function messageOf(error: unknown): string {
  if (isApiError(error)) return error.message;
  return error instanceof Error ? error.message : String(error);
}

/** The search of a request (null: nothing to search). `retry` runs it again. */
export function useFlightSearch(request: FlightSearchRequest | null): FlightSearchSession & { retry: () => void } {
  const [state, dispatch] = useReducer(reducer, IDLE_SESSION);
  const [attempt, setAttempt] = useState(0);
  const dataProvider = useDataProvider();
  const key = searchKey(request);

  useEffect(() => {
    if (!request) return undefined;
    const { custom } = dataProvider();
    if (!custom) return undefined;
    const controller = new AbortController();
    const { signal } = controller;
    const meta = { overlay: false, signal };
    dispatch({ type: 'START' });
    // a retry always starts a new search
    const prefetched = attempt === 0 ? takePrefetchedSearch(request) : null;
    (async () => {
      try {
        const started = prefetched
          ? await prefetched.started
          : (await custom<SearchStarted>({ url: FLIGHTS_API.search, method: 'post', payload: request, meta })).data;
        if (signal.aborted) return;
        dispatch({
          type: 'STARTED',
          session: {
            sessionId: started.sessionId, tasks: started.tasks, total: started.total,
            isInternational: started.isInternational, requirePassport: started.requirePassport, bookingFees: started.bookingFees,
          },
        });
        let cursor = 0;
        let firstPoll = prefetched?.firstPoll;
        for (;;) {
          // the answer's fare classes come as rows with their shared texts once (contract/flights-poll.ts)
          const poll = firstPoll ? await firstPoll : expandSearchPoll((await custom<SearchPollWire>({
            url: FLIGHTS_API.poll(started.sessionId), method: 'get', query: { since: cursor, waitMs: POLL_WAIT_MS }, meta,
          })).data);
          firstPoll = undefined;
          if (signal.aborted) return;
          cursor = poll.cursor;
          dispatch({ type: 'POLL', tasks: poll.tasks, total: poll.total, completed: poll.completed, done: poll.done, offers: poll.offers });
          if (poll.done) return;
        }
      } catch (error) {
        if (!signal.aborted) dispatch({ type: 'ERROR', error: messageOf(error) });
      }
    })();
    return () => controller.abort();
    // the request is fully described by its key
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);

  return { ...state, retry: () => setAttempt((n) => n + 1) };
}
