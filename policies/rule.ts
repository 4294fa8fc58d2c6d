/** Turning a readable rule (`(AGENT_F2 || ADMIN_F1) && ONLY_SHOW_NEW`) into casbin's form, and checking it. */
import { PERMISSION_NAMES, isPermissionName } from './permissions';

const TOKEN_RE = /\s*(\(|\)|&&|\|\||!|[A-Za-z_][A-Za-z0-9_]*)\s*/y;

export function tokenize(rule: string): string[] {
  const tokens: string[] = [];
  TOKEN_RE.lastIndex = 0;
  let index = 0;
  while (index < rule.length) {
    TOKEN_RE.lastIndex = index;
    const m = TOKEN_RE.exec(rule);
    if (!m) throw new Error(`Bad rule "${rule}" at ${index}`);
    tokens.push(m[1]);
    index = TOKEN_RE.lastIndex;
  }
  return tokens;
}

/** Rewrites names as `r.sub.NAME`; throws on an unknown name so a typo never opens a route. */
export function toCasbinRule(rule: string): string {
  return tokenize(rule)
    .map((t) => {
      if (t === 'true' || t === 'false' || t === '(' || t === ')' || t === '&&' || t === '||' || t === '!') return t;
      if (!isPermissionName(t)) throw new Error(`Unknown permission "${t}" in rule "${rule}"`);
      return `r.sub.${t}`;
    })
    .join(' ');
}

/** The casbin request subject: every known permission name as true or false (casbin throws on undefined). */
export function toSubject(permissions: readonly string[]): Record<string, boolean> {
  const held = new Set(permissions);
  const subject: Record<string, boolean> = {};
  for (const name of PERMISSION_NAMES) subject[name] = held.has(name);
  return subject;
}
