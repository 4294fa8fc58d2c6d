/** The anniversary banner (permission ANNIVERSARY). */
import { GiftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export function AnniversaryBanner() {
  const { t } = useTranslation();
  return (
    <section className="home-anniversary" role="note" data-testid="anniversary-banner">
      <GiftOutlined className="home-anniversary-icon" />
      <div>
        <div className="home-anniversary-title">{t('home.anniversary.title')}</div>
        <div className="home-anniversary-text">{t('home.anniversary.text')}</div>
      </div>
    </section>
  );
}
