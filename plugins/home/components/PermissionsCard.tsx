/** The permissions the account holds, as a quick reference for agency staff. */
import { Card, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export function PermissionsCard({ permissions }: { permissions: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <Card title={t('home.dashboard.permissions', { count: permissions.length })} className="home-card">
      {permissions.length === 0 ? (
        <span className="muted">{t('home.dashboard.noPermissions')}</span>
      ) : (
        <div className="permission-tags">
          {[...permissions].sort().map((p) => (
            <Tag key={p}>{p}</Tag>
          ))}
        </div>
      )}
    </Card>
  );
}
