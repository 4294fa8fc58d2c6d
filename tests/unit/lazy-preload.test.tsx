/**
 * `lazyOf` components whose code was fetched ahead (`preloadLazy`) render in the same pass, without suspending:
 * React reveals content that replaces a Suspense fallback up to 300 ms late, which left the home's search panel
 * room empty after its code had arrived.
 */
import { act, Suspense, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { lazyOf, preloadLazy } from '../../src/plugin';

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
