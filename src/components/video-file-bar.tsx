import { useCallback, useEffect, useState, type RefObject } from 'react';
import { inLoopPause } from '../engine/file-loop';
import { t } from '../i18n';
import { SLIDER_MAX, SLIDER_MIN, SLIDER_STEP } from '../shared/ui-constants';
import { formatClock } from './format-clock';
import { togglePlayback } from './playback-toggle';

interface Playback {
  playing: boolean;
  currentS: number;
  durationS: number;
}

/** Follows the <video>'s clock. Its own loop pauses for a moment at the end: still "playing". */
function usePlayback(videoRef: RefObject<HTMLVideoElement | null>): Playback {
  const [state, setState] = useState<Playback>({ playing: false, currentS: 0, durationS: 0 });
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const update = () =>
      setState((previous) => ({
        playing: video.ended || inLoopPause(video) ? previous.playing : !video.paused,
        currentS: video.currentTime,
        durationS: Number.isFinite(video.duration) ? video.duration : 0,
      }));
    const events = ['timeupdate', 'play', 'pause', 'seeked', 'durationchange', 'emptied'];
    for (const name of events) video.addEventListener(name, update);
    update();
    return () => {
      for (const name of events) video.removeEventListener(name, update);
    };
  }, [videoRef]);
  return state;
}

/** File mode only: elapsed / total (m:ss), play/pause and a 0–100 seek slider. */
export function VideoFileBar({ videoRef }: { videoRef: RefObject<HTMLVideoElement | null> }) {
  const { playing, currentS, durationS } = usePlayback(videoRef);
  const progress = durationS > 0 ? Math.round((currentS / durationS) * SLIDER_MAX) : SLIDER_MIN;

  const toggle = useCallback(() => {
    const video = videoRef.current;
    if (video) togglePlayback(video, playing);
  }, [videoRef, playing]);

  const seek = useCallback(
    (value: number) => {
      const video = videoRef.current;
      if (!video || !Number.isFinite(video.duration)) return;
      video.currentTime = (value / SLIDER_MAX) * video.duration;
    },
    [videoRef],
  );

  return (
    <div className="video-bar" role="group" aria-label={t('videoPlayback')}>
      <button type="button" className="play-toggle" onClick={toggle}>
        {playing ? t('pause') : t('play')}
      </button>
      <span className="video-time">
        {formatClock(currentS)} / {formatClock(durationS)}
      </span>
      <input
        type="range"
        className="seek"
        min={SLIDER_MIN}
        max={SLIDER_MAX}
        step={SLIDER_STEP}
        value={progress}
        aria-label={t('seek')}
        onChange={(event) => seek(Number(event.currentTarget.value))}
      />
    </div>
  );
}
