/**
 * What the three deferred antd hooks (lazy-use-modal, lazy-use-message, lazy-use-notification) share: the holder's
 * code loaded once (tried again after a failed load), and the calls made before the holder's real API is here,
 * queued and made in order once it is.
 */
import { useCallback, useRef, useState } from 'react';
import { useAfterContent } from '../after-content';

/** `load`, run at most once at a time; a failed load is tried again by the next caller. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}

export interface DeferredApi<Api> {
  /** The real API, once the holder has given it. */
  real: { readonly current: Api | null };
  /** Queues a call for the real API (and asks for the holder). */
  later: (call: (api: Api) => void) => void;
  /** Given to the holder: the real API, on which the queued calls are made. */
  onApi: (api: Api) => void;
  /** Whether the holder is to be rendered: once the page's content is shown, or at the first queued call. */
  wanted: boolean;
}

export function useDeferredApi<Api>(): DeferredApi<Api> {
  const afterContent = useAfterContent();
  const [asked, setAsked] = useState(false);
  const real = useRef<Api | null>(null);
  const queue = useRef<((api: Api) => void)[]>([]);
  const onApi = useCallback((api: Api) => {
    real.current = api;
    for (const call of queue.current.splice(0)) call(api);
  }, []);
  const later = useCallback((call: (api: Api) => void) => {
    queue.current.push(call);
    setAsked(true);
  }, []);
  return { real, later, onApi, wanted: afterContent || asked };
}
