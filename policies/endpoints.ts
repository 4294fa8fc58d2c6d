/**
 * The permission rule of every gateway endpoint, keyed by `METHOD path` (Fastify path syntax).
 * `public` endpoints need no token; `true` means any signed-in user. The gateway refuses to start when a
 * registered endpoint has no entry here, and the API tests call each one without its permission.
 */
export interface EndpointRule {
  rule: string;
  public?: boolean;
}

export const ENDPOINT_RULES: Record<string, EndpointRule> = {
  'GET /api/auth/captcha': { rule: 'true', public: true },
  'POST /api/auth/login': { rule: 'true', public: true },
  'POST /auth/refresh-token': { rule: 'true', public: true },
  'POST /api/auth/logout': { rule: 'true', public: true },
  'POST /api/auth/forgot-password': { rule: 'true', public: true },
  'POST /api/auth/forgot-password/verify': { rule: 'true', public: true },
  'POST /api/auth/change-password': { rule: 'true', public: true },
  'GET /api/ping': { rule: 'true', public: true },
  'GET /api/auth/me': { rule: 'true' },
  'GET /api/audit-log': { rule: 'ADMIN_F1 || ADMIN_F2' },
};

export function endpointKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}
