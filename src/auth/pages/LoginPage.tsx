/**
 * /login: user name, password, the captcha image from the gateway (with refresh), the live-connection
 * indicator, Enter submits, a clear message for every login error code, a link to /forgot-password.
 *
 * The first page most users load, so it is kept light on purpose: a plain form with antd inputs (no antd
 * Form, Card or Typography, which pull in field-form, tabs, menus and triggers).
 */
import { useCallback, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button } from 'antd';
// the input alone, not antd's Input with its TextArea, OTP and Search: the first page stays light
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { CarOutlined, GlobalOutlined, LockOutlined, SendOutlined, TeamOutlined, UserOutlined, WifiOutlined } from '@ant-design/icons';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { readBootShell, removeBootShell } from '../../boot/shell';
import { PublicLayout } from '../../ui/layout/PublicLayout';
import { Captcha, type CaptchaHandle } from '../components/Captcha';
import { ConnectionIndicator, useConnection } from '../components/ConnectionIndicator';
import { Field, fieldErrorId } from '../components/Field';
import { loginFailure } from '../login-errors';
import { login } from '../sign-in';
import { isLoggedIn } from '../storage';

export interface PublicPageState {
  from?: string;
  notice?: string;
  username?: string;
}

type FieldName = 'username' | 'password' | 'captcha';

export function safeReturnPath(wanted: string | null | undefined): string {
  if (!wanted || !wanted.startsWith('/') || wanted.startsWith('//') || wanted.startsWith('/login')) return '/';
  return wanted;
}

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? {}) as PublicPageState;
  const captchaRef = useRef<CaptchaHandle>(null);
  // the static form of index.html, painted before the scripts: what was typed in it carries over
  const [boot] = useState(readBootShell);
  const [username, setUsername] = useState(state.username ?? boot?.username ?? '');
  const [password, setPassword] = useState(boot?.password ?? '');
  const [captcha, setCaptcha] = useState('');
  const [captchaId, setCaptchaId] = useState('');
  const [captchaOn, setCaptchaOn] = useState(true);
  const [invalid, setInvalid] = useState<Partial<Record<FieldName, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const connection = useConnection();
  useLayoutEffect(() => {
    removeBootShell();
    if (boot?.focused === 'password') document.getElementById('login-password')?.focus();
  }, [boot]);
  const onCaptchaId = useCallback((id: string, enabled: boolean) => {
    setCaptchaId(id);
    setCaptchaOn(enabled);
  }, []);

  if (isLoggedIn() && !submitting) return <Navigate to="/" replace />;

  const validate = (): boolean => {
    const next: Partial<Record<FieldName, string>> = {};
    if (!username.trim()) next.username = t('auth.login.usernameRequired');
    if (!password) next.password = t('auth.login.passwordRequired');
    // required once the gateway has said the captcha is on (a captcha id came): a form sent before it answered
    // goes to the gateway, which refuses it with its own message if the captcha is on, rather than being held
    // back by a guess (a fast typist on a slow line, with the captcha off, was told to type a code never shown)
    if (captchaOn && captchaId && !captcha.trim()) next.captcha = t('auth.login.captchaRequired');
    setInvalid(next);
    return Object.keys(next).length === 0;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting || !validate()) return;
    setSubmitting(true);
    setError(null);
    const name = username.trim();
    try {
      await login({ username: name, password, captchaId, captcha: captcha.trim() });
      navigate(safeReturnPath(state.from ?? new URLSearchParams(location.search).get('to')), { replace: true });
    } catch (e) {
      const failure = loginFailure(e, t);
      setError(failure.message);
      setSubmitting(false);
      setPassword('');
      if (failure.changePassword) {
        navigate('/change-password', { state: { username: name, notice: failure.message } satisfies PublicPageState });
        return;
      }
      if (failure.refreshCaptcha) captchaRef.current?.refresh();
    }
  };

  const features = [
    { icon: <SendOutlined />, text: t('auth.login.featureFlights') },
    { icon: <CarOutlined />, text: t('auth.login.featureTrains') },
    { icon: <WifiOutlined />, text: t('auth.login.featureEsim') },
    { icon: <TeamOutlined />, text: t('auth.login.featureAgency') },
  ];

  return (
    <PublicLayout wide>
      <div className="login-grid">
        <section className="login-hero">
          <GlobalOutlined className="login-hero-globe" />
          <h2>{t('auth.login.heroTitle')}</h2>
          <p>{t('auth.login.heroText')}</p>
          <ul>
            {features.map((f) => (
              <li key={f.text}>
                {f.icon}
                <span>{f.text}</span>
              </li>
            ))}
          </ul>
        </section>
        <div className="login-card surface">
          <div className="login-card-head">
            <h1 className="login-title">{t('auth.login.title')}</h1>
            <ConnectionIndicator state={connection} />
          </div>
          <p className="surface-subtitle">{t('auth.login.subtitle')}</p>
          {state.notice && !error && <Alert type="success" showIcon message={state.notice} className="form-alert" />}
          {error && <Alert type="error" showIcon message={error} className="form-alert" role="alert" data-testid="login-error" />}
          <form onSubmit={onSubmit} noValidate aria-busy={submitting}>
            <Field id="login-username" label={t('auth.login.username')} error={invalid.username}>
              <Input
                id="login-username"
                size="large"
                prefix={<UserOutlined />}
                autoComplete="username"
                autoFocus
                placeholder={t('auth.login.usernamePlaceholder')}
                value={username}
                disabled={submitting}
                status={invalid.username ? 'error' : undefined}
                onChange={(e) => setUsername(e.target.value)}
              />
            </Field>
            <Field id="login-password" label={t('auth.login.password')} error={invalid.password}>
              <Password
                id="login-password"
                size="large"
                prefix={<LockOutlined />}
                autoComplete="current-password"
                placeholder={t('auth.login.passwordPlaceholder')}
                value={password}
                disabled={submitting}
                status={invalid.password ? 'error' : undefined}
                onChange={(e) => setPassword(e.target.value)}
              />
            </Field>
            <Field id="login-captcha" label={t('auth.login.captcha')} error={invalid.captcha} hidden={!captchaOn}>
              <Captcha
                id="login-captcha"
                ref={captchaRef}
                value={captcha}
                onChange={setCaptcha}
                onCaptchaId={onCaptchaId}
                status={invalid.captcha ? 'error' : undefined}
                aria-invalid={invalid.captcha ? true : undefined}
                aria-describedby={invalid.captcha ? fieldErrorId('login-captcha') : undefined}
              />
            </Field>
            <div className="login-links">
              <Link to="/forgot-password">{t('auth.login.forgot')}</Link>
            </div>
            <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
              {t('auth.login.submit')}
            </Button>
          </form>
        </div>
      </div>
    </PublicLayout>
  );
}
