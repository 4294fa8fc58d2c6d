/**
 * The public sign-in calls of the gateway (contract/auth.ts): captcha, sign-in, the connection check, the
 * forgotten and the changed password. They go through the small fetch transport (api/public-client.ts, the same
 * envelope as the axios client), so the sign-in page's first JS carries no axios; the calls of a signed-in
 * session (me, sign-out) are in session-api.ts, through the axios client.
 */
import { API } from '../../contract/paths';
import type {
  CaptchaQuery,
  CaptchaResponse,
  ChangePasswordRequest,
  ForgotPasswordRequest,
  ForgotPasswordResult,
  LoginRequest,
  LoginResult,
  VerifyResetRequest,
} from '../../contract/auth';
import { publicCall } from '../api/public-client';

/** A new captcha: the image by default, or (kind audio) the digits spoken in vi or en. */
export async function fetchCaptcha(query: CaptchaQuery = {}): Promise<CaptchaResponse> {
  return publicCall<CaptchaResponse>('GET', API.captcha, { params: { ...query } });
}

export async function postLogin(body: LoginRequest): Promise<LoginResult> {
  return publicCall<LoginResult>('POST', API.login, { body });
}

export async function postForgotPassword(body: ForgotPasswordRequest): Promise<ForgotPasswordResult> {
  return publicCall<ForgotPasswordResult>('POST', API.forgotPassword, { body });
}

export async function postVerifyReset(body: VerifyResetRequest): Promise<void> {
  await publicCall('POST', API.verifyReset, { body });
}

export async function postChangePassword(body: ChangePasswordRequest): Promise<void> {
  await publicCall('POST', API.changePassword, { body });
}

/** The live-connection check: true when the gateway answers. */
export async function ping(): Promise<boolean> {
  try {
    await publicCall('GET', API.ping, { timeout: 8_000, silent: true });
    return true;
  } catch {
    return false;
  }
}
