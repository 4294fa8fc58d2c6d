/**
 * Sign-in, sign-out and the start-up of spec point 4:
 * if no permissions are held in memory, the encrypted string is read from storage, decrypted and parsed as
 * a JSON list; on failure (missing, unreadable, not a list) the session storage is cleared and the list is
 * empty; otherwise the load-permissions action (GET /api/auth/me) runs to refresh them.
 */
import type { LoginRequest, LoginResult } from '../../contract/auth';
import { emit } from '../api/bus';
import { fetchMe, postLogin, postLogout } from './auth-api';
import { currentPermissions, heldPermissions, resetPermissions, setPermissions } from './permissions-store';
import { clearAuth, decryptPermissions, getRefreshToken, isLoggedIn, readStoredPermissions, saveLogin, saveProfile } from './storage';

export type StartUpResult = { permissions: readonly string[]; source: 'memory' | 'storage' | 'empty'; loading: Promise<void> | null };

/** The load-permissions action: refreshes permissions, user and agent info from the gateway. */
export async function loadPermissions(): Promise<readonly string[]> {
  const me = await fetchMe();
  saveProfile(me.memberInfo, me.agentInfo);
  setPermissions(me.permissions);
  emit('session', undefined);
  return me.permissions;
}

export function startUp(load: () => Promise<unknown> = loadPermissions): StartUpResult {
  const held = heldPermissions();
  if (held !== null && held.length > 0) return { permissions: held, source: 'memory', loading: null };
  const raw = readStoredPermissions();
  let list: string[];
  try {
    if (raw === null) throw new Error('no permissions stored');
    list = decryptPermissions(raw);
  } catch {
    clearAuth();
    setPermissions([], false);
    return { permissions: [], source: 'empty', loading: null };
  }
  setPermissions(list, false);
  const loading = isLoggedIn()
    ? load().then(
        () => undefined,
        () => undefined,
      )
    : null;
  return { permissions: currentPermissions(), source: 'storage', loading };
}

export async function login(body: LoginRequest): Promise<LoginResult> {
  const result = await postLogin(body);
  saveLogin(result);
  setPermissions(result.permissions, false);
  emit('session', undefined);
  return result;
}

/** Calls the gateway's logout (errors ignored), then clears the session. */
export async function logout(): Promise<void> {
  const refreshToken = getRefreshToken();
  try {
    if (refreshToken) await postLogout(refreshToken);
  } catch {
    // the session ends locally anyway
  }
  clearAuth();
  resetPermissions();
  emit('session', undefined);
}
