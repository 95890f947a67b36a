import { createPortal } from 'react-dom';
import type { CatalogueEntry } from '../catalogue/manifest';
import { useTryAll } from '../catalogue/use-try-all';
import type { TryOnEngine } from '../engine/try-on-engine';
import { t } from '../i18n';
import { useToast } from '../state/toast';
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
 * The 全部试戴 button and its sheet (over the page, from the document's body). Its state lives
 * here: each picture drawn re-renders this, not the page and its grid.
 */
export function TryAllControl(props: Props) {
  const tryAll = useTryAll(props.engine, props.entries, props.onStored);
  const toast = useToast();
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
              favourites={props.favourites}
              onFavourite={props.onFavourite}
            />,
            document.body,
          )
        : null}
    </>
  );
}
