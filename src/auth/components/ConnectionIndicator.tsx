/** The live-connection indicator: polls /api/ping every 15 s and on window online / offline events. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ping } from '../auth-api';

export const PING_INTERVAL_MS = 15_000;
export type ConnectionState = 'checking' | 'online' | 'offline';

export function useConnection(check: () => Promise<boolean> = ping, intervalMs = PING_INTERVAL_MS): ConnectionState {
  const [state, setState] = useState<ConnectionState>('checking');
  useEffect(() => {
    let live = true;
    const run = () => {
      if (typeof navigator !== 'undefined' && navigator.onLine === false) {
        setState('offline');
        return;
      }
      void check().then((ok) => live && setState(ok ? 'online' : 'offline'));
    };
    const offline = () => setState('offline');
    run();
    const timer = window.setInterval(run, intervalMs);
    window.addEventListener('online', run);
    window.addEventListener('offline', offline);
    return () => {
      live = false;
      window.clearInterval(timer);
      window.removeEventListener('online', run);
      window.removeEventListener('offline', offline);
    };
  }, [check, intervalMs]);
  return state;
}

const COLOURS: Record<ConnectionState, string> = { checking: '#faad14', online: '#22a447', offline: '#e5252f' };

export function ConnectionIndicator({ state }: { state: ConnectionState }) {
  const { t } = useTranslation();
  return (
    <span className="connection" role="status" data-state={state}>
      <span className="connection-dot" style={{ background: COLOURS[state] }} />
      {t(`auth.connection.${state}`)}
    </span>
  );
}
