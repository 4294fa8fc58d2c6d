/**
 * /time-setup-instruction: shown when the gateway refuses the request time (code 42): how to set the
 * clock automatically on Windows, macOS, Android and iOS, and how far off this device is.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Typography } from 'antd';
import { AndroidOutlined, AppleOutlined, ClockCircleOutlined, MobileOutlined, WindowsOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getDiff } from '../../auth/storage';
import { formatDateTime } from '../../i18n/format';
import { PublicLayout } from '../layout/PublicLayout';

const SYSTEMS = [
  { key: 'windows', icon: <WindowsOutlined /> },
  { key: 'macos', icon: <AppleOutlined /> },
  { key: 'android', icon: <AndroidOutlined /> },
  { key: 'ios', icon: <MobileOutlined /> },
] as const;

export default function TimeSetupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const diff = getDiff();
  const minutes = Math.round(Math.abs(diff) / 60000);

  return (
    <PublicLayout wide>
      <div className="time-setup">
        <Typography.Title level={1} className="public-title">
          <ClockCircleOutlined /> {t('shell.timeSetup.title')}
        </Typography.Title>
        <Typography.Paragraph>{t('shell.timeSetup.description')}</Typography.Paragraph>
        <Alert
          type={minutes >= 5 ? 'warning' : 'info'}
          showIcon
          className="form-alert"
          message={
            <span>
              {t('shell.timeSetup.deviceTime')}: <b>{formatDateTime(now)}</b> · {t('shell.timeSetup.serverTime')}: <b>{formatDateTime(now + diff)}</b>
            </span>
          }
          description={minutes >= 1 ? t('shell.timeSetup.offBy', { minutes }) : undefined}
        />
        <div className="time-setup-grid">
          {SYSTEMS.map((s) => {
            const steps = t(`shell.timeSetup.${s.key}.steps`, { returnObjects: true }) as unknown;
            return (
              <Card
                key={s.key}
                title={
                  <span>
                    {s.icon} {t(`shell.timeSetup.${s.key}.title`)}
                  </span>
                }
                size="small"
              >
                <ol className="steps">{Array.isArray(steps) && steps.map((step) => <li key={String(step)}>{String(step)}</li>)}</ol>
              </Card>
            );
          })}
        </div>
        <div className="time-setup-actions">
          <Button type="primary" size="large" onClick={() => navigate('/', { replace: true })}>
            {t('shell.timeSetup.retry')}
          </Button>
        </div>
      </div>
    </PublicLayout>
  );
}
