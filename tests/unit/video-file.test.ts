import { describe, expect, it } from 'vitest';
import { videoFileProblem } from '../../src/engine/video-file';
import { pickRecorderMime } from '../../src/features/capture/media-recorder-fallback';
import { VIDEO_MAX_BYTES } from '../../src/shared/ui-constants';

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
