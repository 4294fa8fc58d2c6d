/**
 * The permission rule of every gateway endpoint, keyed by `METHOD path` (Fastify path syntax).
 * `public` endpoints need no token; `true` means any signed-in user. The gateway refuses to start when a
 * registered endpoint has no entry here, and the API tests call each one without its permission.
 */
export interface EndpointRule {
  rule: string;
  public?: boolean;
}

/** The rules of the agency-administration endpoints (spec point 2, Agent / System / Banner). */
const ADMIN_F1 = 'ADMIN_F1';
const MANAGERS = 'ADMIN_F1 || ADMIN_F2';
const CHILD = 'ADMIN_F2 && CHILD_AGENT_MANAGER';
const COMMISSION = '(AGENT_F1 && DEPOSIT_MANAGER) || ADMIN_F1 || ADMIN_F2';

function admin(): Record<string, EndpointRule> {
  const rules: Record<string, EndpointRule> = {};
  const add = (rule: string, ...keys: string[]) => {
    for (const k of keys) rules[k] = { rule };
  };
  // permission groups: /system/group-permissions
  add(ADMIN_F1, 'GET /api/system/group-permissions', 'GET /api/system/group-permissions/:id', 'POST /api/system/group-permissions',
    'PUT /api/system/group-permissions/:id', 'DELETE /api/system/group-permissions/:id');
  // users: /agent/ticketing-management (children's users too, within the caller's scope)
  add(MANAGERS, 'GET /api/agents/options', 'GET /api/agents/users', 'GET /api/agents/users/:id', 'POST /api/agents/users',
    'PUT /api/agents/users/:id', 'POST /api/agents/users/:id/lock', 'POST /api/agents/users/:id/unlock',
    'POST /api/agents/users/:id/reset-password');
  // F2 sub-agencies: /agent/config-f2; children of an F2: /agent/config-child
  add(ADMIN_F1, 'GET /api/agents/sub-agencies', 'GET /api/agents/sub-agencies/:id', 'POST /api/agents/sub-agencies',
    'PUT /api/agents/sub-agencies/:id', 'POST /api/agents/sub-agencies/:id/status');
  add(CHILD, 'GET /api/agents/child-agencies', 'GET /api/agents/child-agencies/:id', 'POST /api/agents/child-agencies',
    'PUT /api/agents/child-agencies/:id', 'POST /api/agents/child-agencies/:id/status');
  // agency settings: /agent/config
  add(ADMIN_F1, 'GET /api/agents/config', 'PUT /api/agents/config');
  // own profile, password, PIN: open
  add('true', 'GET /api/agents/account-info', 'PUT /api/agents/account-info', 'POST /api/system/change-password',
    'GET /api/system/pin-code', 'PUT /api/system/pin-code');
  // sign-ins: /system/signIn-config
  add(ADMIN_F1, 'GET /api/system/signin-config', 'POST /api/system/signin-config', 'PUT /api/system/signin-config/:id',
    'DELETE /api/system/signin-config/:id');
  // commission and service fees: /system/commission-fee
  add(COMMISSION, 'GET /api/system/commission-fee', 'PUT /api/system/commission-fee');
  return rules;
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
  // agency administration (docs/admin-model.md)
  ...admin(),
};

export function endpointKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}
