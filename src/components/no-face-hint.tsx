import { useAtomValue } from 'jotai';
import { selectAtom } from 'jotai/utils';
import { useEffect, useState } from 'react';
import { t } from '../i18n';
import { pipelineStatsAtom } from '../state/atoms';
import { NO_FACE_HINT_MS } from '../shared/ui-constants';

/**
 * A short hint over the picture when a running source has shown no face for a while (a video
 * without people, a face out of frame or in the dark); it goes away by itself with a face.
 */
/** Tracking has run and found no face: a yes/no, so the hint re-renders only when it flips. */
const noFaceAtom = selectAtom(pipelineStatsAtom, (stats) => {
  const worker = stats?.worker;
  return (worker?.tracked ?? 0) > 0 && !worker?.face;
});

export function NoFaceHint({ active }: { active: boolean }) {
  const noFace = useAtomValue(noFaceAtom);
  const looking = active && noFace;
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!looking) return;
    const timer = setTimeout(() => setShown(true), NO_FACE_HINT_MS);
    // A face (or the source off) ends this wait; the next one starts hidden again.
    return () => {
      clearTimeout(timer);
      setShown(false);
    };
  }, [looking]);
  if (!shown) return null;
  return (
    <p className="no-face-hint" role="status">
      {t('noFaceHint')}
    </p>
  );
}
