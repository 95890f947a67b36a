import { useAtom, useAtomValue } from 'jotai';
import { selectAtom } from 'jotai/utils';
import { useEffect } from 'react';
import { t, type StringKey } from '../../i18n';
import { pipelineStatsAtom } from '../../state/atoms';
import { useDismissToast, useToast } from '../../state/toast';
import { ownGlassesOffAtom } from './use-own-glasses';

/** How long the note on what is taken off stays (ms): two lines to read. */
const NOTE_MS = 7000;

/** What the engine saw of the wearer's own frame (WorkerStats.ownFrame), as a string. */
const ownFrameAtom = selectAtom(pipelineStatsAtom, (stats) => stats?.worker?.ownFrame ?? 'off');

/** What the button and the note say for each state of the engine's reading. */
const NOTES: Record<string, StringKey> = {
  reading: 'ownGlassesReading',
  seen: 'ownGlassesOffNote',
  'not-seen': 'ownGlassesNotSeen',
};

/**
 * 摘掉我的眼镜: a wearer who cannot see the screen without their glasses keeps them on, and the
 * picture loses their thin rims, so the chosen frame is the only one on the face. Once the engine
 * has read the picture, a note says whether it recognised a frame and took it off (and what it
 * cannot: thick or clear frames, the lenses' glare), or that it recognised none and is not sure
 * how much it took off; it says so again whenever that changes, and goes when turned off.
 */
export function OwnGlassesControl() {
  const [on, setOn] = useAtom(ownGlassesOffAtom);
  const seen = useAtomValue(ownFrameAtom);
  const toast = useToast();
  const dismiss = useDismissToast();
  const verdict = on && (seen === 'seen' || seen === 'not-seen') ? seen : null;
  useEffect(() => {
    if (verdict) toast(t(NOTES[verdict]!), NOTE_MS);
    // Turned off, a note on what it took off no longer holds.
    else if (!on) dismiss([t(NOTES.seen!), t(NOTES['not-seen']!)]);
  }, [verdict, on, toast, dismiss]);
  const note = on ? NOTES[seen] : undefined;
  return (
    <button
      type="button"
      className="own-glasses-off"
      aria-pressed={on}
      data-seen={on ? seen : undefined}
      title={t(note ?? 'ownGlassesOffNote')}
      onClick={() => setOn(!on)}
    >
      {t('ownGlassesOff')}
    </button>
  );
}
