/**
 * The comparison page of `npm run bench:login -- --compare`: the stock Refine + antd sign-in screen, the
 * screen Refine's finefoods-antd example shows at /login, built from the package versions of this project
 * (that example is not published on the npm registry, so it is not measured itself).
 *
 * Set up as that example sets up its application, all in one entry with no lazy route: antd's ConfigProvider
 * with a Refine theme and antd's App, <Refine> with the react-router binding, a REST data provider on axios
 * (the example's @refinedev/simple-rest is one; it is not installed here, so a small one stands in), an auth
 * provider, antd's notification provider and resources; the signed-in routes behind <Authenticated> in
 * ThemedLayout, and /login showing @refinedev/antd's AuthPage type="login" with initial values. Left out: the
 * example's translations (react-i18next with an http backend, which would only delay its first paint), its
 * command palette and its pages' own code (charts, tables, maps), all statically imported there: the stand-in
 * is lighter than the example, never heavier.
 */
import '@refinedev/antd/dist/reset.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Outlet, Route, Routes } from 'react-router';
import axios from 'axios';
import { App as AntdApp, ConfigProvider, Typography } from 'antd';
import { DashboardOutlined, ShopOutlined, ShoppingOutlined, StarOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { Authenticated, Refine, type AuthProvider, type BaseRecord, type DataProvider } from '@refinedev/core';
import { AuthPage, ErrorComponent, RefineThemes, ThemedLayout, useNotificationProvider } from '@refinedev/antd';
import routerProvider, { CatchAllNavigate, DocumentTitleHandler, NavigateToResource, UnsavedChangesNotifier } from '@refinedev/react-router';

const API_URL = '/api';
const http = axios.create();

/** A REST data provider on axios, in the manner of @refinedev/simple-rest. */
const dataProvider: DataProvider = {
  getApiUrl: () => API_URL,
  getList: async ({ resource, pagination }) => {
    const { currentPage = 1, pageSize = 10 } = pagination ?? {};
    const { data, headers } = await http.get<BaseRecord[]>(`${API_URL}/${resource}`, { params: { _start: (currentPage - 1) * pageSize, _end: currentPage * pageSize } });
    return { data: data as never, total: Number(headers['x-total-count'] ?? data.length) };
  },
  getOne: async ({ resource, id }) => ({ data: (await http.get(`${API_URL}/${resource}/${id}`)).data }),
  create: async ({ resource, variables }) => ({ data: (await http.post(`${API_URL}/${resource}`, variables)).data }),
  update: async ({ resource, id, variables }) => ({ data: (await http.patch(`${API_URL}/${resource}/${id}`, variables)).data }),
  deleteOne: async ({ resource, id }) => ({ data: (await http.delete(`${API_URL}/${resource}/${id}`)).data }),
};

const TOKEN = 'compare-auth';
const authProvider: AuthProvider = {
  login: async ({ email }) => {
    localStorage.setItem(TOKEN, String(email));
    return { success: true, redirectTo: '/' };
  },
  logout: async () => {
    localStorage.removeItem(TOKEN);
    return { success: true, redirectTo: '/login' };
  },
  check: async () => (localStorage.getItem(TOKEN) ? { authenticated: true } : { authenticated: false, redirectTo: '/login' }),
  onError: async () => ({}),
  getIdentity: async () => ({ id: 1, name: localStorage.getItem(TOKEN) }),
};

function Dashboard() {
  return <Typography.Title level={3}>Dashboard</Typography.Title>;
}

function App() {
  return (
    <BrowserRouter>
      <ConfigProvider theme={RefineThemes.Orange}>
        <AntdApp>
          <Refine
            routerProvider={routerProvider}
            dataProvider={dataProvider}
            authProvider={authProvider}
            notificationProvider={useNotificationProvider}
            options={{ syncWithLocation: true, warnWhenUnsavedChanges: true, breadcrumb: false }}
            resources={[
              { name: 'dashboard', list: '/', meta: { label: 'Dashboard', icon: <DashboardOutlined /> } },
              { name: 'orders', list: '/orders', show: '/orders/:id', meta: { icon: <ShoppingOutlined /> } },
              { name: 'customers', list: '/customers', show: '/customers/:id', meta: { icon: <UsergroupAddOutlined /> } },
              { name: 'stores', list: '/stores', create: '/stores/new', edit: '/stores/:id/edit', meta: { icon: <ShopOutlined /> } },
              { name: 'reviews', list: '/reviews', meta: { icon: <StarOutlined /> } },
            ]}
          >
            <Routes>
              <Route
                element={
                  <Authenticated key="authenticated-routes" fallback={<CatchAllNavigate to="/login" />}>
                    <ThemedLayout>
                      <Outlet />
                    </ThemedLayout>
                  </Authenticated>
                }
              >
                <Route index element={<Dashboard />} />
                <Route path="*" element={<ErrorComponent />} />
              </Route>
              <Route
                element={
                  <Authenticated key="auth-pages" fallback={<Outlet />}>
                    <NavigateToResource resource="dashboard" />
                  </Authenticated>
                }
              >
                <Route path="/login" element={<AuthPage type="login" formProps={{ initialValues: { email: 'demo@refine.dev', password: 'demodemo' } }} />} />
                <Route path="/forgot-password" element={<AuthPage type="forgotPassword" />} />
              </Route>
            </Routes>
            <UnsavedChangesNotifier />
            <DocumentTitleHandler />
          </Refine>
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
