/**
 * Refine's react-router binding, with the address matched against the resources' routes once per address.
 *
 * Refine's data and access hooks (`useCustom`, `useList`, `useCan`'s callers, their error and logout helpers) each
 * read the current route through `routerProvider.parse`, and the binding's `parse` matched the address against
 * every route of every resource (`matchResourceFromRoute`, about 150 resources here) in each hook that called it,
 * memoised per hook. On a navigation every mounted hook matched again: the header's notification bell took most of
 * a 30 ms task for it on the way to the flight results. The match depends only on the address and the resources,
 * so it is computed once per pair and shared (the resources are Refine's own array, made once). Everything else is
 * the binding's `parse` as published (@refinedev/react-router 2.0.4): the same params, search parse and result.
 */
import { useCallback, useContext, useMemo } from 'react';
import { matchResourceFromRoute, QS_PARSE_DEPTH, ResourceContext, type IResourceItem, type RouterProvider } from '@refinedev/core';
import routerBinding from '@refinedev/react-router';
import qs from 'qs';
import { matchPath, useLocation, useParams } from 'react-router';

type Match = ReturnType<typeof matchResourceFromRoute>;

/** The matches of each resources array, by address (a few hundred addresses at most in a working day). */
const matches = new WeakMap<readonly IResourceItem[], Map<string, Match>>();
const MAX_ADDRESSES = 500;

/** `matchResourceFromRoute`, computed once per (address, resources). */
export function matchOnce(pathname: string, resources: IResourceItem[]): Match {
  let byPath = matches.get(resources);
  if (!byPath) {
    byPath = new Map();
    matches.set(resources, byPath);
  }
  let found = byPath.get(pathname);
  if (!found) {
    if (byPath.size >= MAX_ADDRESSES) byPath.clear();
    found = matchResourceFromRoute(pathname, resources);
    byPath.set(pathname, found);
  }
  return found;
}

const convertToNumberIfPossible = (value: unknown): unknown => {
  if (typeof value === 'undefined') return value;
  const num = Number(value);
  return `${num}` === value ? num : value;
};

function useParse() {
  let params: Record<string, string | undefined> = useParams();
  const { pathname, search } = useLocation();
  const { resources } = useContext(ResourceContext);
  const { resource, action, matchedRoute } = useMemo(() => matchOnce(pathname, resources), [resources, pathname]);
  if (Object.entries(params).length === 0 && matchedRoute) {
    params = matchPath(matchedRoute, pathname)?.params ?? {};
  }
  return useCallback(() => {
    const parsedSearch = qs.parse(search, { ignoreQueryPrefix: true, depth: QS_PARSE_DEPTH });
    const combinedParams: Record<string, unknown> = { ...params, ...parsedSearch };
    return {
      ...(resource && { resource }),
      ...(action && { action }),
      ...(params?.id && { id: decodeURIComponent(params.id) }),
      pathname,
      params: {
        ...combinedParams,
        currentPage: convertToNumberIfPossible(combinedParams.currentPage),
        pageSize: convertToNumberIfPossible(combinedParams.pageSize),
        to: combinedParams.to ? decodeURIComponent(String(combinedParams.to)) : undefined,
      },
    };
  }, [pathname, search, params, resource, action]);
}

export const routerProvider: RouterProvider = { ...routerBinding, parse: useParse as RouterProvider['parse'] };
