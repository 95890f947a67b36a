import { useState } from 'react';
import type { TryAllCell } from './try-all-view';
import { useOfferFile } from '../capture/use-offer-file';
import { t } from '../../i18n';
import { withDeadline } from '../../shared/deadline';
import { COLLAGE_MS, COMPARE_FILE_NAME } from '../../shared/ui-constants';
import { useToast } from '../../state/toast';
import { BlobImage } from '../../components/blob-image';
import { makeCollage } from './collage';
import { useHold } from '../../components/use-hold';
import { frameName } from '../../catalogue/frame-name';

const caption = (cell: TryAllCell) => `${cell.entry.serialNo} ${frameName(cell.entry)}`;

/**
 * 2–4 frames side by side, large, at the same crop and scale (they are pictures of the same kept
 * picture); pressing and holding shows the bare face in each place. 保存对比图 makes one collage
 * of them with their numbers and names and hands it on like a photo (use-offer-file.ts).
 */
export function CompareView(props: { bare: Blob; cells: TryAllCell[]; onBack: () => void }) {
  const { holding, handlers } = useHold(true);
  const offer = useOfferFile();
  const toast = useToast();
  const [making, setMaking] = useState(false);
  const share = async () => {
    setMaking(true);
    try {
      const items = props.cells.map((cell) => ({ image: cell.image!, caption: caption(cell) }));
      offer(await withDeadline(makeCollage(items), COLLAGE_MS), COMPARE_FILE_NAME, 'photo');
    } catch (error) {
      console.error('collage failed', error);
      toast(t('compareFailed'));
    } finally {
      setMaking(false);
    }
  };
  return (
    <>
      <p className="compare-hint">{t('compareHold')}</p>
      <ul
        className="compare-grid"
        data-count={props.cells.length}
        data-holding={holding}
        tabIndex={0}
        aria-label={t('compareTitle')}
        {...handlers}
      >
        {props.cells.map((cell) => (
          <li key={cell.entry.value} data-serial={cell.entry.serialNo}>
            {/* Both kept in place, one shown: a hold swaps them at once, with no reload. */}
            <span className="compare-frame">
              <BlobImage className="compare-image worn" blob={cell.image!} alt={caption(cell)} />
              <BlobImage className="compare-image bare" blob={props.bare} alt={t('compareBare')} />
            </span>
            <span className="compare-caption">{caption(cell)}</span>
          </li>
        ))}
      </ul>
      <div className="try-all-foot">
        <button type="button" onClick={props.onBack}>
          {t('compareBack')}
        </button>
        <button
          type="button"
          className="compare-share"
          disabled={making}
          onClick={() => void share()}
        >
          {t('compareShare')}
        </button>
      </div>
    </>
  );
}
