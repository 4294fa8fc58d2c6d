/**
 * The protected side menu, derived from the composed resources: the entries whose route the access-control
 * provider lets the user open (one decision per entry, `list` of its resource), and the groups that keep one.
 */
import { Menu, type MenuProps } from 'antd';
import { Link, matchPath, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAccessEach } from '../../access/use-access';
import type { MenuItem } from '../../plugin';
import { usePortal } from './portal-context';

type ItemType = NonNullable<MenuProps['items']>[number];

export function activeMenuKey(entries: readonly MenuItem[], pathname: string): string | undefined {
  const leaves = entries.filter((e) => e.path !== undefined);
  const exact = leaves.find((e) => e.path && matchPath({ path: e.path, end: true }, pathname));
  if (exact) return exact.key;
  // the longest entry path that prefixes the current page
  const prefix = leaves
    .filter((e) => e.path && e.path !== '/' && matchPath({ path: e.path, end: false }, pathname))
    .sort((a, b) => (b.path?.length ?? 0) - (a.path?.length ?? 0))[0];
  return prefix?.key;
}

/** The menu entries (leaves) the user may open, in menu order; `ready` once every decision is in. */
export function useVisibleMenu(): { items: MenuItem[]; ready: boolean } {
  const { menu } = usePortal();
  const leaves = menu.filter((e) => e.path !== undefined);
  const { decisions, ready } = useAccessEach(leaves.map((e) => ({ resource: e.key, action: 'list' })));
  const allowed = new Set(leaves.filter((_, i) => decisions[i] === true).map((e) => e.key));
  return { items: menu.filter((e) => e.path === undefined || allowed.has(e.key)), ready };
}

export function SideMenu({ collapsed = false, onNavigate }: { collapsed?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { menu: all } = usePortal();
  const { items: menu } = useVisibleMenu();
  const { pathname } = useLocation();
  const selected = activeMenuKey(all, pathname);
  const parentOf = all.find((e) => e.key === selected)?.parent;

  const toItem = (entry: MenuItem): ItemType | null => {
    if (!entry.path) {
      const children = menu
        .filter((c) => c.parent === entry.key)
        .map(toItem)
        .filter((c): c is ItemType => c !== null);
      return children.length > 0 ? { key: entry.key, icon: entry.icon, label: t(entry.label), children } : null;
    }
    return {
      key: entry.key,
      icon: entry.icon,
      label: (
        <Link to={entry.path} onClick={onNavigate}>
          {t(entry.label)}
        </Link>
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
