/**
 * What a page does not need to show its content (header widgets, carousels) waits until the content is shown:
 * while a loading placeholder of the page is mounted (the route's, the access check's, a panel's: each holds
 * with `useHoldAfterContent`), nothing deferred loads; once none is left, the next idle moment of the browser
 * releases them, for the rest of the session. A ceiling keeps a page that never finishes loading from keeping
 * them away for ever.
 */
import { useEffect, useLayoutEffect, useState } from 'react';

/** Released at the latest this long after the first deferred part asked (a page stuck loading). */
export const AFTER_CONTENT_CEILING_MS = 8000;
/** How long the browser may stay busy before an idle moment is forced. */
const IDLE_TIMEOUT_MS = 1500;

let holds = 0;
let released = false;
let scheduled = false;
let ceiling: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

type IdleWindow = { requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number };

function release(): void {
  if (released) return;
  released = true;
  if (ceiling !== undefined) clearTimeout(ceiling);
  for (const listener of [...listeners]) listener();
  listeners.clear();
}

function whenIdle(cb: () => void): void {
  const w = globalThis as IdleWindow;
  if (typeof w.requestIdleCallback === 'function') w.requestIdleCallback(cb, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(cb, 50);
}

/** Releases at the next idle moment if no placeholder holds by then. */
function check(): void {
  if (released || scheduled || holds > 0 || listeners.size === 0) return;
  scheduled = true;
  // a frame first, so the content that replaced the placeholder is painted before anything else loads
  const next = typeof requestAnimationFrame === 'function' ? requestAnimationFrame : (cb: () => void) => setTimeout(cb, 16);
  next(() =>
    whenIdle(() => {
      scheduled = false;
      if (holds === 0) release();
      else check();
    }),
  );
}

/** A loading placeholder of the page's own content: deferred parts wait while it is mounted. */
export function useHoldAfterContent(active = true): void {
  // a layout effect: the hold is taken in the commit that shows the placeholder, before any idle moment
  useLayoutEffect(() => {
    if (!active || released) return undefined;
    holds += 1;
    return () => {
      holds -= 1;
      check();
    };
  }, [active]);
}

/** false until the page's content is shown (then true for the rest of the session). */
export function useAfterContent(): boolean {
  const [ready, setReady] = useState(released);
  useEffect(() => {
    if (ready) return undefined;
    if (released) {
      setReady(true);
      return undefined;
    }
    const listener = () => setReady(true);
    listeners.add(listener);
    ceiling ??= setTimeout(release, AFTER_CONTENT_CEILING_MS);
    check();
    return () => {
      listeners.delete(listener);
    };
  }, [ready]);
  return ready;
}

/** For tests: back to the state of a fresh load. */
export function resetAfterContent(): void {
  holds = 0;
  released = false;
  scheduled = false;
  if (ceiling !== undefined) clearTimeout(ceiling);
  ceiling = undefined;
  listeners.clear();
}

/**
 * False until the render that asked has been painted (a frame, then a task), then true for good: for parts of a
 * screen that must not hold its first paint back. Asks nothing while `wanted` is false; `initial` true skips
 * the wait (the part was already due when the component mounted).
 */
export function useAfterPaint(wanted: boolean, initial = false): boolean {
  const [painted, setPainted] = useState(initial);
  useEffect(() => {
    if (!wanted || painted) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [wanted, painted]);
  return painted;
}
