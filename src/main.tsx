import '@ant-design/v5-patch-for-react-19';
import 'antd/dist/reset.css';
import './ui/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './i18n';
import { Root } from './Root';
import { preloadFirstPage } from './public-routes';

preloadFirstPage(window.location.pathname);
void initI18n();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing');
createRoot(container).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
