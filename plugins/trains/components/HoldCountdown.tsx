/**
 * The hold countdown (spec point 4: duration minus the seconds elapsed since startTime), shown on every step of
 * the flow. It ticks each second and calls onExpire once when it reaches 0.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { countdownMark, serverNow } from '../../../src/sdk';
import { formatCountdown, holdLeft } from '../model';

export function HoldCountdown({ duration, startTime, onExpire, now = serverNow }: { duration: number; startTime: string; onExpire?: () => void; now?: () => number }) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(() => holdLeft({ duration, startTime }, now()) ?? 0);
  const fired = useRef(false);
  const expire = useRef(onExpire);
  expire.current = onExpire;

  useEffect(() => {
    fired.current = false;
    const tick = () => {
      const l = holdLeft({ duration, startTime }, now()) ?? 0;
      setLeft(l);
      if (l === 0 && !fired.current) {
        fired.current = true;
        expire.current?.();
      }
    };
    tick();
    const id = window.setInterval(tick, 1000);
    return () => window.clearInterval(id);
  }, [duration, startTime, now]);

  const warn = left <= 60;
  const mark = countdownMark(left);
  return (
    <Alert
      className="train-hold"
      type={left === 0 ? 'error' : warn ? 'warning' : 'info'}
      showIcon
      icon={<ClockCircleOutlined />}
      data-testid="hold-countdown"
      data-left={left}
      message={
        left === 0 ? (
          t('trains.hold.expired')
        ) : (
          <>
            <span role="timer" aria-live="off">
              {t('trains.hold.left')} <strong>{formatCountdown(left)}</strong>
            </span>
            {/* spoken at 10, 5, 2 and 1 minutes left, not every second */}
            <span className="sr-only" aria-live="polite" data-testid="hold-announce">
              {mark !== null && mark > 0 ? t('trains.hold.announce', { minutes: Math.round(mark / 60) }) : ''}
            </span>
          </>
        )
      }
    />
  );
}
