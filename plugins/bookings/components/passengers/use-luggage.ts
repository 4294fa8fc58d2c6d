/**
 * The luggage state of passenger information: asks the gateway once per from/to/airline combination of the
 * selection sold by the carrier's own channel (the model's store is the cache; a second passenger on the same route loads nothing), and again
 * only when the agent retries a failed list. The lists are read through the data provider; they are asked for
 * per route as the selection needs them, into the model's store, so the page calls the provider itself rather
 * than holding one query per route.
 */
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useDataProvider } from '@refinedev/core';
import type { LuggageOption } from '../../../../contract/bookings';
import { BOOKINGS_API } from '../../../../contract/bookings-rules';
import { QUIET } from '../../api';
import type { LuggageRoute } from '../../model/draft';
import { initialLuggageState, luggageKey, luggageReducer, needsLoad, type LuggageAction, type LuggageState } from '../../model/luggage';

export function useLuggage(routes: readonly LuggageRoute[]): [LuggageState, (a: LuggageAction) => void, (r: LuggageRoute) => void] {
  const [state, dispatch] = useReducer(luggageReducer, undefined, initialLuggageState);
  const dataProvider = useDataProvider();
  const stateRef = useRef(state);
  stateRef.current = state;
  // keys asked for by this page (effects run twice in development: this keeps one request per key)
  const asked = useRef(new Set<string>());

  const load = useCallback((r: LuggageRoute, force = false) => {
    const key = luggageKey(r.from, r.to, r.airline);
    if (!force && (asked.current.has(key) || !needsLoad(stateRef.current, r.from, r.to, r.airline))) return;
    asked.current.add(key);
    dispatch({ type: 'LOAD_START', from: r.from, to: r.to, airline: r.airline });
    dataProvider()
      .custom!<LuggageOption[]>({ url: BOOKINGS_API.luggageOptions, method: 'get', query: { from: r.from, to: r.to, airline: r.airline }, meta: QUIET })
      .then(({ data }) => dispatch({ type: 'LOAD_DONE', from: r.from, to: r.to, airline: r.airline, data }))
      .catch(() => dispatch({ type: 'LOAD_FAIL', from: r.from, to: r.to, airline: r.airline }));
  }, [dataProvider]);

  const routeKeys = routes.map((r) => luggageKey(r.from, r.to, r.airline)).join('|');
  useEffect(() => {
    for (const r of routes) if (r.sold) load(r);
    // routes is derived from the draft; its keys say when it changed
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [routeKeys, load]);

  const retry = useCallback((r: LuggageRoute) => load(r, true), [load]);
  return [state, dispatch, retry];
}
