/** The captcha image from the gateway with a refresh button; the parent owns the typed text. */
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { Button } from 'antd';
import Input from 'antd/es/input/Input';
import { ReloadOutlined, SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CaptchaResponse } from '../../../contract/auth';
import { fetchCaptcha } from '../auth-api';

export interface CaptchaHandle {
  refresh: () => void;
}

export interface CaptchaProps {
  value?: string;
  onChange?: (value: string) => void;
  /** Called with the id of the image shown; `enabled` false when the gateway has captcha turned off. */
  onCaptchaId: (id: string, enabled: boolean) => void;
  onPressEnter?: () => void;
  status?: 'error';
  id?: string;
}

export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export const Captcha = forwardRef<CaptchaHandle, CaptchaProps>(function Captcha({ value, onChange, onCaptchaId, onPressEnter, status, id }, ref) {
  const { t } = useTranslation();
  const [captcha, setCaptcha] = useState<CaptchaResponse | null>(null);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(false);
  // the typed text is cleared when a new image comes (each captcha is single-use), but only when there is
  // one: clearing an empty field would mark it invalid before the user has typed anything
  const latest = useRef({ value, onChange });
  useEffect(() => {
    latest.current = { value, onChange };
  });

  const refresh = useCallback(() => {
    setLoading(true);
    setFailed(false);
    fetchCaptcha()
      .then((c) => {
        setCaptcha(c);
        onCaptchaId(c.enabled ? c.captchaId : '', c.enabled);
      })
      .catch(() => {
        setCaptcha(null);
        setFailed(true);
        onCaptchaId('', true);
      })
      .finally(() => setLoading(false));
    if (latest.current.value) latest.current.onChange?.('');
  }, [onCaptchaId]);

  useImperativeHandle(ref, () => ({ refresh }), [refresh]);

  useEffect(() => {
    refresh();
  }, [refresh]);

  // the gateway said captcha is turned off
  if (captcha && !captcha.enabled) return null;

  return (
    <div className="captcha-row">
      <Input
        id={id}
        size="large"
        prefix={<SafetyOutlined />}
        placeholder={t('auth.login.captcha')}
        aria-label={t('auth.login.captcha')}
        autoComplete="off"
        maxLength={16}
        value={value}
        status={status}
        onChange={(e) => onChange?.(e.target.value)}
        onPressEnter={onPressEnter}
      />
      <div className="captcha-image" aria-live="polite">
        {captcha?.svg ? (
          <img src={svgDataUrl(captcha.svg)} alt={t('auth.login.captchaImage')} data-testid="captcha-image" />
        ) : (
          <span className="captcha-missing">{failed ? t('auth.login.captchaFailed') : ''}</span>
        )}
      </div>
      <Button
        size="large"
        icon={<ReloadOutlined spin={loading} />}
        onClick={refresh}
        title={t('auth.login.captchaRefresh')}
        aria-label={t('auth.login.captchaRefresh')}
      />
    </div>
  );
});
