/**
 * Shows the queued toasts with antd notifications (loaded with the first toast, to keep the first page light):
 * error by default, `timeout` ms (0 = no auto-dismiss), the redirect when it closes, the reload action.
 */
import { useEffect } from 'react';
import { notification } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Toast } from '../../api/bus';

export interface QueuedToast extends Toast {
  id: number;
}

export function reloadPage(): void {
  window.location.reload();
}

export default function ToastHost({ toasts, onShown, navigate }: { toasts: QueuedToast[]; onShown: (ids: number[]) => void; navigate?: (path: string) => void }) {
  const { t } = useTranslation();
  const [api, contextHolder] = notification.useNotification({ placement: 'topRight', maxCount: 4 });

  useEffect(() => {
    if (toasts.length === 0) return;
    for (const toast of toasts) {
      const reload = toast.action === 'reload';
      api.open({
        key: reload ? 'toast-reload' : `toast-${toast.id}`,
        type: toast.type,
        message: t(`shell.toast.${toast.type}`),
        description: reload ? (
          <a role="button" onClick={reloadPage} data-testid="reload-link">
            {toast.description}
          </a>
        ) : (
          toast.description
        ),
        duration: toast.timeout > 0 ? toast.timeout / 1000 : 0,
        onClick: reload ? reloadPage : undefined,
        style: reload ? { cursor: 'pointer' } : undefined,
        onClose: toast.redirectPath && navigate ? () => navigate(toast.redirectPath as string) : undefined,
      });
    }
    onShown(toasts.map((x) => x.id));
  }, [toasts, api, t, navigate, onShown]);

  return <>{contextHolder}</>;
}
