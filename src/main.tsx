import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { preloadCatalogue } from './catalogue/catalogue-source';
import { lang, t } from './i18n';
import { preloadGuardFlag } from './routes/route-guard';
import { GRID_COLUMNS, VIEW_WIDTH_FRACTION } from './shared/ui-constants';
import './styles.css';

document.documentElement.lang = lang;
// The layout's constants (docs/behaviour.md §9), one source of truth for code and stylesheet.
document.documentElement.style.setProperty('--view-width', `${VIEW_WIDTH_FRACTION * 100}vw`);
document.documentElement.style.setProperty('--grid-columns', String(GRID_COLUMNS));
document.title = t('appTitle');

// The service worker lets the app open offline. A frame inside another site's page (?embed) may be
// refused one (its storage blocked as a third party): the app runs without it there.
if ('serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.info('service worker not registered:', error);
    });
  });
}

// The first screen waits for the route guard's storage read, and the try-on page's grid for the
// shop's list: both start now, not once mounted.
preloadGuardFlag();
if (location.pathname === '/home') preloadCatalogue();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
