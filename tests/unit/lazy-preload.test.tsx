/**
 * `lazyOf` components whose code was fetched ahead (`preloadLazy`) render in the same pass, without suspending:
 * React reveals content that replaces a Suspense fallback up to 300 ms late, which left the home's search panel
 * room empty after its code had arrived.
 */
import { act, Suspense, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyOf, preloadLazy, type ComposedPortal } from '../../src/plugin';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function deferred() {
  let resolve!: (m: { default: () => React.JSX.Element }) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<{ default: () => React.JSX.Element }>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

let fallbacksShown = 0;
function Fallback() {
  useLayoutEffect(() => {
    fallbacksShown += 1;
  }, []);
  return <p>fallback</p>;
}

async function render(node: React.ReactNode): Promise<HTMLElement> {
  const el = document.createElement('div');
  await act(async () => createRoot(el).render(node));
  return el;
}

/** A lazy panel whose code arrives when `d` resolves; `calls()` counts its fetches. */
function deferredPanel() {
  const d = deferred();
  let fetched = 0;
  const Panel = lazyOf(() => {
    fetched += 1;
    return d.promise;
  });
  return { d, Panel, calls: () => fetched };
}

describe('lazyOf with preloadLazy', () => {
  it('renders at once once the code is here: no fallback is ever committed', async () => {
    const { d, Panel, calls } = deferredPanel();
    const ready = preloadLazy(Panel);
    d.resolve({ default: () => <p>panel</p> });
    await ready;
    fallbacksShown = 0;
    const el = await render(<Suspense fallback={<Fallback />}><Panel /></Suspense>);
    expect(el.textContent).toBe('panel');
    expect(fallbacksShown).toBe(0);
    expect(calls()).toBe(1);
  });

  it('without a preload, suspends and shows the fallback until the code arrives (one fetch for both)', async () => {
    const { d, Panel, calls } = deferredPanel();
    fallbacksShown = 0;
    const el = await render(<Suspense fallback={<Fallback />}><Panel /></Suspense>);
    expect(el.textContent).toBe('fallback');
    expect(fallbacksShown).toBe(1);
    const ready = preloadLazy(Panel);
    await act(async () => {
      d.resolve({ default: () => <p>panel</p> });
      await ready;
    });
    await vi.waitFor(() => expect(el.textContent).toBe('panel'));
    expect(calls()).toBe(1);
  });

  it('a failed fetch is tried again by the next preload', async () => {
    let calls = 0;
    const Panel = lazyOf(() => {
      calls += 1;
      return calls === 1 ? Promise.reject<{ default: () => React.JSX.Element }>(new Error('offline')) : Promise.resolve({ default: () => <p>panel</p> });
    });
    await expect(preloadLazy(Panel)).rejects.toThrow('offline');
    await preloadLazy(Panel);
    const el = await render(<Suspense fallback={<p>fallback</p>}><Panel /></Suspense>);
    expect(el.textContent).toBe('panel');
    expect(calls).toBe(2);
  });

  it('a component not made by lazyOf preloads to nothing', async () => {
    await expect(preloadLazy({})).resolves.toBeUndefined();
  });
});

describe('the flight results route', () => {
  it('is the very lazy component that the search panels preload (one loader for both)', async () => {
    const { flightsPlugin } = await import('../../plugins/flights');
    const { loadFlightResultsPage, loadMultiDestinationsPage } = await import('../../plugins/flights/pages/loaders');
    const { PAGES } = await import('../../src/links');
    const route = (path: string) => flightsPlugin.routes?.find((r) => r.path === path)?.component;
    // a page preloaded through another function would suspend its route once, and its reveal waits up to 300 ms
    expect(route(PAGES.flights.search)).toBe(lazyOf(loadFlightResultsPage));
    expect(route(PAGES.flights.multiDestinations)).toBe(lazyOf(loadMultiDestinationsPage));
  });
});

describe('FlightOfferTagSlot', () => {
  const roots: Array<{ unmount: () => void }> = [];
  afterEach(async () => {
    await act(async () => roots.splice(0).forEach((r) => r.unmount()));
    // the slot's frame and task have run or been cancelled before the environment closes
    await new Promise((r) => setTimeout(r, 20));
  });

  async function renderSlot(offerTags: unknown[] | undefined): Promise<HTMLElement> {
    const { PortalContext } = await import('../../src/ui/layout/portal-context');
    const { FlightOfferTagSlot } = await import('../../src/ui/slots');
    const el = document.createElement('div');
    const root = createRoot(el);
    roots.push(root);
    const portal = { offerTags } as unknown as ComposedPortal;
    await act(async () => root.render(
      <PortalContext.Provider value={portal}>
        <p>card</p>
        <FlightOfferTagSlot airline="VN" flightNo="VN200" from="HAN" to="SGN" departDate="2026-12-10" />
      </PortalContext.Provider>,
    ));
    return el;
  }

  it('mounts the tags after the card is painted, not in its first render', async () => {
    const Tag = lazyOf(() => Promise.resolve({ default: ({ flightNo }: { flightNo: string }) => <span>tag {flightNo}</span> }));
    await preloadLazy(Tag);
    const el = await renderSlot([Tag]);
    expect(el.textContent).toBe('card');
    await vi.waitFor(() => expect(el.textContent).toBe('cardtag VN200'));
  });

  it('renders nothing, and schedules nothing, when no plugin offers a tag', async () => {
    const frames = vi.spyOn(window, 'requestAnimationFrame');
    const el = await renderSlot(undefined);
    await new Promise((r) => setTimeout(r, 40));
    expect(el.textContent).toBe('card');
    expect(frames).not.toHaveBeenCalled();
    frames.mockRestore();
  });
});
