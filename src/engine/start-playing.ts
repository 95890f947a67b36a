import { DeadlinePassed, withDeadline } from '../shared/deadline';
import { PLAY_START_MS } from '../shared/ui-constants';

/** The picture did not start playing within PLAY_START_MS (the caller says so to the user). */
export class PlayDidNotStart extends Error {
  constructor() {
    super('the video did not start playing');
    this.name = 'PlayDidNotStart';
  }
}

/**
 * Starts `video` playing. Its play() promise may never settle: WebKitGTK's once left a loaded file
 * under 处理中 for 14 minutes in the engines suite (play() was the only wait without a deadline on
 * that path). Past `ms`, a video that plays counts as started; one that does not is a failure the
 * caller reports, rather than a wait for ever.
 */
export async function startPlaying(video: HTMLVideoElement, ms = PLAY_START_MS): Promise<void> {
  try {
    await withDeadline(video.play(), ms);
  } catch (error) {
    if (!(error instanceof DeadlinePassed)) throw error;
    if (video.paused) throw new PlayDidNotStart();
  }
}
