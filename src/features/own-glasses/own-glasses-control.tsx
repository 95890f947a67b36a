import { useAtom } from 'jotai';
import { t } from '../../i18n';
import { useToast } from '../../state/toast';
import { ownGlassesOffAtom } from './use-own-glasses';

/** How long the note on what is taken off stays (ms): two lines to read. */
const NOTE_MS = 7000;

/**
 * 摘掉我的眼镜: a wearer who cannot see the screen without their glasses keeps them on, and the
 * picture loses their thin rims, so the chosen frame is the only one on the face. Turning it on
 * says what it cannot take off (thick or clear frames, the lenses' glare).
 */
export function OwnGlassesControl() {
  const [on, setOn] = useAtom(ownGlassesOffAtom);
  const toast = useToast();
  return (
    <button
      type="button"
      className="own-glasses-off"
      aria-pressed={on}
      title={t('ownGlassesOffNote')}
      onClick={() => {
        if (!on) toast(t('ownGlassesOffNote'), NOTE_MS);
        setOn(!on);
      }}
    >
      {t('ownGlassesOff')}
    </button>
  );
}
