/** The account menu: who is signed in (user, role, agency), account info, change password, logout. */
import { lazy, Suspense, useState } from 'react';
import { Avatar, Button, Dropdown } from 'antd';
import { IdcardOutlined, KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useLogout } from '@refinedev/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../auth/hooks';
import { useAfterContent } from '../after-content';

const AccountInfoDialog = lazy(() => import('./AccountInfoDialog'));

export function initials(name: string | undefined): string {
  if (!name) return '';
  const parts = name.trim().split(/\s+/);
  const last = parts[parts.length - 1] ?? '';
  const first = parts.length > 1 ? parts[0] : '';
  return `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();
}

export function AccountMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { mutate: logout } = useLogout();
  const { memberInfo, agentInfo } = useAccount();
  const [infoOpen, setInfoOpen] = useState(false);
  const afterContent = useAfterContent();
  const role = memberInfo ? t(`shell.roles.${memberInfo.role}`) : '';

  return (
    <>
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{
          items: [
            {
              key: 'who',
              disabled: true,
              className: 'account-who',
              label: (
                <div>
                  <div className="account-name">{memberInfo?.fullName}</div>
                  <div className="account-sub">
                    {memberInfo?.username} · {role}
                  </div>
                  <div className="account-sub">{agentInfo ? `${agentInfo.code} · ${agentInfo.name}` : ''}</div>
                </div>
              ),
            },
            { type: 'divider' },
            { key: 'info', icon: <IdcardOutlined />, label: t('shell.account.info'), onClick: () => setInfoOpen(true) },
            {
              key: 'password',
              icon: <KeyOutlined />,
              label: t('shell.account.changePassword'),
              onClick: () => navigate('/change-password', { state: { username: memberInfo?.username } }),
            },
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined />, danger: true, label: t('shell.account.logout'), onClick: () => logout() },
          ],
        }}
      >
        {/* named by its own text (the user and role it shows), so the spoken name matches what is seen */}
        <Button type="text" className="account-trigger">
          <span className="sr-only">{t('shell.account.label')}:</span>
          <Avatar size={32} className="account-avatar" aria-hidden icon={memberInfo ? undefined : <UserOutlined />}>
            {initials(memberInfo?.fullName)}
          </Avatar>
          {compact ? (
            <span className="sr-only">
              {memberInfo?.fullName} · {role}
            </span>
          ) : (
            <span className="account-trigger-text">
              <span className="account-trigger-name">{memberInfo?.fullName}</span>
              <span className="account-trigger-role">{role}</span>
            </span>
          )}
        </Button>
      </Dropdown>
      {/* the dialog's code (antd Modal and Descriptions) comes once the page's content is shown, or at the first
          press of "account info" if that comes first: it opens when its code is here */}
      {(afterContent || infoOpen) && (
        <Suspense fallback={null}>
          <AccountInfoDialog open={infoOpen} onClose={() => setInfoOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
