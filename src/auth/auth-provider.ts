/** Refine's authProvider over the session of src/auth (the api layer already handles 401 / 403). */
import type { AuthProvider } from '@refinedev/core';
import type { LoginRequest } from '../../contract/auth';
import { isApiError } from '../api/errors';
import { currentPermissions } from './permissions-store';
import { login, logout } from './session';
import { getAgentInfo, getMemberInfo, isLoggedIn } from './storage';

export interface Identity {
  id: number;
  name: string;
  username: string;
  role: string;
  accountType: string;
  agentName: string | null;
  agentCode: string | null;
}

export const authProvider: AuthProvider = {
  login: async (params: LoginRequest) => {
    try {
      await login(params);
      return { success: true, redirectTo: '/' };
    } catch (error) {
      return { success: false, error: error instanceof Error ? error : new Error(String(error)) };
    }
  },
  logout: async () => {
    await logout();
    return { success: true, redirectTo: '/login' };
  },
  check: async () => (isLoggedIn() ? { authenticated: true } : { authenticated: false, redirectTo: '/login', logout: true }),
  getPermissions: async () => currentPermissions(),
  getIdentity: async (): Promise<Identity | null> => {
    const member = getMemberInfo();
    if (!member) return null;
    const agent = getAgentInfo();
    return {
      id: member.id,
      name: member.fullName,
      username: member.username,
      role: member.role,
      accountType: member.accountType,
      agentName: agent?.name ?? null,
      agentCode: agent?.code ?? null,
    };
  },
  // the api client has already sent the user to /login, /not-allow... : nothing more to do here
  onError: async (error: unknown) => (isApiError(error) ? {} : { error: error instanceof Error ? error : undefined }),
};
