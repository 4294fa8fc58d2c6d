/** Paths of the gateway API (spec point 7 fixes api/auth/login and auth/refresh-token). */
export const API = {
  captcha: '/api/auth/captcha',
  login: '/api/auth/login',
  refreshToken: '/auth/refresh-token',
  logout: '/api/auth/logout',
  me: '/api/auth/me',
  forgotPassword: '/api/auth/forgot-password',
  verifyReset: '/api/auth/forgot-password/verify',
  changePassword: '/api/auth/change-password',
  auditLog: '/api/audit-log',
  ping: '/api/ping',
  openapi: '/api/docs/openapi.json',
  docs: '/api/docs',
  healthz: '/healthz',
  readyz: '/readyz',
} as const;
