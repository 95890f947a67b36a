import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { lang, t } from './i18n';
import { GRID_COLUMNS, VIEW_WIDTH_FRACTION } from './shared/constants';
import './styles.css';

document.documentElement.lang = lang;
// The layout's spec constants, one source of truth for the code and the stylesheet.
document.documentElement.style.setProperty('--view-width', `${VIEW_WIDTH_FRACTION * 100}vw`);
document.documentElement.style.setProperty('--grid-columns', String(GRID_COLUMNS));
document.title = t('appTitle');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
