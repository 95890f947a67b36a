import { lang } from '../i18n';
import type { CatalogueEntry } from './manifest';

/** A frame's name in the reader's language: the manifest's `textEn` on an English page, if any. */
export const frameName = (entry: Pick<CatalogueEntry, 'text' | 'textEn'>): string =>
  (lang === 'en' && entry.textEn) || entry.text;
