/**
 * The sign-in of spec point 4: the sealed call, then the session stored and the permissions held. Apart from
 * session.ts (start-up, me, sign-out through the axios client) so that the sign-in page's first JS needs only
 * the public fetch transport.
 */
import type { LoginRequest, LoginResult } from '../../contract/auth';
import { emit } from '../api/bus';
import { postLogin } from './auth-api';
import { setPermissions } from './permissions-store';
import { saveLogin } from './storage';

export async function login(body: LoginRequest): Promise<LoginResult> {
  const result = await postLogin(body);
  saveLogin(result);
  setPermissions(result.permissions, false);
  emit('session', undefined);
  return result;
}
