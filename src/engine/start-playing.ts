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
 * Starts `video` playing. play()'s promise may never settle (seen in WebKitGTK, with a loaded file
 * under 处理中 and nothing else waiting on that path): past `ms`, a video that plays with data to
 * go on counts as started, and any other is a failure the caller reports. `paused` alone does not
 * tell: play() clears it at once, whether or not the picture ever moves.
 */
export async function startPlaying(video: HTMLVideoElement, ms = PLAY_START_MS): Promise<void> {
  try {
    await withDeadline(video.play(), ms);
  } catch (error) {
    if (!(error instanceof DeadlinePassed)) throw error;
    if (video.paused || video.readyState < HTMLMediaElement.HAVE_FUTURE_DATA) {
      throw new PlayDidNotStart();
    }
  }
}
