import { atom, getDefaultStore } from 'jotai';

/**
 * True once the browser refused to keep files (IndexedDB or Cache Storage cannot be opened or is
 * full). The app then runs from the network with the bytes in memory; the UI says so once
 * (`t('storageUnavailable')`).
 */
export const storageUnavailableAtom = atom(false);

let reported = false;

/** Records the first storage failure; later ones add nothing the user needs to know. */
export function reportStorageUnavailable(where: string, error: unknown): void {
  if (reported) return;
  reported = true;
  console.warn(`storage unavailable (${where}); keeping files in memory`, error);
  // The app renders without a jotai Provider, so the default store is the one the UI reads.
  getDefaultStore().set(storageUnavailableAtom, true);
}

export const isStorageUnavailable = (): boolean => reported;
