/**
 * The component mounted once for every page (spec point 2): the toast of spec point 3 (error by default,
 * 5 s, optional redirect when it closes), the version-update notice (no auto-dismiss, click reloads), the
 * global loading overlay and the PIN-code dialog. It listens to the bus from the start; the toast, overlay and
 * PIN renderers load with their first use (the public pages never show the overlay: not in their first JS).
 */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { on, type PinRequest, type Toast } from '../../api/bus';
import type { QueuedToast } from './ToastHost';
import { useFocusReturn } from './focus-return';

const ToastHost = lazy(() => import('./ToastHost'));
const PinDialog = lazy(() => import('./PinDialog'));
const LoadingOverlay = lazy(() => import('./LoadingOverlay'));

let toastSeq = 0;

export function GlobalLayer({ navigate }: { navigate?: (path: string) => void }) {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<QueuedToast[]>([]);
  const [hostNeeded, setHostNeeded] = useState(false);
  const [loading, setLoading] = useState(0);
  const [overlayNeeded, setOverlayNeeded] = useState(false);
  const [pin, setPin] = useState<PinRequest | null>(null);
  const returnFocus = useFocusReturn();

  useEffect(
    () =>
      on('toast', (toast: Toast) => {
        if (!toast.open) return;
        setHostNeeded(true);
        setToasts((queue) => [...queue, { ...toast, id: ++toastSeq }]);
      }),
    [],
  );
  useEffect(
    () =>
      on('loading', (count: number) => {
        if (count > 0) setOverlayNeeded(true);
        setLoading(count);
      }),
    [],
  );
  useEffect(() => on('pin', setPin), []);
  const onShown = useCallback((ids: number[]) => setToasts((queue) => queue.filter((x) => !ids.includes(x.id))), []);

  return (
    <>
      {hostNeeded && (
        <Suspense fallback={null}>
          <ToastHost toasts={toasts} onShown={onShown} navigate={navigate} />
        </Suspense>
      )}
      {overlayNeeded && (
        <Suspense fallback={null}>
          <LoadingOverlay spinning={loading > 0} label={t('shell.loading')} />
        </Suspense>
      )}
      {pin && (
        <Suspense fallback={null}>
          <PinDialog
            request={pin}
            onDone={(value) => {
              setPin(null);
              pin.resolve(value);
              returnFocus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
