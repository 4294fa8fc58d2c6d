/** antd's own notification hook and its holder, handed to the deferred hook of lazy-use-notification.tsx once loaded. */
import { useLayoutEffect } from 'react';
import useAntdNotification from 'antd/es/notification/useNotification';
import type { NotificationConfig, NotificationInstance } from 'antd/es/notification/interface';

export default function NotificationHolder({ config, onApi }: { config?: NotificationConfig; onApi: (api: NotificationInstance) => void }) {
  const [api, holder] = useAntdNotification(config);
  // a layout effect: the holder below is mounted by then, so notices asked before it arrived show at once
  useLayoutEffect(() => onApi(api), [api, onApi]);
  return holder;
}
