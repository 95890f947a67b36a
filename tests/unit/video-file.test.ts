import { afterEach, describe, expect, it, vi } from 'vitest';
import { videoFileProblem } from '../../src/engine/video-file';
import { pickRecorderMime, recordCanvas } from '../../src/features/capture/media-recorder-fallback';
import { DeadlinePassed } from '../../src/shared/deadline';
import { RECORDER_STOP_MS, VIDEO_MAX_BYTES } from '../../src/shared/ui-constants';

/** A File-like object of a given size without allocating it. */
const fakeFile = (size: number, type: string) => ({ size, type }) as File;

describe('videoFileProblem', () => {
  it('refuses files over 50 MB', () => {
    expect(videoFileProblem(fakeFile(VIDEO_MAX_BYTES + 1, 'video/mp4'))).toBe('videoTooLarge');
    expect(videoFileProblem(fakeFile(VIDEO_MAX_BYTES, 'video/mp4'))).toBeNull();
  });

  it('says so at once for an empty file', () => {
    expect(videoFileProblem(fakeFile(0, 'video/mp4'))).toBe('videoEmpty');
    expect(videoFileProblem(fakeFile(1, 'video/mp4'))).toBeNull();
  });

  it('refuses files declared as something else, and lets unknown types try', () => {
    expect(videoFileProblem(fakeFile(10, 'text/plain'))).toBe('videoLoadFailed');
    expect(videoFileProblem(fakeFile(10, ''))).toBeNull();
    expect(videoFileProblem(fakeFile(10, 'video/webm'))).toBeNull();
  });
});

describe('pickRecorderMime (MediaRecorder fallback)', () => {
  it('follows the spec order and ends with MP4', () => {
    expect(pickRecorderMime(() => true)).toBe('video/mp4;codecs=avc1');
    expect(pickRecorderMime((m) => m.startsWith('video/webm'))).toBe('video/webm;codecs=vp9');
    expect(pickRecorderMime((m) => m === 'video/webm;codecs=vp8')).toBe('video/webm;codecs=vp8');
    expect(pickRecorderMime((m) => m === 'video/webm')).toBe('video/webm');
    expect(pickRecorderMime((m) => m === 'video/mp4')).toBe('video/mp4');
    expect(pickRecorderMime(() => false)).toBeNull();
  });
});

/**
 * A MediaRecorder as the spec has it: stop() on an inactive recorder does nothing; stop() on an
 * active one hands over its data and fires 'stop' (unless `deaf`, a recorder that never ends).
 */
class FakeRecorder extends EventTarget {
  static last: FakeRecorder | null = null;
  static isTypeSupported = (mime: string) => mime === 'video/webm';
  state: 'inactive' | 'recording' = 'inactive';
  deaf = false;
  constructor() {
    super();
    FakeRecorder.last = this;
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    if (this.state === 'inactive' || this.deaf) return;
    this.end();
  }
  /** Hands over a second of data and ends, as when its track ends by itself. */
  end() {
    const data = Object.assign(new Event('dataavailable'), { data: new Blob([new Uint8Array(9)]) });
    this.dispatchEvent(data);
    this.state = 'inactive';
    this.dispatchEvent(new Event('stop'));
  }
}

describe('recordCanvas (MediaRecorder fallback)', () => {
  const tracks = { stopped: 0 };
  const canvas = {
    captureStream: () => ({ getTracks: () => [{ stop: () => tracks.stopped++ }] }),
  } as unknown as HTMLCanvasElement;
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    tracks.stopped = 0;
  });

  it('keeps what a recorder that ended by itself recorded', async () => {
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    const recording = recordCanvas(canvas)!;
    FakeRecorder.last!.end();
    const { blob, ext } = await recording.stop();
    expect([blob.size, blob.type, ext]).toEqual([9, 'video/webm', 'webm']);
    expect(tracks.stopped).toBe(1);
  });

  it('says the recording failed when the recorder never ends', async () => {
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const recording = recordCanvas(canvas)!;
    FakeRecorder.last!.deaf = true;
    const stopped = recording.stop().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(RECORDER_STOP_MS);
    expect(await stopped).toBeInstanceOf(DeadlinePassed);
    expect(tracks.stopped).toBe(1);
  });
});
