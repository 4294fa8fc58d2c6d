/**
 * Refine's notificationProvider on antd notifications (the same behaviour as @refinedev/antd's, without
 * importing that package into the shell: its index pulls in markdown and table code the shell never uses).
 * Its texts come translated through the i18nProvider (shell.refine.*); an error shows the gateway's message.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { App, Button } from 'antd';
import type { NotificationProvider, OpenNotificationParams } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { useAfterContent } from './after-content';

const loadCountdown = () => import('./undoable-countdown');
const Countdown = lazy(loadCountdown);
/** The circle's room while its code loads (the size of the circle): the notice keeps its layout. */
const countdownRoom = <span className="undoable-countdown-room" style={{ display: 'inline-block', width: 36, height: 36 }} aria-hidden />;

function Undoable({ message, seconds, onUndo }: { message: string; seconds: number; onUndo: () => void }) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);
  return (
    <div className="undoable-notice">
      <Suspense fallback={countdownRoom}>
        <Countdown left={left} seconds={seconds} />
      </Suspense>
      <span className="undoable-message">{message}</span>
      <Button size="small" onClick={onUndo}>
        {t('shell.notification.undo')}
      </Button>
    </div>
  );
}

export function useNotificationProvider(): NotificationProvider {
  const { notification } = App.useApp();
  // the countdown's code is fetched once the page's content is shown, before any undoable notice can open
  const afterContent = useAfterContent();
  useEffect(() => {
    if (afterContent) void loadCountdown().catch(() => undefined);
  }, [afterContent]);
  return {
    open: ({ key, message, description, type, cancelMutation, undoableTimeout }: OpenNotificationParams) => {
      if (type === 'progress') {
        notification.open({
          key,
          message: null,
          duration: 0,
          closeIcon: null,
          description: (
            <Undoable
              message={message}
              seconds={undoableTimeout ?? 5}
              onUndo={() => {
                cancelMutation?.();
                notification.destroy(key ?? '');
              }}
            />
          ),
        });
        return;
      }
      // an error carries the gateway's own message (translated, saying what to do next): it is the whole notice;
      // Refine's generic line (which names the resource's technical id) is shown only when there is none
      if (type === 'error') {
        notification.open({ key, type, message: description || message });
        return;
      }
      notification.open({ key, type, message: description ?? message, description: description ? message : undefined });
    },
    close: (key: string) => notification.destroy(key),
  };
}
