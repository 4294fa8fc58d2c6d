/** The frame of the public pages: a brand bar with the language picker, the page centred below. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../LanguageSwitch';
import { Logo } from '../Logo';

export function PublicLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="public-page">
      <header className="public-bar">
        <Link to="/" className="brand" aria-label={t('shell.app.name')}>
          <Logo size={28} />
          <span className="brand-name">{t('shell.app.name')}</span>
        </Link>
        <LanguageSwitch size="small" />
      </header>
      <main className={wide ? 'public-main public-main-wide' : 'public-main'}>{children}</main>
      <footer className="public-footer">{t('shell.app.footer', { year: new Date().getFullYear() })}</footer>
    </div>
  );
}
