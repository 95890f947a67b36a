import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import type { CatalogueEntry } from '../../catalogue/manifest';
import { useTryAll } from './use-try-all';
import type { TryOnEngine } from '../../engine/try-on-engine';
import { t } from '../../i18n';
import { useToast } from '../../state/toast';
import { TryAllSheet } from './try-all-sheet';

interface Props {
  engine: TryOnEngine | null;
  entries: readonly CatalogueEntry[];
  /** A source is on; `live`: it is a camera (its picture is taken after a countdown). */
  active: boolean;
  live: boolean;
  onStored: (value: string) => void;
  favourites: readonly string[] | null;
  onFavourite: (value: string) => void;
}

/**
 * The 全部试戴 button and its sheet (over the page, from the document's body, the app's root inert
 * meanwhile). Its state lives here: each picture drawn re-renders this, not the page and its grid.
 */
export function TryAllControl(props: Props) {
  const tryAll = useTryAll(props.engine, props.entries, props.onStored);
  const toast = useToast();
  const open = tryAll.view !== null;
  // A modal sheet: the app behind it takes no pointer, key or reader while it is open (the file
  // offer, which the collage goes to, lives outside the app's root; toasts still show).
  useEffect(() => {
    const root = document.getElementById('root');
    if (!root || !open) return;
    root.inert = true;
    return () => {
      root.inert = false;
    };
  }, [open]);
  const start = () => {
    if (!props.active || !props.engine) toast(t('tryAllNeedsSource'));
    else tryAll.start(props.live);
  };
  return (
    <>
      <button type="button" className="try-all" onClick={start}>
        {t('tryAll')}
      </button>
      {tryAll.view
        ? createPortal(
            <TryAllSheet
              view={tryAll.view}
              onClose={tryAll.close}
              onMore={tryAll.more}
              favourites={props.favourites}
              onFavourite={props.onFavourite}
            />,
            document.body,
          )
        : null}
    </>
  );
}
