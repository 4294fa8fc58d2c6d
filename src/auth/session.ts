/**
 * Sign-in, sign-out and the start-up of spec point 4:
 * if no permissions are held in memory, the encrypted string is read from storage, decrypted and parsed as
 * a JSON list; on failure (missing, unreadable, not a list) the session storage is cleared and the list is
 * empty; otherwise the load-permissions action (GET /api/auth/me) runs to refresh them.
 */
import { emit } from '../api/bus';
import { fetchMe, postLogout } from './session-api';
import { currentPermissions, heldPermissions, resetPermissions, setPermissions } from './permissions-store';
import { clearAuth, decryptPermissions, getRefreshToken, isLoggedIn, readStoredPermissions, saveProfile } from './storage';

// the sign-in itself lives apart (sign-in.ts), so the sign-in page does not load the signed-in client
export { login } from './sign-in';

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
