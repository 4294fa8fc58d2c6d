/**
 * Browser storage of the session with the exact keys of spec point 3 (contract STORAGE_KEYS).
 * Permissions are stored encrypted (contract encrypt of the JSON list); the rest as plain strings / JSON.
 */
import { STORAGE_KEYS } from '../../contract/constants';
import type { AgentInfo, LoginResult, MemberInfo, RefreshResult } from '../../contract/auth';
import { decrypt, encrypt } from '../api/cipher';

const K = STORAGE_KEYS;

function get(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function set(key: string, value: string | null | undefined): void {
  try {
    if (value === null || value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // storage full or blocked: the session lives in memory only
  }
}

function getJson<T>(key: string): T | null {
  const raw = get(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export const getAccessToken = (): string | null => get(K.accessToken);
export const getRefreshToken = (): string | null => get(K.refreshToken);
export const isLoggedIn = (): boolean => get(K.isLogin) === 'true' && !!get(K.accessToken);
export const getMemberInfo = (): MemberInfo | null => getJson<MemberInfo>(K.memberInfo);
export const getAgentInfo = (): AgentInfo | null => getJson<AgentInfo>(K.agentInfo);

export function setTokens(accessToken: string, refreshToken: string): void {
  set(K.accessToken, accessToken);
  set(K.refreshToken, refreshToken);
}

export function encryptPermissions(list: readonly string[]): string {
  return encrypt(JSON.stringify(list));
}

/** Decrypts and parses the stored list; throws when it is not an encrypted JSON list of strings. */
export function decryptPermissions(raw: string): string[] {
  const value: unknown = JSON.parse(decrypt(raw));
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) throw new Error('permissions: not a list of strings');
  return value;
}

export function readStoredPermissions(): string | null {
  return get(K.permissions);
}

export function writeStoredPermissions(list: readonly string[]): void {
  set(K.permissions, encryptPermissions(list));
}

/** After login: tokens, login flag, permissions (encrypted), user and agent info, productKey / osi / tourCode. */
export function saveLogin(result: LoginResult): void {
  setTokens(result.accessToken, result.refreshToken);
  set(K.isLogin, 'true');
  writeStoredPermissions(result.permissions);
  set(K.memberInfo, JSON.stringify(result.memberInfo));
  set(K.agentInfo, JSON.stringify(result.agentInfo));
  if (result.productKey !== undefined) set(K.productKey, result.productKey);
  if (result.osi !== undefined) set(K.osi, result.osi);
  if (result.tourCode !== undefined) set(K.tourCode, result.tourCode);
}

/** After a token refresh: tokens, permissions, osi and tourCode. */
export function saveRefresh(result: RefreshResult): void {
  setTokens(result.accessToken, result.refreshToken);
  writeStoredPermissions(result.permissions);
  if (result.osi !== undefined) set(K.osi, result.osi);
  if (result.tourCode !== undefined) set(K.tourCode, result.tourCode);
}

export function saveProfile(memberInfo: MemberInfo, agentInfo: AgentInfo): void {
  set(K.memberInfo, JSON.stringify(memberInfo));
  set(K.agentInfo, JSON.stringify(agentInfo));
}

/** Keys of the signed-in session. Language, theme, clock difference and GDS sort survive a sign-out. */
export const SESSION_KEYS = [K.accessToken, K.refreshToken, K.isLogin, K.permissions, K.memberInfo, K.agentInfo, K.productKey, K.osi, K.tourCode, K.salt] as const;

export function clearAuth(): void {
  for (const key of SESSION_KEYS) set(key, null);
}

// --- clock difference, PIN salt, language -------------------------------------------------------------

/** Server time minus local time in ms, learned from the Time header of every response. */
export function getDiff(): number {
  const n = Number(get(K.diff));
  return Number.isFinite(n) ? n : 0;
}

export function setDiff(diff: number): void {
  set(K.diff, String(Math.round(diff)));
}

export const getSalt = (): string | null => get(K.salt);
export const setSalt = (salt: string): void => set(K.salt, salt);

/** The stored language, 'vi' by default. */
export function getLanguage(): 'vi' | 'en' {
  const v = (get(K.i18nextLng) ?? '').slice(0, 2).toLowerCase();
  return v === 'en' ? 'en' : 'vi';
}
