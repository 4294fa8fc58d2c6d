/** Quick links to the screens the user may open: the registered menu entries they pass, plus the shell's. */
import type { ReactNode } from 'react';
import { Card, Empty } from 'antd';
import { ClockCircleOutlined, KeyOutlined, RightOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAllowedPaths } from '../../../src/sdk';
import { usePortal } from '../../../src/sdk';

interface QuickLink {
  key: string;
  path: string;
  label: string;
  description?: string;
  icon?: ReactNode;
}

const SHELL_LINKS: QuickLink[] = [
  { key: 'change-password', path: '/change-password', label: 'home.links.changePassword', description: 'home.links.changePasswordText', icon: <KeyOutlined /> },
  { key: 'time-setup', path: '/time-setup-instruction', label: 'home.links.timeSetup', description: 'home.links.timeSetupText', icon: <ClockCircleOutlined /> },
];

export function QuickLinks({ currentPath = '/' }: { currentPath?: string }) {
  const { t } = useTranslation();
  const { menu } = usePortal();
  const entries = menu.filter((e) => e.path && e.path !== currentPath);
  const { allowed, ready } = useAllowedPaths(entries.map((e) => e.path as string));
  const links: QuickLink[] = [
    ...entries.filter((e) => allowed.has(e.path as string)).map((e) => ({ key: e.key, path: e.path as string, label: e.label, icon: e.icon })),
    ...SHELL_LINKS,
  ];

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
