import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the document title from a page title key: '<page> | <app>'. */
export function usePageTitle(titleKey: string): void {
  const { t } = useTranslation();
  const page = t(titleKey);
  const app = t('shell.app.name');
  useEffect(() => {
    document.title = page ? `${page} | ${app}` : app;
  }, [page, app]);
}
