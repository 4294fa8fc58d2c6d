/**
 * antd's App gives every page `App.useApp().modal` (confirm, info, success, error, warning) through antd's modal
 * hook, whose code is the Modal itself (about 9 KB gzip): with the App at the root of the signed-in portal, the
 * Modal was part of what the sign-in click loads before the home is shown, though no page opens a dialog before
 * its content is there. The build resolves the App's import of that hook to this one (scripts/antd-parts.ts): the
 * same API, whose holder (antd's hook and its dialogs) is fetched once the page's content is shown, or at the
 * first call if that comes first. A call made before the holder is here is made as soon as it is, and its handle
 * (destroy, update, then) acts on the dialog from then on.
 */
import { lazy, Suspense, useMemo, type ReactElement } from 'react';
import type { HookAPI } from 'antd/es/modal/useModal';
import { loadOnce, useDeferredApi } from './deferred-api';

type Kind = keyof HookAPI;
type Handle = ReturnType<HookAPI['confirm']>;
const KINDS: Kind[] = ['info', 'success', 'error', 'warning', 'confirm'];

const loadHolder = loadOnce(() => import('./modal-holder'));
const ModalHolder = lazy(loadHolder);

/**
 * A handle for a dialog asked before antd's hook is here: its calls are made on the real one once it exists. Its
 * `then` is passed on as antd's own (which also tells the dialog that its caller handles a failed onOk).
 */
function deferredHandle(start: (onReal: (real: Handle) => void) => void): Handle {
  let real: Handle | null = null;
  let awaited = false;
  const waiting: ((h: Handle) => void)[] = [];
  let settle: (confirmed: boolean) => void = () => undefined;
  const confirmed = new Promise<boolean>((resolve) => {
    settle = resolve;
  });
  start((h) => {
    real = h;
    for (const call of waiting.splice(0)) call(h);
    if (awaited) void h.then(settle, () => undefined);
  });
  const when = (call: (h: Handle) => void) => (real ? call(real) : waiting.push(call));
  const then = ((resolve: (c: boolean) => unknown, reject: VoidFunction) => {
    if (real) return real.then(resolve, reject);
    awaited = true;
    return confirmed.then(resolve, reject);
  }) as Handle['then'];
  return {
    destroy: () => when((h) => h.destroy()),
    update: (config) => when((h) => h.update(config)),
    then,
  };
}

export default function useModal(): readonly [HookAPI, ReactElement] {
  const { real: apiRef, later, onApi, wanted } = useDeferredApi<HookAPI>();

  const api = useMemo(() => {
    const method = (kind: Kind) => (config: Parameters<HookAPI[Kind]>[0]): Handle => {
      if (apiRef.current) return apiRef.current[kind](config);
      return deferredHandle((onReal) => later((real) => onReal(real[kind](config))));
    };
    return Object.fromEntries(KINDS.map((kind) => [kind, method(kind)])) as unknown as HookAPI;
  }, [apiRef, later]);

  const holder = wanted ? (
    <Suspense fallback={null}>
      <ModalHolder onApi={onApi} />
    </Suspense>
  ) : (
    <></>
  );
  return [api, holder] as const;
}
