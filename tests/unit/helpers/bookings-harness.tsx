/**
 * Renders one bookings screen as the portal does: Refine with the real data provider (over the mocked api client
 * adapter of refine-harness), the bookings resources, the access-control provider over a given permission list,
 * antd App and a router at `path`.
 */
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation, type InitialEntry } from 'react-router';
import { createAccessControlProvider } from '../../../src/access/access-control-provider';
import { getEnforcer } from '../../../src/access/enforcer';
import { dataProvider } from '../../../src/api/data-provider';
import { composePlugins } from '../../../src/plugin';
import { bookingsPlugin } from '../../../plugins/bookings';

const { resources } = composePlugins([bookingsPlugin]);

function Where() {
  const { pathname, search } = useLocation();
  return <div data-testid="where">{pathname + search}</div>;
}

/** Builds the casbin enforcer before a screen renders (the first build is slow on a busy machine). */
export async function warmAccess(): Promise<void> {
  await getEnforcer();
}

export function renderBookingScreen(path: InitialEntry, routes: Record<string, ReactNode>, permissions: readonly string[] = []) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <AntdApp>
      <MemoryRouter initialEntries={[path]}>
        <Refine
          routerProvider={routerProvider}
          dataProvider={dataProvider}
          accessControlProvider={createAccessControlProvider(() => permissions)}
          resources={resources}
          options={{ reactQuery: { clientConfig: queryClient }, disableTelemetry: true, syncWithLocation: false, warnWhenUnsavedChanges: false }}
        >
          <Routes>
            {Object.entries(routes).map(([routePath, element]) => (
              <Route key={routePath} path={routePath} element={element} />
            ))}
            <Route path="*" element={<div>ELSEWHERE</div>} />
          </Routes>
          <Where />
        </Refine>
      </MemoryRouter>
    </AntdApp>,
  );
}
