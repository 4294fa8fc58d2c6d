/**
 * The protected side menu: the composed plugins' entries (only registered routes), each inside Refine's
 * <CanAccess> so the user sees only what the route rules let them open.
 */
import { Menu } from 'antd';
import { CanAccess } from '@refinedev/core';
import { Link, matchPath, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAllowedPaths } from '../../access/use-allowed-paths';
import { usePermissionList } from '../../auth/hooks';
import { accessKey } from '../../access/enforcer';
import type { PortalMenuEntry } from '../../plugin';
import { usePortal } from './portal-context';

export function activeMenuKey(entries: readonly PortalMenuEntry[], pathname: string): string | undefined {
  const leaves = entries.filter((e) => e.path !== undefined);
  const exact = leaves.find((e) => e.path && matchPath({ path: e.path, end: true }, pathname));
  if (exact) return exact.key;
  // the longest entry path that prefixes the current page
  const prefix = leaves
    .filter((e) => e.path && e.path !== '/' && matchPath({ path: e.path, end: false }, pathname))
    .sort((a, b) => (b.path?.length ?? 0) - (a.path?.length ?? 0))[0];
  return prefix?.key;
}

export function SideMenu({ collapsed = false, onNavigate }: { collapsed?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { menu } = usePortal();
  const { pathname } = useLocation();
  const permissionsKey = accessKey(usePermissionList());
  const { allowed } = useAllowedPaths(menu.flatMap((e) => (e.path ? [e.path] : [])));
  const selected = activeMenuKey(menu, pathname);
  const parentOf = menu.find((e) => e.key === selected)?.parent;

  const renderEntry = (entry: PortalMenuEntry) => {
    if (!entry.path) {
      const children = menu.filter((c) => c.parent === entry.key);
      if (!children.some((c) => c.path && allowed.has(c.path))) return null;
      return (
        <Menu.SubMenu key={entry.key} icon={entry.icon} title={t(entry.label)}>
          {children.map(renderEntry)}
        </Menu.SubMenu>
      );
    }
    return (
      <CanAccess key={entry.key} resource={entry.key} action="list" params={{ path: entry.path, permissionsKey }}>
        <Menu.Item key={entry.key} icon={entry.icon}>
          <Link to={entry.path} onClick={onNavigate}>
            {t(entry.label)}
          </Link>
        </Menu.Item>
      </CanAccess>
    );
  };

  return (
    <Menu
      mode="inline"
      className="side-menu"
      inlineCollapsed={collapsed}
      selectedKeys={selected ? [selected] : []}
      defaultOpenKeys={parentOf ? [parentOf] : []}
    >
      {menu.filter((e) => !e.parent).map(renderEntry)}
    </Menu>
  );
}
