import '@ant-design/v5-patch-for-react-19';
import 'antd/dist/reset.css';
import './ui/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './i18n';
import { Root } from './Root';
import { removeBootShell } from './boot/shell';
import { preloadFirstPage } from './public-routes';
import { watchAriaFixes } from './ui/aria-fixes';
import { watchLostFocus } from './ui/global/focus-return';

preloadFirstPage(window.location.pathname);
// the static sign-in form of index.html is for /login only: on any other first page it leaves at once (hidden,
// it would still be a second main landmark and heading for screen readers)
if (window.location.pathname !== '/login') removeBootShell();
void initI18n();
// antd 5 ARIA slips (aria-required on Select roots, disabled Select values, focusable hidden table rows): src/ui/aria-fixes.ts
watchAriaFixes();
// a focused button that leaves the page gives the focus to the main content, not the body
watchLostFocus();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing');
createRoot(container).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
