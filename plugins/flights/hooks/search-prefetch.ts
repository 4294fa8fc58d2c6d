/**
 * A search started at the click, before its results page exists. The search panels that open the results page
 * call `prefetchSearch` with the request they navigate to: the start call and the first long poll go out at
 * once, while the router changes page and the page's code loads; the results page's `useFlightSearch` then
 * takes that search (`takePrefetchedSearch`, same request, within a few seconds, once) instead of starting its
 * own. `preloadResultsPage` fetches the results page's code ahead of the click (panel touched, or idle time).
 *
 * Only one search waits at a time (a new click replaces it); one not taken is simply left to expire on the
 * gateway like any abandoned search.
 */
import { useEffect } from 'react';
import { useDataProvider, type DataProvider } from '@refinedev/core';
import { useNavigate } from 'react-router';
import type { FlightSearchRequest, SearchPoll, SearchStarted } from '../../../contract/flights';
import { expandSearchPoll, type SearchPollWire } from '../../../contract/flights-poll';
import { lazyOf, PAGES, preloadLazy, usePortal, usePrefetchPageAccess } from '../../../src/sdk';
import { FLIGHTS_API } from '../api';
import { loadFlightResultsPage, loadMultiDestinationsPage } from '../pages/loaders';
import { resultsPath, searchKey } from '../search-params';

/** How long the gateway may hold a poll while nothing new arrived. */
export const POLL_WAIT_MS = 1500;

/** A started search is taken only this long after the click (a later visit starts afresh). */
const FRESH_MS = 15_000;

type Custom = NonNullable<DataProvider['custom']>;

export interface PrefetchedSearch {
  started: Promise<SearchStarted>;
  /** The first poll (since 0), sent as soon as the session exists (its offers expanded). */
  firstPoll: Promise<SearchPoll>;
}

let waiting: (PrefetchedSearch & { key: string; at: number }) | null = null;

const quiet = () => undefined;

/** Starts the search of `request` now (one-way and round-trip; multi-city pages search per leg). */
export function prefetchSearch(custom: Custom | undefined, request: FlightSearchRequest): void {
  if (!custom || request.journeyType === 'MC') return;
  const meta = { overlay: false };
  const started = custom<SearchStarted>({ url: FLIGHTS_API.search, method: 'post', payload: request, meta }).then((r) => r.data);
  const firstPoll = started.then((s) => custom<SearchPollWire>({
    url: FLIGHTS_API.poll(s.sessionId), method: 'get', query: { since: 0, waitMs: POLL_WAIT_MS }, meta,
  })).then((r) => expandSearchPoll(r.data));
  // a search nobody takes (the page was left at once) must not report an unhandled rejection
  started.catch(quiet);
  firstPoll.catch(quiet);
  waiting = { key: searchKey(request), at: Date.now(), started, firstPoll };
}

/** The search started at the click for this request, if any (given once). */
export function takePrefetchedSearch(request: FlightSearchRequest): PrefetchedSearch | null {
  const found = waiting;
  if (!found || found.key !== searchKey(request) || Date.now() - found.at > FRESH_MS) return null;
  waiting = null;
  return found;
}

/**
 * Loads the results pages' code (one-way and round trip, and multi-city, which share the results board) through
 * their routes' own lazy components (the same loaders), so that the route renders its page at once on the click
 * instead of suspending; a failed fetch is tried again by the route, with its error screen.
 */
export function preloadResultsPage(): void {
  preloadLazy(lazyOf(loadFlightResultsPage)).catch(quiet);
  preloadLazy(lazyOf(loadMultiDestinationsPage)).catch(quiet);
}

/**
 * What a search panel does with a search: start it (above) and open its results page. Multi-city searches
 * open their own page, which searches per leg.
 */
export function useOpenResults(): (request: FlightSearchRequest) => void {
  const navigate = useNavigate();
  const dataProvider = useDataProvider();
  const prefetchAccess = usePrefetchPageAccess();
  return (request) => {
    preloadResultsPage();
    prefetchSearch(dataProvider().custom, request);
    // the page's route check, answered while the router renders the layout for the new address
    prefetchAccess(request.journeyType === 'MC' ? PAGES.flights.multiDestinations : PAGES.flights.search);
    navigate(resultsPath(request));
  };
}

/**
 * Loads the results page's code when the browser is idle, once the calling panel is shown, with the code of the
 * tags other plugins add to its cards (`offerTags`: a card whose tag code is missing holds back the first cards).
 */
export function usePreloadResultsPageWhenIdle(): void {
  const tags = usePortal().offerTags;
  useEffect(() => {
    const preload = () => {
      preloadResultsPage();
      for (const tag of tags ?? []) preloadLazy(tag).catch(quiet); // a failed fetch is tried again by the tag
    };
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(preload, 2000);
      return () => window.clearTimeout(timer);
    }
    const id = window.requestIdleCallback(preload);
    return () => window.cancelIdleCallback(id);
  }, [tags]);
}
