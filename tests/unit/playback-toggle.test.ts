import { describe, expect, it } from 'vitest';
import { togglePlayback } from '../../src/components/playback-toggle';
import { inLoopPause } from '../../src/engine/file-loop';
import { loadVideoFile } from '../../src/engine/video-file';
import { LOOP_RESTART_MS } from '../../src/shared/ui-constants';

/** A <video> as far as the loop and the button use it, with a browser's play/pause/end rules. */
class FakeVideo extends EventTarget {
  paused = true;
  ended = false;
  duration = 4;
  videoWidth = 640;
  src = '';
  srcObject: unknown = null;
  private time = 0;
  get currentTime() {
    return this.time;
  }
  set currentTime(value: number) {
    this.time = value;
    this.ended = false;
    this.dispatchEvent(new Event('seeking'));
  }
  play() {
    if (this.ended) this.currentTime = 0;
    this.paused = false;
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  }
  pause() {
    if (this.paused) return;
    this.paused = true;
    this.dispatchEvent(new Event('pause'));
  }
  /** Plays to the end: paused, ended, at its duration. */
  end() {
    this.time = this.duration;
    this.ended = true;
    this.pause();
    this.dispatchEvent(new Event('ended'));
  }
  removeAttribute() {}
  load() {}
}

async function playingFile() {
  const video = new FakeVideo();
  const hooks = { onJump: () => {}, onFail: () => {} };
  const element = video as unknown as HTMLVideoElement;
  const { session, loaded } = loadVideoFile(element, new File(['x'], 'a.mp4'), hooks);
  video.dispatchEvent(new Event('loadeddata'));
  await loaded;
  await video.play();
  return { video, session };
}

const afterTheGap = () => new Promise((resolve) => setTimeout(resolve, LOOP_RESTART_MS * 3));

describe('the file loop and 播放/暂停', () => {
  it('rewinds the file at its end at once, and plays it again after a moment', async () => {
    const { video, session } = await playingFile();
    video.end();
    // Rewound in the pause, so that its start is decoded by the time it plays; still "playing".
    expect({ paused: video.paused, at: video.currentTime }).toEqual({ paused: true, at: 0 });
    expect(inLoopPause(video)).toBe(true);
    await afterTheGap();
    expect({ paused: video.paused, at: video.currentTime }).toEqual({ paused: false, at: 0 });
    expect(inLoopPause(video)).toBe(false);
    session.release();
  });

  it('leaves a seek in that moment to the user: paused where they put it', async () => {
    const { video, session } = await playingFile();
    video.end();
    video.currentTime = 2.5;
    expect(inLoopPause(video)).toBe(false);
    await afterTheGap();
    expect({ paused: video.paused, at: video.currentTime }).toEqual({ paused: true, at: 2.5 });
    session.release();
  });

  it('leaves a file whose end event comes after a seek took it elsewhere', async () => {
    const { video, session } = await playingFile();
    video.currentTime = 1.5;
    video.dispatchEvent(new Event('ended'));
    expect(inLoopPause(video)).toBe(false);
    await afterTheGap();
    expect({ paused: video.paused, at: video.currentTime }).toEqual({ paused: false, at: 1.5 });
    session.release();
  });

  it('does not play a file released in that moment', async () => {
    const { video, session } = await playingFile();
    video.end();
    session.release();
    await afterTheGap();
    expect(video.paused).toBe(true);
  });

  it('stays paused when 暂停 is tapped in that moment (the label still said 暂停)', async () => {
    const { video, session } = await playingFile();
    video.end();
    togglePlayback(video, true);
    await afterTheGap();
    expect({ paused: video.paused, at: video.currentTime }).toEqual({ paused: true, at: 0 });
    togglePlayback(video, false);
    expect(video.paused).toBe(false);
    session.release();
  });
});
