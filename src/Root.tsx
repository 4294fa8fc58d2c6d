/**
 * The tiny root: preferences (theme, language), the router, the global layer and the routes. Public pages
 * are lazy chunks with antd only; everything else lazy-loads the authenticated app (Refine, layout, casbin,
 * plugins), so /login never downloads them.
 */
import { lazy, Suspense, useCallback, useEffect } from 'react';
import { BrowserRouter, Route, Routes, useNavigate } from 'react-router';
import { setNavigator } from './api/bus';
import { loadPortalApp, PUBLIC_ROUTES } from './public-routes';
import { GlobalLayer } from './ui/global/GlobalLayer';
import { Placeholder } from './ui/Placeholder';
import { PreferencesProvider } from './ui/preferences';
import { PublicRoute } from './ui/PublicRoute';

const PortalApp = lazy(loadPortalApp);

/** Lets the api layer navigate through the router (no React there). */
function NavigatorBinding({ children }: { children: (navigate: (path: string) => void) => React.ReactNode }) {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((path, options) => void navigate(path, options));
    return () => setNavigator(null);
  }, [navigate]);
  const go = useCallback((path: string) => void navigate(path), [navigate]);
  return <>{children(go)}</>;
}

export function Root() {
  return (
    <PreferencesProvider>
      <BrowserRouter>
        <NavigatorBinding>
          {(go) => (
            <>
              <Suspense fallback={null}>
                <GlobalLayer navigate={go} />
              </Suspense>
              <Suspense fallback={<Placeholder />}>
                <Routes>
                {PUBLIC_ROUTES.map(({ path, component: Page, title, allow }) => (
                  <Route
                    key={path}
                    path={path}
                    element={
                      <PublicRoute title={title} allow={allow}>
                        <Page />
                      </PublicRoute>
                    }
                  />
                ))}
                <Route path="*" element={<PortalApp />} />
                </Routes>
              </Suspense>
            </>
          )}
        </NavigatorBinding>
      </BrowserRouter>
    </PreferencesProvider>
  );
}
