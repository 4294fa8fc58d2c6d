/**
 * The small event bus between the api layer (no React) and the components mounted once for every page.
 * The app sets the navigator (react-router's navigate); until then navigation falls back to the browser.
 */

/** The Toast entity of spec point 3. `timeout` 0 means no auto-dismiss. */
export interface Toast {
  open: boolean;
  type: 'error' | 'success' | 'info' | 'warning';
  description: string;
  timeout: number;
  redirectPath?: string;
  /** An action the toast offers: `reload` reloads the page when the toast is clicked. */
  action?: 'reload';
}

export interface PinRequest {
  salt: string;
  /** true when the PIN given before was wrong. */
  invalid: boolean;
  resolve: (pin: string | null) => void;
}

export interface BusEvents {
  toast: Toast;
  pin: PinRequest;
  loading: number;
  session: void;
}

type Handler<T> = (payload: T) => void;

const handlers = new Map<keyof BusEvents, Set<Handler<never>>>();

export function on<K extends keyof BusEvents>(event: K, handler: Handler<BusEvents[K]>): () => void {
  let set = handlers.get(event) as Set<Handler<BusEvents[K]>> | undefined;
  if (!set) {
    set = new Set();
    handlers.set(event, set as Set<Handler<never>>);
  }
  set.add(handler);
  return () => {
    set.delete(handler);
  };
}

export function emit<K extends keyof BusEvents>(event: K, payload: BusEvents[K]): void {
  const set = handlers.get(event) as Set<Handler<BusEvents[K]>> | undefined;
  set?.forEach((h) => h(payload));
}

export function listenerCount(event: keyof BusEvents): number {
  return handlers.get(event)?.size ?? 0;
}

export const TOAST_DEFAULTS: Pick<Toast, 'open' | 'type' | 'timeout'> = { open: true, type: 'error', timeout: 5000 };

export function showToast(toast: Partial<Toast> & { description: string }): void {
  emit('toast', { ...TOAST_DEFAULTS, ...toast });
}

// --- navigation -------------------------------------------------------------------------------------

export type Navigator = (path: string, options?: { replace?: boolean; state?: unknown }) => void;

let navigator: Navigator | null = null;

export function setNavigator(next: Navigator | null): void {
  navigator = next;
}

export function navigate(path: string, options?: { replace?: boolean; state?: unknown }): void {
  if (navigator) {
    navigator(path, options);
    return;
  }
  if (typeof window !== 'undefined' && window.location.pathname !== path) window.location.assign(path);
}

// --- global loading overlay ---------------------------------------------------------------------------

let inFlight = 0;

export function beginLoading(): void {
  inFlight += 1;
  emit('loading', inFlight);
}

export function endLoading(): void {
  inFlight = Math.max(0, inFlight - 1);
  emit('loading', inFlight);
}

export function loadingCount(): number {
  return inFlight;
}
