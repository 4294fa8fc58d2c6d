/** The calls of a signed-in session (contract/auth.ts), through the axios client: its token refresh applies. */
import { API } from '../../contract/paths';
import type { MeResult } from '../../contract/auth';
import { api } from '../api/client';

export async function fetchMe(): Promise<MeResult> {
  return (await api.get<MeResult>(API.me, { overlay: false })).data;
}

export async function postLogout(refreshToken: string): Promise<void> {
  await api.post(API.logout, { refreshToken }, { overlay: false, skipAuthRedirect: true, timeout: 10_000 });
}
