/**
 * The news plugin's widgets of every signed-in page, loaded after the shell: the notification bell (its panel,
 * list and badge) and the floating support panel are not needed to show a page's content. The bell keeps its
 * place meanwhile (the same header button with the bell, inactive); the support button floats above the page
 * and takes no room, so it simply appears.
 */
import { lazy, Suspense } from 'react';
import { Button } from 'antd';
import { BellOutlined } from '@ant-design/icons';

const NotificationBell = lazy(() => import('./NotificationBell').then((m) => ({ default: m.NotificationBell })));
const SupportPanel = lazy(() => import('./SupportPanel').then((m) => ({ default: m.SupportPanel })));

function BellPlaceholder() {
  return (
    <Button type="text" className="header-icon-button notif-trigger" disabled aria-hidden tabIndex={-1}>
      <BellOutlined style={{ fontSize: 18 }} />
    </Button>
  );
}

export function LazyNotificationBell() {
  return (
    <Suspense fallback={<BellPlaceholder />}>
      <NotificationBell />
    </Suspense>
  );
}

export function LazySupportPanel() {
  return (
    <Suspense fallback={null}>
      <SupportPanel />
    </Suspense>
  );
}
