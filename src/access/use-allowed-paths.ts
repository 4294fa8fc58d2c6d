/** Which of the given route paths the current user may open (casbin, memoised per permission set). */
import { useEffect, useState } from 'react';
import { usePermissionList } from '../auth/hooks';
import { accessFor } from './enforcer';

export function useAllowedPaths(paths: readonly string[]): { allowed: ReadonlySet<string>; ready: boolean } {
  const access = accessFor(usePermissionList());
  const joined = paths.join('\n');
  const [state, setState] = useState<{ key: string; allowed: ReadonlySet<string> } | null>(null);
  const key = `${access.key}|${joined}`;
  useEffect(() => {
    let live = true;
    const list = joined ? joined.split('\n') : [];
    void Promise.all(list.map(async (p) => ((await access.can(p)) ? p : null))).then((r) => {
      if (live) setState({ key, allowed: new Set(r.filter((p): p is string => p !== null)) });
    });
    return () => {
      live = false;
    };
  }, [access, joined, key]);
  return state && state.key === key ? { allowed: state.allowed, ready: true } : { allowed: new Set(), ready: false };
}
