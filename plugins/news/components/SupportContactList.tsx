/** The support contacts as cards with click-to-call and Zalo links (floating panel and /agent/online-support-config). */
import { Button, List, Tag } from 'antd';
import { ClockCircleOutlined, MessageOutlined, PhoneOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SupportContact } from '../../../contract/content';
import { telHref, zaloHref } from './contact-links';

export function SupportContactList({ items, compact = false }: { items: readonly SupportContact[]; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <List
      className={`support-list${compact ? ' support-list-compact' : ''}`}
      dataSource={items as SupportContact[]}
      rowKey="id"
      renderItem={(c) => {
        const tel = telHref(c.phone);
        const zalo = zaloHref(c.zalo);
        return (
          <List.Item className="support-item">
            <div className="support-item-main">
              <div className="support-item-name">{c.name}</div>
              {c.topic && <Tag color="blue" className="support-item-topic">{c.topic}</Tag>}
              {c.hours && (
                <div className="muted support-item-hours">
                  <ClockCircleOutlined /> {c.hours}
                </div>
              )}
            </div>
            <div className="support-item-actions">
              {tel && (
                <Button href={tel} icon={<PhoneOutlined />} size={compact ? 'small' : 'middle'} aria-label={t('support.panel.call', { name: c.name, phone: c.phone })}>
                  {c.phone}
                </Button>
              )}
              {zalo && (
                <Button href={zalo} target="_blank" rel="noopener noreferrer" icon={<MessageOutlined />} size={compact ? 'small' : 'middle'} aria-label={t('support.panel.zalo', { name: c.name })}>
                  Zalo
                </Button>
              )}
            </div>
          </List.Item>
        );
      }}
    />
  );
}
