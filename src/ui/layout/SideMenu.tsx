/**
 * The protected side menu: the composed plugins' entries (only registered routes) that the route rules
 * let the user open, each link inside Refine's <CanAccess>.
 */
import { Menu, type MenuProps } from 'antd';
import { CanAccess } from '@refinedev/core';
import { Link, matchPath, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAllowedPaths } from '../../access/use-allowed-paths';
import { usePermissionList } from '../../auth/hooks';
import { accessKey } from '../../access/enforcer';
import type { PortalMenuEntry } from '../../plugin';
import { usePortal } from './portal-context';

type ItemType = NonNullable<MenuProps['items']>[number];

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

  // Entries the casbin rules let the user open; each link also sits in Refine's <CanAccess>.
  const toItem = (entry: PortalMenuEntry): ItemType | null => {
    if (!entry.path) {
      const children = menu
        .filter((c) => c.parent === entry.key)
        .map(toItem)
        .filter((c): c is ItemType => c !== null);
      return children.length > 0 ? { key: entry.key, icon: entry.icon, label: t(entry.label), children } : null;
    }
    if (!allowed.has(entry.path)) return null;
    return {
      key: entry.key,
      icon: entry.icon,
      label: (
        <CanAccess resource={entry.key} action="list" params={{ path: entry.path, permissionsKey }}>
          <Link to={entry.path} onClick={onNavigate}>
            {t(entry.label)}
          </Link>
        </CanAccess>
      ),
    };
  };

  return (
    <Menu
      mode="inline"
      className="side-menu"
      inlineCollapsed={collapsed}
      selectedKeys={selected ? [selected] : []}
      defaultOpenKeys={parentOf ? [parentOf] : []}
      items={menu
        .filter((e) => !e.parent)
        .map(toItem)
        .filter((i): i is ItemType => i !== null)}
    />
  );
}
