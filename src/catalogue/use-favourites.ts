import { useCallback, useEffect, useRef, useState } from 'react';
import { loadFavourites, saveFavourites } from '../storage/favourites';

/**
 * The frames marked 收藏: read once from storage, saved on every change. Taps before the stored
 * list is read are ignored (a save then would overwrite it with a partial list).
 */
export function useFavourites() {
  const [values, setValues] = useState<readonly string[]>([]);
  const [loaded, setLoaded] = useState(false);
  const current = useRef<readonly string[]>([]);
  useEffect(() => {
    let live = true;
    void loadFavourites()
      .catch(() => [])
      .then((stored) => {
        if (!live) return;
        current.current = stored;
        setValues(stored);
        setLoaded(true);
      });
    return () => {
      live = false;
    };
  }, []);
  const toggle = useCallback(
    (value: string) => {
      if (!loaded) return;
      const before = current.current;
      const next = before.includes(value) ? before.filter((v) => v !== value) : [...before, value];
      current.current = next;
      setValues(next);
      void saveFavourites(next);
    },
    [loaded],
  );
  return { favourites: values, toggle, loaded };
}
