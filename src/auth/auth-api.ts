/** The sign-in calls of the gateway (contract/auth.ts), through the one api client. */
import { API } from '../../contract/paths';
import type {
  CaptchaQuery,
  CaptchaResponse,
  ChangePasswordRequest,
  ForgotPasswordRequest,
  ForgotPasswordResult,
  LoginRequest,
  LoginResult,
  MeResult,
  VerifyResetRequest,
} from '../../contract/auth';
import { api } from '../api/client';

const quiet = { overlay: false, skipAuthRedirect: true } as const;

/** A new captcha: the image by default, or (kind audio) the digits spoken in vi or en. */
export async function fetchCaptcha(query: CaptchaQuery = {}): Promise<CaptchaResponse> {
  return (await api.get<CaptchaResponse>(API.captcha, { ...quiet, params: query })).data;
}

export async function postLogin(body: LoginRequest): Promise<LoginResult> {
  return (await api.post<LoginResult>(API.login, body, quiet)).data;
}

export async function postLogout(refreshToken: string): Promise<void> {
  await api.post(API.logout, { refreshToken }, { ...quiet, timeout: 10_000 });
}

export async function fetchMe(): Promise<MeResult> {
  return (await api.get<MeResult>(API.me, { overlay: false })).data;
}

export async function postForgotPassword(body: ForgotPasswordRequest): Promise<ForgotPasswordResult> {
  return (await api.post<ForgotPasswordResult>(API.forgotPassword, body, quiet)).data;
}

export async function postVerifyReset(body: VerifyResetRequest): Promise<void> {
  await api.post(API.verifyReset, body, quiet);
}

export async function postChangePassword(body: ChangePasswordRequest): Promise<void> {
  await api.post(API.changePassword, body, quiet);
}

/** The live-connection check: true when the gateway answers. */
export async function ping(): Promise<boolean> {
  try {
    await api.get(API.ping, { ...quiet, timeout: 8_000, silent: true });
    return true;
  } catch {
    return false;
  }
}
