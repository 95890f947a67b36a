import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { lang, t } from './i18n';
import './styles.css';

document.documentElement.lang = lang;
document.title = t('appTitle');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
