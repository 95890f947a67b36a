import { useCallback, useEffect, useRef, useState } from 'react';
import { loadFavourites, saveFavourites } from '../../storage/favourites';

/**
 * The frames marked 收藏 (null until read once from storage), saved on every change. Taps before
 * the stored list is read are ignored (a save then would overwrite it with a partial list).
 */
export function useFavourites() {
  const [values, setValues] = useState<readonly string[] | null>(null);
  const current = useRef<readonly string[] | null>(null);
  useEffect(() => {
    let live = true;
    void loadFavourites()
      .catch(() => [])
      .then((stored) => {
        if (!live) return;
        current.current = stored;
        setValues(stored);
      });
    return () => {
      live = false;
    };
  }, []);
  const toggle = useCallback((value: string) => {
    const before = current.current;
    if (!before) return;
    const next = before.includes(value) ? before.filter((v) => v !== value) : [...before, value];
    current.current = next;
    setValues(next);
    void saveFavourites(next);
  }, []);
  return { favourites: values, toggle };
}
