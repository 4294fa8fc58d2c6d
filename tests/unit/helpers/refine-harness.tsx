/** Renders one screen inside Refine (real data provider over a mocked axios adapter), antd App and a router. */
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { Refine, type AccessControlProvider, type ResourceProps } from '@refinedev/core';
import { routerProvider } from '../../../src/router-provider';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation, type InitialEntry } from 'react-router';
import type { AxiosAdapter } from 'axios';
import { decrypt } from '../../../contract/crypto';
import { api } from '../../../src/api/client';
import { cipher } from '../../../src/api/cipher';
import { dataProvider } from '../../../src/api/data-provider';
import { bodyOf, mockAdapter, type Handler, type SeenRequest } from './mock-adapter';

function Where() {
  const { pathname, search } = useLocation();
  return <div data-testid="where">{pathname + search}</div>;
}

/** Installs the handler as the api client's adapter; returns the requests seen and a restore function. */
export function mockApi(handler: Handler): { seen: SeenRequest[]; restore: () => void } {
  const previous = api.defaults.adapter as AxiosAdapter;
  const seen: SeenRequest[] = [];
  api.defaults.adapter = mockAdapter(handler, seen);
  return { seen, restore: () => (api.defaults.adapter = previous) };
}

/** The JSON body a non-GET request carried (bodies are sealed by the client). */
export function sentBody(req: SeenRequest): unknown {
  return JSON.parse(decrypt((bodyOf(req) as { data: string }).data, cipher));
}

export interface RefineOptions {
  resources?: ResourceProps[];
  accessControlProvider?: AccessControlProvider;
}

/** Renders `routes` (route path → element) at `path` inside Refine, antd App and a router, with the Where probe. */
export function renderRoutes(path: InitialEntry, routes: Record<string, ReactNode>, options: RefineOptions = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <AntdApp>
      <MemoryRouter initialEntries={[path]}>
        <Refine
          routerProvider={routerProvider}
          dataProvider={dataProvider}
          accessControlProvider={options.accessControlProvider}
          resources={options.resources}
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

export function renderScreen(path: string, routePath: string, element: ReactNode) {
  return renderRoutes(path, { [routePath]: element });
}
