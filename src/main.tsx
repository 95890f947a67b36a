import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { lang, t } from './i18n';
import { GRID_COLUMNS, VIEW_WIDTH_FRACTION } from './shared/ui-constants';
import './styles.css';

document.documentElement.lang = lang;
// The layout's constants (docs/behaviour.md §9), one source of truth for code and stylesheet.
document.documentElement.style.setProperty('--view-width', `${VIEW_WIDTH_FRACTION * 100}vw`);
document.documentElement.style.setProperty('--grid-columns', String(GRID_COLUMNS));
document.title = t('appTitle');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
