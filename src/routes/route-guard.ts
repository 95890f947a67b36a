import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { KEY_TASK_AND_WASM_CACHED } from '../shared/storage-constants';
import { getFlag } from '../storage/model-db';
import { isPreparing } from '../storage/prepare';

export const LOADING_PATH = '/';

/**
 * The guard of docs/behaviour.md §2: a stored isTaskAndWasmCached that is not 1 sends the user
 * to the Loading screen; a missing flag or 1 lets the navigation through. `flag` is getFlag's
 * answer. `preparingHere`: this page is running the preparation that wrote the 0 (a first visit that
 * opened /home directly); sending the user to / would only lose where they were going.
 */
export function guardTarget(flag: boolean | null, path: string, preparingHere = false): string {
  return flag === false && !preparingHere && path !== LOADING_PATH ? LOADING_PATH : path;
}

const readFlag = () => getFlag(KEY_TASK_AND_WASM_CACHED).catch(() => null);
let firstRead: Promise<boolean | null> | null = null;

/**
 * Starts the first navigation's storage read as the page's script starts (main.tsx), not after
 * React's first commit: nothing shows until it is answered (`npm run bench -- --catalogue-only`,
 * first cell).
 */
export function preloadGuardFlag(): void {
  firstRead ??= readFlag();
}

/**
 * Runs the guard before every navigation and returns the location the routes may show: the new
 * one once the flag was read for it, the previous one meanwhile (null before the first check).
 * Render `<Switch location={allowed}>` so a navigation never shows its target before the check.
 */
export function useRouteGuard(): string | null {
  const [location, navigate] = useLocation();
  const [allowed, setAllowed] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const read = firstRead ?? readFlag();
    firstRead = null;
    void read.then((flag) => {
      if (!live) return;
      const target = guardTarget(flag, location, isPreparing());
      if (target === location) setAllowed(location);
      // The page's parameters go along (a shop's `?glasses=`, `?embed`, `?q=`): the Loading
      // screen hands them back to /home. Read here, not watched: typing in 搜索 is no navigation.
      else navigate(`${target}${window.location.search}`, { replace: true });
    });
    return () => {
      live = false;
    };
  }, [location, navigate]);
  return allowed;
}
