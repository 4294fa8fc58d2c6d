/** The language picker (vi / en): the choice is cached in localStorage (i18nextLng) by the detector. */
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePreferences } from './preferences';

export function LanguageSwitch({ size = 'middle' }: { size?: 'small' | 'middle' | 'large' }) {
  const { t } = useTranslation();
  const { language, setLanguage } = usePreferences();
  return (
    <Segmented
      size={size}
      aria-label={t('shell.language.label')}
      value={language}
      onChange={(value) => setLanguage(value as 'vi' | 'en')}
      options={[
        { label: <span title={t('shell.language.vi')}>VI</span>, value: 'vi' },
        { label: <span title={t('shell.language.en')}>EN</span>, value: 'en' },
      ]}
    />
  );
}
