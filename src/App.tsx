/**
 * The Refine root of the signed-in portal, loaded on demand: providers (router, data, auth, access control,
 * i18n, notifications) and the plugins' resources, routes and slots, composed from the one registry (the
 * side menu is derived from the resources).
 */
import { Suspense, useEffect, useMemo, useState } from 'react';
import { App as AntdApp } from 'antd';
import { Authenticated, Refine } from '@refinedev/core';
import { CatchAllNavigate } from '@refinedev/react-router';
import { QueryClient } from '@tanstack/react-query';
import { Route, Routes } from 'react-router';
import { QUERY_CACHE_MS } from '../contract/constants';
import { portalAccessControlProvider } from './access/access-control-provider';
import { CatchAllRoute } from './access/CatchAllRoute';
import { getEnforcer } from './access/enforcer';
import { RouteGuard } from './access/RouteGuard';
import { refreshAccessOnPermissionChange } from './access/use-access';
import { dataProvider } from './api/data-provider';
import { authProvider } from './auth/auth-provider';
import { startUp } from './auth/session';
import { i18nProvider } from './i18n/i18n-provider';
import { composePlugins } from './plugin';
import { plugins } from './plugins';
import { routerProvider } from './router-provider';
import { AppLayout } from './ui/layout/AppLayout';
import { PortalContext } from './ui/layout/portal-context';
import { useAfterContent } from './ui/after-content';
import { useNotificationProvider } from './ui/notification-provider';
import { Placeholder } from './ui/Placeholder';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // cached query data is kept 10 s (spec point 9); the api client already reports failures
      queries: { staleTime: QUERY_CACHE_MS, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

const portal = composePlugins(plugins);
const accessControlProvider = portalAccessControlProvider(portal.resources);

export default function App() {
  // start-up of spec point 4, once per load of the app
  useState(() => startUp());
  const queryClient = useMemo(createQueryClient, []);
  useEffect(() => refreshAccessOnPermissionChange(queryClient), [queryClient]);
  // casbin's enforcer is built once the first page's content is shown; the access checks of that first render
  // read the same policy lines directly (src/access/enforcer.ts)
  const afterContent = useAfterContent();
  useEffect(() => {
    if (afterContent) getEnforcer().catch(() => undefined);
  }, [afterContent]);

  return (
    <AntdApp>
      <PortalContext.Provider value={portal}>
        <Refine
          routerProvider={routerProvider}
          dataProvider={dataProvider}
          authProvider={authProvider}
          accessControlProvider={accessControlProvider}
          i18nProvider={i18nProvider}
          notificationProvider={useNotificationProvider}
          resources={portal.resources}
          options={{
            reactQuery: { clientConfig: queryClient },
            disableTelemetry: true,
            syncWithLocation: false,
            warnWhenUnsavedChanges: false,
          }}
        >
          <Routes>
            <Route
              element={
                <Authenticated key="portal" fallback={<CatchAllNavigate to="/login" />} loading={<Placeholder />}>
                  <AppLayout />
                </Authenticated>
              }
            >
              {portal.routes.map(({ path, component: Page, title, allow }) => (
                <Route
                  key={path}
                  path={path}
                  element={
                    <RouteGuard path={path} title={title} allow={allow}>
                      <Suspense fallback={<Placeholder />}>
                        <Page />
                      </Suspense>
                    </RouteGuard>
                  }
                />
              ))}
              <Route path="*" element={<CatchAllRoute />} />
            </Route>
          </Routes>
        </Refine>
      </PortalContext.Provider>
    </AntdApp>
  );
}
