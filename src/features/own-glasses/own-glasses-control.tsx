import { useAtom, useAtomValue } from 'jotai';
import { selectAtom } from 'jotai/utils';
import { useEffect, useRef, useState } from 'react';
import { t, type StringKey } from '../../i18n';
import type { WorkerStats } from '../../shared/try-on-types';
import { pipelineStatsAtom } from '../../state/atoms';
import { useDismissToast, useToast } from '../../state/toast';
import { ownGlassesOffAtom } from './use-own-glasses';

/** How long the note on what is taken off stays (ms): two lines to read. */
const NOTE_MS = 7000;

/** What the engine saw of the wearer's own frame (WorkerStats.ownFrame), as a string. */
const ownFrameAtom = selectAtom(pipelineStatsAtom, (stats) => stats?.worker?.ownFrame ?? 'off');

/** What the button and the note say for each state of the engine's reading. */
const NOTES: Record<Exclude<WorkerStats['ownFrame'], 'off'>, StringKey> = {
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
  // A verdict is this turn's once the engine has said it heard it ('reading', or 'off' before it):
  // one left from an earlier turn, turned off and on again quickly, is not told.
  const [heard, setHeard] = useState(false);
  if (on && !heard && (seen === 'reading' || seen === 'off')) setHeard(true);
  const told = useRef<string | null>(null);
  const verdict = on && heard && (seen === 'seen' || seen === 'not-seen') ? seen : null;
  useEffect(() => {
    // Told once a turn, and again only when it changes (a restarted engine reads afresh).
    if (!verdict || told.current === verdict) return;
    told.current = verdict;
    toast(t(NOTES[verdict]), NOTE_MS);
  }, [verdict, toast]);
  return (
    <button
      type="button"
      className="own-glasses-off"
      aria-pressed={on}
      title={t(on ? NOTES[verdict ?? 'reading'] : 'ownGlassesHint')}
      onClick={() => {
        if (on) {
          // Turned off, a note on what it took off no longer holds.
          dismiss([t(NOTES.seen), t(NOTES['not-seen'])]);
          told.current = null;
        }
        setHeard(false);
        setOn(!on);
      }}
    >
      {t('ownGlassesOff')}
    </button>
  );
}
