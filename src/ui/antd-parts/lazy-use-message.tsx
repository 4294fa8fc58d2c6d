/**
 * antd's App gives every page `App.useApp().message` through antd's message hook, which with rc-notification (shared
 * with the notices) the signed-in portal's root loaded with the sign-in click although no message is shown before
 * a page's content. The build resolves the App's import of that hook to this one (scripts/antd-parts.ts): the same
 * API, whose holder (antd's hook and its messages) is fetched once the page's content is shown, or at the first
 * message if that comes first; messages asked before it is here are shown, in order, as soon as it is, and what a
 * call returned (the closer, and its promise) acts on that message from then on.
 */
import { lazy, Suspense, useMemo, type ReactElement } from 'react';
import type { ConfigOptions, MessageInstance, MessageType } from 'antd/es/message/interface';
import { loadOnce, useDeferredApi } from './deferred-api';

type Kind = keyof MessageInstance;
const KINDS: Kind[] = ['info', 'success', 'error', 'warning', 'loading', 'open', 'destroy'];

const loadHolder = loadOnce(() => import('./message-holder'));
const MessageHolder = lazy(loadHolder);

/** What a message asked before the holder is here returns: closes it, and settles, once the real one exists. */
function deferredMessage(start: (onReal: (real: MessageType) => void) => void): MessageType {
  let real: MessageType | null = null;
  let closed = false;
  let settle: (value: boolean) => void = () => undefined;
  const done = new Promise<boolean>((resolve) => {
    settle = resolve;
  });
  start((r) => {
    real = r;
    if (closed) r();
    void r.then(settle);
  });
  const close = (() => {
    closed = true;
    real?.();
  }) as MessageType;
  close.then = (onfulfilled, onrejected) => done.then(onfulfilled, onrejected);
  return close;
}

export default function useMessage(config?: ConfigOptions): readonly [MessageInstance, ReactElement] {
  const { real: apiRef, later, onApi, wanted } = useDeferredApi<MessageInstance>();

  const api = useMemo(() => {
    const method = (kind: Kind) => (...args: unknown[]) => {
      const call = (real: MessageInstance) => (real[kind] as (...a: unknown[]) => MessageType | undefined)(...args);
      if (apiRef.current) return call(apiRef.current);
      if (kind === 'destroy') {
        later(call);
        return undefined;
      }
      return deferredMessage((onReal) => later((real) => onReal(call(real) as MessageType)));
    };
    return Object.fromEntries(KINDS.map((kind) => [kind, method(kind)])) as unknown as MessageInstance;
  }, [apiRef, later]);

  const holder = wanted ? (
    <Suspense fallback={null}>
      <MessageHolder config={config} onApi={onApi} />
    </Suspense>
  ) : (
    <></>
  );
  return [api, holder] as const;
}
