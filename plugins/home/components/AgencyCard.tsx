/** The agency and the signed-in user, as the gateway returned them at sign-in (refreshed at start-up). */
import { Card, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Account } from '../../../src/sdk';

export function AgencyCard({ account }: { account: Account }) {
  const { t } = useTranslation();
  const { agentInfo, memberInfo } = account;
  return (
    <Card title={t('home.dashboard.agency')} className="home-card">
      {agentInfo && (
        <Descriptions column={1} size="small" colon={false} className="home-descriptions">
          <Descriptions.Item label={t('shell.account.agencyName')}>{agentInfo.name}</Descriptions.Item>
          <Descriptions.Item label={t('shell.account.agencyCode')}>{agentInfo.code}</Descriptions.Item>
          <Descriptions.Item label={t('shell.account.level')}>
            <Tag color="processing">F{agentInfo.level}</Tag>
            <Tag>{t(`shell.accountTypes.${agentInfo.accountType}`)}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('shell.account.hotline')}>{agentInfo.hotline ?? agentInfo.phone ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('shell.account.address')}>{agentInfo.address ?? '—'}</Descriptions.Item>
        </Descriptions>
      )}
      {memberInfo && (
        <Descriptions column={1} size="small" colon={false} className="home-descriptions home-descriptions-user" title={t('shell.account.user')}>
          <Descriptions.Item label={t('shell.account.fullName')}>{memberInfo.fullName}</Descriptions.Item>
          <Descriptions.Item label={t('shell.account.username')}>{memberInfo.username}</Descriptions.Item>
          <Descriptions.Item label={t('shell.account.role')}>{t(`shell.roles.${memberInfo.role}`)}</Descriptions.Item>
          <Descriptions.Item label={t('shell.account.email')}>{memberInfo.email ?? '—'}</Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}
