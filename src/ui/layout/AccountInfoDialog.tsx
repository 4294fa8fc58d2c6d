/** The account menu's "account info" dialog: the signed-in user and agency (loaded apart from the header). */
import { Button, Descriptions, Modal, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../auth/hooks';

export default function AccountInfoDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { memberInfo, agentInfo } = useAccount();
  const role = memberInfo ? t(`shell.roles.${memberInfo.role}`) : '';
  return (
    <Modal
      open={open}
      title={t('shell.account.info')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('shell.account.close')}</Button>}
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
  );
}
