/** React views of the session: the permission list and the signed-in account. */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { AgentInfo, MemberInfo } from '../../contract/auth';
import { on } from '../api/bus';
import { currentPermissions, subscribePermissions } from './permissions-store';
import { getAgentInfo, getMemberInfo } from './storage';

export function usePermissionList(): readonly string[] {
  return useSyncExternalStore(subscribePermissions, currentPermissions, currentPermissions);
}

export interface Account {
  memberInfo: MemberInfo | null;
  agentInfo: AgentInfo | null;
}

function readAccount(): Account {
  return { memberInfo: getMemberInfo(), agentInfo: getAgentInfo() };
}

export function useAccount(): Account {
  const [account, setAccount] = useState<Account>(readAccount);
  useEffect(() => on('session', () => setAccount(readAccount())), []);
  return account;
}
