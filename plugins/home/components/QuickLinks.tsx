/** Quick links to the screens the user may open: the menu entries the access-control provider lets through, plus the shell's. */
import type { ReactNode } from 'react';
import { Card, Empty } from 'antd';
import { ClockCircleOutlined, KeyOutlined, RightOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAGES, useVisibleMenu } from '../../../src/sdk';

interface QuickLink {
  key: string;
  path: string;
  label: string;
  description?: string;
  icon?: ReactNode;
}

const SHELL_LINKS: QuickLink[] = [
  { key: 'change-password', path: PAGES.shell.changePassword, label: 'home.links.changePassword', description: 'home.links.changePasswordText', icon: <KeyOutlined /> },
  { key: 'time-setup', path: PAGES.shell.timeSetup, label: 'home.links.timeSetup', description: 'home.links.timeSetupText', icon: <ClockCircleOutlined /> },
];

/** One link per screen name and per path: a shell link the menu already offers (e.g. change password) is left out. */
export function uniqueLinks<L extends { path: string; label: string }>(links: readonly L[], t: (key: string) => string): L[] {
  const seen = new Set<string>();
  return links.filter((l) => {
    const keys = [`path:${l.path}`, `label:${t(l.label).trim().toLowerCase()}`];
    if (keys.some((k) => seen.has(k))) return false;
    for (const k of keys) seen.add(k);
    return true;
  });
}

export function QuickLinks({ currentPath = '/' }: { currentPath?: string }) {
  const { t } = useTranslation();
  const { items, ready } = useVisibleMenu();
  const links = uniqueLinks<QuickLink>(
    [...items.flatMap((e) => (e.path && e.path !== currentPath ? [{ key: e.key, path: e.path, label: e.label, icon: e.icon }] : [])), ...SHELL_LINKS],
    t,
  );

  return (
    <Card title={t('home.dashboard.quickLinks')} className="home-card" loading={!ready}>
      {links.length === 0 ? (
        <Empty description={t('home.dashboard.noLinks')} />
      ) : (
        <div className="quick-links">
          {links.map((link) => (
            <Link key={link.key} to={link.path} className="quick-link">
              <span className="quick-link-icon">{link.icon}</span>
              <span className="quick-link-body">
                <span className="quick-link-label">{t(link.label)}</span>
                {link.description && <span className="quick-link-text">{t(link.description)}</span>}
              </span>
              <RightOutlined className="quick-link-arrow" />
            </Link>
          ))}
        </div>
      )}
    </Card>
  );
}
