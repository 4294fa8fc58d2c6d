/** Schemas of the sign-in endpoints (spec points 3 and 7). */
import { z } from 'zod';
import { PASSWORD_RE } from './validators';

export const ACCOUNT_TYPES = ['AGT', 'SUB', 'MB'] as const;
export const ROLES = ['super_admin', 'admin_f1', 'admin_f2', 'admin_fn', 'agent_f2', 'agent_f1'] as const;

export const username = z.string().trim().min(3).max(64).regex(/^[A-Za-z0-9._-]+$/);
export const password = z.string().regex(PASSWORD_RE);

export const CAPTCHA_KINDS = ['image', 'audio'] as const;
export const CAPTCHA_AUDIO_LANGS = ['vi', 'en'] as const;

/** GET captcha: an image (default) or, for who cannot see it, the digits spoken in vi or en (issue 21). */
export const captchaQuery = z.object({
  kind: z.enum(CAPTCHA_KINDS).default('image'),
  lang: z.enum(CAPTCHA_AUDIO_LANGS).default('vi'),
});

export const captchaResponse = z.object({
  captchaId: z.string(),
  /** SVG markup of the image ('' when captcha is turned off, and for an audio captcha). */
  svg: z.string(),
  /** kind=audio: the digits spoken one by one, as a data:audio/wav;base64 URL (answer = the digits). */
  audio: z.string().optional(),
  expiresInSeconds: z.number().int(),
  /** false when the gateway checks no captcha (CAPTCHA=off): the forms hide the field and send none. */
  enabled: z.boolean(),
});

export const loginRequest = z.object({
  username,
  password: z.string().min(1).max(128),
  captchaId: z.string().max(64).default(''),
  captcha: z.string().max(16).default(''),
});

export const memberInfo = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  accountType: z.enum(ACCOUNT_TYPES),
  groupId: z.number().int().nullable(),
  groupName: z.string().nullable(),
  hasPin: z.boolean(),
});

export const agentInfo = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  level: z.number().int(),
  accountType: z.enum(ACCOUNT_TYPES),
  parentId: z.number().int().nullable(),
  phone: z.string().nullable(),
  hotline: z.string().nullable(),
  address: z.string().nullable(),
});

export const loginResult = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  memberInfo,
  agentInfo,
  permissions: z.array(z.string()),
  productKey: z.string().optional(),
  osi: z.string().optional(),
  tourCode: z.string().optional(),
});

export const refreshRequest = z.object({
  accessToken: z.string().min(1).max(4096),
  refreshToken: z.string().min(1).max(512),
  channel: z.literal('Web'),
});

export const refreshResult = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  permissions: z.array(z.string()),
  osi: z.string().optional(),
  tourCode: z.string().optional(),
});

export const logoutRequest = z.object({ refreshToken: z.string().min(1).max(512) });

export const meResult = z.object({
  memberInfo,
  agentInfo,
  permissions: z.array(z.string()),
});

export const forgotPasswordRequest = z.object({
  username,
  captchaId: z.string().max(64).default(''),
  captcha: z.string().max(16).default(''),
});

export const forgotPasswordResult = z.object({
  /** The e-mail the code was sent to, masked (n***@agency.vn). */
  maskedEmail: z.string(),
  expiresInSeconds: z.number().int(),
});

export const verifyResetRequest = z.object({
  username,
  code: z.string().regex(/^\d{6}$/),
  newPassword: password,
});

export const changePasswordRequest = z.object({
  username,
  oldPassword: z.string().min(1).max(128),
  newPassword: password,
  /** The same captcha as sign-in (GET /api/auth/captcha); '' when the gateway checks none. */
  captchaId: z.string().max(64).default(''),
  captcha: z.string().max(16).default(''),
});

export const okResult = z.object({ ok: z.literal(true) });

export type LoginRequest = z.infer<typeof loginRequest>;
export type LoginResult = z.infer<typeof loginResult>;
export type MemberInfo = z.infer<typeof memberInfo>;
export type AgentInfo = z.infer<typeof agentInfo>;
export type RefreshRequest = z.infer<typeof refreshRequest>;
export type RefreshResult = z.infer<typeof refreshResult>;
export type CaptchaResponse = z.infer<typeof captchaResponse>;
export type CaptchaQuery = z.input<typeof captchaQuery>;
export type MeResult = z.infer<typeof meResult>;
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;
export type ForgotPasswordResult = z.infer<typeof forgotPasswordResult>;
export type VerifyResetRequest = z.infer<typeof verifyResetRequest>;
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;
export type Role = (typeof ROLES)[number];
export type AccountType = (typeof ACCOUNT_TYPES)[number];
