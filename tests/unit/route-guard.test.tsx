import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { act } from 'react';
import { Refine } from '@refinedev/core';
import { QueryClient } from '@tanstack/react-query';
import { createAccessControlProvider } from '../../src/access/access-control-provider';
import { RouteGuard } from '../../src/access/RouteGuard';
import { usePrefetchPageAccess } from '../../src/access/use-access';
import { resetPermissions, setPermissions } from '../../src/auth/permissions-store';
import { initTestI18n } from './helpers/i18n';

beforeAll(async () => {
  await initTestI18n('vi');
});

beforeEach(() => {
  resetPermissions();
});

// the guard asks Refine's access-control provider, as in the app
function renderAt(path: string, rulePath: string, allow?: boolean) {
  const queryClient = new QueryClient();
  return render(
    <Refine accessControlProvider={createAccessControlProvider()} options={{ reactQuery: { clientConfig: queryClient }, disableTelemetry: true }}>
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path={rulePath}
          element={
            <RouteGuard path={rulePath} title="shell.menu.home" allow={allow}>
              <div>GUARDED PAGE</div>
            </RouteGuard>
          }
        />
        <Route path="/not-allow" element={<div>NOT ALLOWED</div>} />
      </Routes>
    </MemoryRouter>
    </Refine>,
  );
}

describe('RouteGuard', () => {
  it('opens a route whose rule the permissions satisfy, and sets the title', async () => {
    setPermissions(['ADMIN_NEWS'], false);
    renderAt('/banner', '/banner');
    expect(await screen.findByText('GUARDED PAGE')).toBeTruthy();
    expect(document.title).toBe('Trang chủ | Cổng Đại lý B2B');
  });

  it('sends a denied user to /not-allow', async () => {
    setPermissions(['AGENT_F2'], false);
    renderAt('/banner', '/banner');
    expect(await screen.findByText('NOT ALLOWED')).toBeTruthy();
    expect(screen.queryByText('GUARDED PAGE')).toBeNull();
  });

  it('checks routes with parameters', async () => {
    setPermissions(['BOOKING_TICKET'], false);
    renderAt('/booking/completed/42', '/booking/completed/:id');
    expect(await screen.findByText('GUARDED PAGE')).toBeTruthy();
  });

  it('denies a route whose allow flag is false, whatever the permissions', async () => {
    setPermissions(['ADMIN_F1'], false);
    renderAt('/', '/', false);
    expect(await screen.findByText('NOT ALLOWED')).toBeTruthy();
  });

  it('shows the empty placeholder while deciding, then follows permission changes', async () => {
    setPermissions(['USE_TRAIN'], false);
    const view = renderAt('/train', '/train');
    expect(view.container.querySelector('.page-placeholder')).not.toBeNull();
    expect(await screen.findByText('GUARDED PAGE')).toBeTruthy();
    act(() => setPermissions([], false));
    expect(await screen.findByText('NOT ALLOWED')).toBeTruthy();
  });
});

// a search panel's click: the page's route check asked first, then the navigation
function Opener({ to }: { to: string }) {
  const prefetch = usePrefetchPageAccess();
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => prefetch(to)}>PREFETCH</button>
      <button type="button" onClick={() => navigate(to)}>GO</button>
    </>
  );
}

function renderOpener(rulePath: string) {
  const queryClient = new QueryClient();
  const view = render(
    <Refine accessControlProvider={createAccessControlProvider()} options={{ reactQuery: { clientConfig: queryClient }, disableTelemetry: true }}>
    <MemoryRouter initialEntries={['/start']}>
      <Routes>
        <Route path="/start" element={<Opener to={rulePath} />} />
        <Route path={rulePath} element={<RouteGuard path={rulePath} title="shell.menu.home"><div>GUARDED PAGE</div></RouteGuard>} />
        <Route path="/not-allow" element={<div>NOT ALLOWED</div>} />
      </Routes>
    </MemoryRouter>
    </Refine>,
  );
  const settled = () => waitFor(() => {
    const access = queryClient.getQueryCache().findAll({ queryKey: ['access'] });
    expect(access.length).toBeGreaterThan(0);
    expect(access.every((q) => q.state.status === 'success')).toBe(true);
  });
  return { view, settled };
}

describe('usePrefetchPageAccess', () => {
  it('answers the check of the route guard ahead, in its cache entry: the page renders with the route, no placeholder', async () => {
    setPermissions(['ADMIN_NEWS'], false);
    const { view, settled } = renderOpener('/banner');
    fireEvent.click(screen.getByText('PREFETCH'));
    await settled();
    act(() => { fireEvent.click(screen.getByText('GO')); });
    expect(view.container.querySelector('.page-placeholder')).toBeNull();
    expect(screen.getByText('GUARDED PAGE')).toBeTruthy();
  });

  it('a denial asked ahead sends the user to /not-allow at once', async () => {
    setPermissions(['AGENT_F2'], false);
    const { settled } = renderOpener('/banner');
    fireEvent.click(screen.getByText('PREFETCH'));
    await settled();
    act(() => { fireEvent.click(screen.getByText('GO')); });
    expect(screen.getByText('NOT ALLOWED')).toBeTruthy();
  });

  it('without it the route shows the placeholder while it decides (what the prefetch saves)', async () => {
    setPermissions(['ADMIN_NEWS'], false);
    const { view } = renderOpener('/banner');
    act(() => { fireEvent.click(screen.getByText('GO')); });
    expect(view.container.querySelector('.page-placeholder')).not.toBeNull();
    expect(await screen.findByText('GUARDED PAGE')).toBeTruthy();
  });
});

describe('ruleFor (the catch-all route)', () => {
  it('finds the ROUTE_RULES pattern of a path, public pages excluded', async () => {
    const { ruleFor } = await import('../../src/access/CatchAllRoute');
    expect(ruleFor('/agent/ticketing-management')).toBe('/agent/ticketing-management');
    expect(ruleFor('/booking/completed/ABC123')).toBe('/booking/completed/:id');
    expect(ruleFor('/booking/edit/buy-luggage/7')).toBe('/booking/edit/buy-luggage/:id');
    expect(ruleFor('/no/such/page')).toBeUndefined();
    expect(ruleFor('/login')).toBeUndefined();
  });
});
