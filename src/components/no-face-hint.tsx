import { useAtomValue } from 'jotai';
import { selectAtom } from 'jotai/utils';
import { useEffect, useState } from 'react';
import { t, type StringKey } from '../i18n';
import { pipelineStatsAtom } from '../state/atoms';
import { NO_FACE_HINT_MS, PHOTO_HINT_MS } from '../shared/ui-constants';

/**
 * What tracking found, as a hint needs it: no face (tracking has run and found none), several
 * faces (the glasses sit on the largest), or nothing to say. A string, so the hint re-renders
 * only when it changes. (`tracked` counts every detection, a photo's too: stats.ts.)
 */
const foundAtom = selectAtom(pipelineStatsAtom, (stats) => {
  const worker = stats?.worker;
  if (!worker || worker.tracked === 0) return 'nothing';
  if (!worker.face) return 'none';
  return worker.facesFound > 1 ? 'several' : 'nothing';
});

/**
 * A short hint over the picture when a running source has shown no face for a while (a video
 * without people, a face out of frame or in the dark); it goes away by itself with a face. A
 * photo says so sooner, in its own words, and also says when it holds several faces.
 */
export function NoFaceHint({ active, photo = false }: { active: boolean; photo?: boolean }) {
  const found = useAtomValue(foundAtom);
  const key = active ? hintFor(found, photo) : null;
  const message = key && t(key);
  const [shown, setShown] = useState<string | null>(null);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setShown(message), photo ? PHOTO_HINT_MS : NO_FACE_HINT_MS);
    // A face (or the source off) ends this wait; the next one starts hidden again.
    return () => {
      clearTimeout(timer);
      setShown(null);
    };
  }, [message, photo]);
  if (!shown) return null;
  return (
    <p className="no-face-hint" role="status">
      {shown}
    </p>
  );
}

/** The hint's words for what tracking found; a video says nothing of several faces. */
function hintFor(found: string, photo: boolean): StringKey | null {
  if (found === 'none') return photo ? 'photoNoFace' : 'noFaceHint';
  if (found === 'several' && photo) return 'photoSeveralFaces';
  return null;
}
