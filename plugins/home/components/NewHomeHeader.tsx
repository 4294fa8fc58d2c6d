/** The welcome header of the new home (permission SHOW_NEW_HOME). */
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Account } from '../../../src/sdk';
import { formatLongDate } from '../../../src/sdk';

export function NewHomeHeader({ account, today }: { account: Account; today: number }) {
  const { t } = useTranslation();
  const { memberInfo, agentInfo } = account;
  return (
    <section className="home-hero" data-testid="new-home-header">
      <div className="home-hero-date">{formatLongDate(today)}</div>
      <h1 className="home-hero-title">{t('home.dashboard.welcome', { name: memberInfo?.fullName ?? '' })}</h1>
      <p className="home-hero-text">{t('home.dashboard.welcomeText')}</p>
      <div className="home-hero-tags">
        {agentInfo && (
          <Tag bordered={false} className="home-hero-tag">
            {agentInfo.code} · {agentInfo.name}
          </Tag>
        )}
        {memberInfo && (
          <Tag bordered={false} className="home-hero-tag">
            {t(`shell.roles.${memberInfo.role}`)}
          </Tag>
        )}
      </div>
    </section>
  );
}
