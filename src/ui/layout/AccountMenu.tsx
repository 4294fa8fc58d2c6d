/** The account menu: who is signed in (user, role, agency), account info, change password, logout. */
import { useState } from 'react';
import { Avatar, Button, Descriptions, Dropdown, Modal, Tag } from 'antd';
import { IdcardOutlined, KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useLogout } from '@refinedev/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../auth/hooks';

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
      <Modal
        open={infoOpen}
        title={t('shell.account.info')}
        onCancel={() => setInfoOpen(false)}
        footer={<Button onClick={() => setInfoOpen(false)}>{t('shell.account.close')}</Button>}
        width={560}
        className="account-info"
      >
        {memberInfo && (
          <Descriptions column={1} size="small" bordered title={t('shell.account.user')}>
            <Descriptions.Item label={t('shell.account.fullName')}>{memberInfo.fullName}</Descriptions.Item>
            <Descriptions.Item label={t('shell.account.username')}>{memberInfo.username}</Descriptions.Item>
            <Descriptions.Item label={t('shell.account.role')}>
              <Tag color="blue">{role}</Tag>
              <Tag>{t(`shell.accountTypes.${memberInfo.accountType}`)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('shell.account.email')}>{memberInfo.email ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('shell.account.phone')}>{memberInfo.phone ?? '—'}</Descriptions.Item>
            {memberInfo.groupName && <Descriptions.Item label={t('shell.account.group')}>{memberInfo.groupName}</Descriptions.Item>}
          </Descriptions>
        )}
        {agentInfo && (
          <Descriptions column={1} size="small" bordered title={t('shell.account.agency')} style={{ marginTop: 16 }}>
            <Descriptions.Item label={t('shell.account.agencyCode')}>{agentInfo.code}</Descriptions.Item>
            <Descriptions.Item label={t('shell.account.agencyName')}>{agentInfo.name}</Descriptions.Item>
            <Descriptions.Item label={t('shell.account.level')}>F{agentInfo.level}</Descriptions.Item>
            <Descriptions.Item label={t('shell.account.hotline')}>{agentInfo.hotline ?? agentInfo.phone ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('shell.account.address')}>{agentInfo.address ?? '—'}</Descriptions.Item>
          </Descriptions>
        )}
      </Modal>
    </>
  );
}
