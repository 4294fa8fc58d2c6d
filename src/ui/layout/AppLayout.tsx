/**
 * The layout of the signed-in portal: a collapsible side menu (a drawer below the md breakpoint) and a
 * header with the plugins' widgets (header slot: deposit balance, notification bell, online support), the
 * language picker, the theme picker and the account menu; the plugins' page slot.
 *
 * Nothing floats over the pages: a button fixed over the content (a support bubble) covers whatever action
 * lies under it on first view, whatever padding the page keeps below. Help lives in the sticky header, always
 * in reach and in the tab order of the banner; below the md breakpoint, where the header has no room left,
 * the widgets that ask for it (`narrow: 'menu'`) move to the foot of the side-menu drawer.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Button, Grid, Layout } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { Link, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../auth/hooks';
import { useAfterContent } from '../after-content';
import { LanguageSwitch } from '../LanguageSwitch';
import { Logo } from '../Logo';
import { Placeholder } from '../Placeholder';
import { HeaderSlot, PageSlot } from '../slots';
import { BREAKPOINTS, DRAWER_BELOW } from '../theme';
import { AccountMenu } from './AccountMenu';
import { SideMenu } from './SideMenu';
import { ThemePicker } from './ThemePicker';

const COLLAPSED_KEY = 'siderCollapsed';

// the drawer (narrow screens) is closed when a page is shown: its code comes after the page's content
const MenuDrawer = lazy(() => import('./MenuDrawer'));

function useIsNarrow(): boolean {
  const screens = Grid.useBreakpoint();
  const measured = screens[DRAWER_BELOW];
  if (measured === undefined) return typeof window !== 'undefined' && window.innerWidth < BREAKPOINTS[DRAWER_BELOW];
  return !measured;
}

function Brand({ collapsed = false }: { collapsed?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to="/" className="sider-brand" aria-label={t('shell.app.name')}>
      <Logo size={30} />
      {!collapsed && <span className="brand-name">{t('shell.app.name')}</span>}
    </Link>
  );
}

export function AppLayout() {
  const { t } = useTranslation();
  const narrow = useIsNarrow();
  const { agentInfo } = useAccount();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === 'true');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const afterContent = useAfterContent();

  useEffect(() => setDrawerOpen(false), [pathname]);

  // A new page: the focus that the last page's button held (now gone) moves to the main content, so the next
  // Tab starts in the new page rather than where the old button was (a screen reader reads the new page).
  const firstPath = useRef(true);
  useEffect(() => {
    if (firstPath.current) {
      firstPath.current = false;
      return;
    }
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected) document.getElementById('main-content')?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <Layout className="app-layout" hasSider={!narrow}>
      <a className="skip-link" href="#main-content">
        {t('shell.a11y.skipToContent')}
      </a>
      {!narrow && (
        <Layout.Sider
          className="app-sider"
          theme="light"
          width={248}
          collapsedWidth={72}
          collapsible
          collapsed={collapsed}
          onCollapse={(value) => {
            setCollapsed(value);
            localStorage.setItem(COLLAPSED_KEY, String(value));
          }}
        >
          <Brand collapsed={collapsed} />
          <nav aria-label={t('shell.a11y.mainMenu')}>
            <SideMenu collapsed={collapsed} />
          </nav>
        </Layout.Sider>
      )}
      {narrow && (afterContent || drawerOpen) && (
        <Suspense fallback={null}>
          <MenuDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)}>
            <Brand />
            <nav aria-label={t('shell.a11y.mainMenu')}>
              <SideMenu onNavigate={() => setDrawerOpen(false)} />
            </nav>
            <div className="drawer-extras">
              <HeaderSlot compact inMenu onActivate={() => setDrawerOpen(false)} />
            </div>
          </MenuDrawer>
        </Suspense>
      )}
      <Layout>
        <Layout.Header className="app-header">
          {narrow && (
            <Button type="text" className="header-icon-button" icon={<MenuOutlined />} onClick={() => setDrawerOpen(true)} aria-label={t('shell.menu.open')} />
          )}
          {narrow ? (
            <Link to="/" className="header-brand" aria-label={t('shell.app.name')}>
              <Logo size={26} />
            </Link>
          ) : (
            <div className="header-agency" title={agentInfo?.name}>
              {agentInfo ? `${agentInfo.code} · ${agentInfo.name}` : ''}
            </div>
          )}
          <div className="header-spacer" />
          <div className="header-actions">
            <HeaderSlot compact={narrow} />
            <LanguageSwitch size="small" />
            <ThemePicker />
            <AccountMenu compact={narrow} />
          </div>
        </Layout.Header>
        <Layout.Content className="app-content" id="main-content" tabIndex={-1}>
          <Suspense fallback={<Placeholder />}>
            <Outlet />
          </Suspense>
          <PageSlot />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
