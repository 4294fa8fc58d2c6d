/**
 * The captcha from the gateway with a refresh button; the parent owns the typed text. Beside the image, "Listen to
 * the code" switches to the audio captcha (5 digits spoken in the portal's language, played in an <audio controls>)
 * and back (issue 21). The input takes aria-invalid / aria-describedby from its form field (antd Form.Item or Field).
 */
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { Button } from 'antd';
import Input from 'antd/es/input/Input';
import { PictureOutlined, ReloadOutlined, SafetyOutlined, SoundOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CaptchaResponse } from '../../../contract/auth';
import { fetchCaptcha } from '../auth-api';

export interface CaptchaHandle {
  refresh: () => void;
}

export interface CaptchaProps {
  value?: string;
  onChange?: (value: string) => void;
  /** Called with the id of the captcha shown; `enabled` false when the gateway has captcha turned off. */
  onCaptchaId: (id: string, enabled: boolean) => void;
  onPressEnter?: () => void;
  status?: 'error';
  id?: string;
  /** Given by antd's Form.Item when the field has an error: passed on to the input. */
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
}

type Kind = 'image' | 'audio';

export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export const Captcha = forwardRef<CaptchaHandle, CaptchaProps>(function Captcha(
  { value, onChange, onCaptchaId, onPressEnter, status, id, 'aria-invalid': ariaInvalid, 'aria-describedby': ariaDescribedby },
  ref,
) {
  const { t, i18n } = useTranslation();
  const [captcha, setCaptcha] = useState<CaptchaResponse | null>(null);
  const [kind, setKind] = useState<Kind>('image');
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(false);
  const audioRef = useRef<HTMLAudioElement>(null);
  const lang: 'vi' | 'en' = i18n.language?.startsWith('en') ? 'en' : 'vi';
  // the typed text is cleared when a new captcha comes (each captcha is single-use), but only when there is
  // one: clearing an empty field would mark it invalid before the user has typed anything
  const latest = useRef({ value, onChange, kind, lang });
  useEffect(() => {
    latest.current = { value, onChange, kind, lang };
  });

  const load = useCallback(
    (next: Kind) => {
      setLoading(true);
      setFailed(false);
      fetchCaptcha(next === 'audio' ? { kind: 'audio', lang: latest.current.lang } : {})
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
    },
    [onCaptchaId],
  );

  const refresh = useCallback(() => load(latest.current.kind), [load]);

  const switchKind = useCallback(() => {
    const next: Kind = latest.current.kind === 'image' ? 'audio' : 'image';
    setKind(next);
    setCaptcha(null);
    load(next);
  }, [load]);

  useImperativeHandle(ref, () => ({ refresh }), [refresh]);

  useEffect(() => {
    load('image');
  }, [load]);

  // a new spoken code starts playing at once (the user asked for it by pressing the button)
  const audioSrc = kind === 'audio' ? captcha?.audio : undefined;
  useEffect(() => {
    // a browser may still refuse autoplay: the controls stay there to press play
    if (audioSrc) Promise.resolve().then(() => audioRef.current?.play()).catch(() => undefined);
  }, [audioSrc]);

  // the gateway said captcha is turned off
  if (captcha && !captcha.enabled) return null;

  const invalid = ariaInvalid === true || ariaInvalid === 'true' || status === 'error';
  const missing = failed ? t(kind === 'audio' ? 'auth.login.captchaAudioFailed' : 'auth.login.captchaFailed') : '';
  const audioHintId = id ? `${id}-audio-hint` : undefined;
  const describedBy = [ariaDescribedby, kind === 'audio' && audioSrc ? audioHintId : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <div className="captcha">
      <div className="captcha-row">
        <Input
          id={id}
          size="large"
          prefix={<SafetyOutlined />}
          placeholder={t('auth.login.captcha')}
          aria-label={t('auth.login.captcha')}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          autoComplete="off"
          inputMode={kind === 'audio' ? 'numeric' : undefined}
          maxLength={16}
          value={value}
          status={status ?? (invalid ? 'error' : undefined)}
          onChange={(e) => onChange?.(e.target.value)}
          onPressEnter={onPressEnter}
        />
        {kind === 'image' && (
          <div className="captcha-image" aria-live="polite">
            {captcha?.svg ? (
              <img src={svgDataUrl(captcha.svg)} alt={t('auth.login.captchaImage')} data-testid="captcha-image" />
            ) : (
              <span className="captcha-missing">{missing}</span>
            )}
          </div>
        )}
        <Button
          size="large"
          icon={<ReloadOutlined spin={loading} />}
          onClick={refresh}
          title={t('auth.login.captchaRefresh')}
          aria-label={t('auth.login.captchaRefresh')}
        />
        <Button
          size="large"
          icon={kind === 'image' ? <SoundOutlined /> : <PictureOutlined />}
          onClick={switchKind}
          title={t(kind === 'image' ? 'auth.login.captchaListen' : 'auth.login.captchaShowImage')}
          aria-label={t(kind === 'image' ? 'auth.login.captchaListen' : 'auth.login.captchaShowImage')}
          data-testid="captcha-kind"
        />
      </div>
      {kind === 'audio' && (
        <div className="captcha-audio" aria-live="polite">
          {audioSrc ? (
            <>
              <span id={audioHintId} className="captcha-audio-hint">
                {t('auth.login.captchaAudio')}
              </span>
              <audio ref={audioRef} controls src={audioSrc} data-testid="captcha-audio" aria-label={t('auth.login.captchaAudio')} />
            </>
          ) : (
            <span className="captcha-missing">{missing}</span>
          )}
        </div>
      )}
    </div>
  );
});
