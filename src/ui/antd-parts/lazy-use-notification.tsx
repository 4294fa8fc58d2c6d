/**
 * antd's App gives every page `App.useApp().notification` through antd's notification hook (rc-notification and
 * the notices' styles, about 7 KB gzip), which the signed-in portal's root loaded with the sign-in click although
 * no notice is shown before a page's content. The build resolves the App's import of that hook to this one
 * (scripts/antd-parts.ts): the same API, whose holder (antd's hook and its notices) is fetched once the page's
 * content is shown, or at the first notice if that comes first; notices and closings asked before it is here are
 * made, in order, as soon as it is.
 */
import { lazy, Suspense, useMemo, type ReactElement } from 'react';
import type { NotificationConfig, NotificationInstance } from 'antd/es/notification/interface';
import { loadOnce, useDeferredApi } from './deferred-api';

type Kind = keyof NotificationInstance;
const KINDS: Kind[] = ['success', 'error', 'info', 'warning', 'open', 'destroy'];

const loadHolder = loadOnce(() => import('./notification-holder'));
const NotificationHolder = lazy(loadHolder);

export default function useNotification(config?: NotificationConfig): readonly [NotificationInstance, ReactElement] {
  const { real: apiRef, later, onApi, wanted } = useDeferredApi<NotificationInstance>();

  const api = useMemo(() => {
    const method = (kind: Kind) => (...args: unknown[]) => {
      const call = (real: NotificationInstance) => (real[kind] as (...a: unknown[]) => void)(...args);
      if (apiRef.current) return call(apiRef.current);
      later(call);
    };
    return Object.fromEntries(KINDS.map((kind) => [kind, method(kind)])) as unknown as NotificationInstance;
  }, [apiRef, later]);

  const holder = wanted ? (
    <Suspense fallback={null}>
      <NotificationHolder config={config} onApi={onApi} />
    </Suspense>
  ) : (
    <></>
  );
  return [api, holder] as const;
}
