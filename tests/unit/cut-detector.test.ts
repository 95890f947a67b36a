import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { THUMB_HEIGHT, THUMB_WIDTH } from '../../workers/render/frame-thumbnail';
import { correlate, CutDetector } from '../../workers/tracking/cut-detector';
import { prepareMotionFixtures } from '../e2e/motion-fixtures.mjs';

// The cut detector on real videos, each frame's thumbnail made by ffmpeg (the app's GPU averages
// 64 texels per cell instead, frame-thumbnail.ts; ffmpeg's area scaling all of them).

const SHARED = ['portrait-turn', 'webcam-720p60'].map((n) => `../shared/assets/video/${n}.mp4`);

/** Every frame of `path` as the detector's luminance thumbnail. */
async function thumbnails(path: string): Promise<Float32Array[]> {
  const size = THUMB_WIDTH * THUMB_HEIGHT;
  const filter = `scale=${THUMB_WIDTH}:${THUMB_HEIGHT}:flags=area,format=gray`;
  const { stdout } = await promisify(execFile)(
    'ffmpeg',
    ['-v', 'error', '-i', path, '-vf', filter, '-f', 'rawvideo', '-'],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  const frames: Float32Array[] = [];
  for (let at = 0; at + size <= stdout.length; at += size)
    frames.push(Float32Array.from(stdout.subarray(at, at + size)));
  return frames;
}

/** The frames the detector calls a cut. */
function cuts(frames: Float32Array[]): number[] {
  const detector = new CutDetector();
  return frames.flatMap((thumb, i) => (detector.isCut(thumb) ? [i] : []));
}

describe('CutDetector', () => {
  it('finds the cut clip’s one cut, at 3 s (frame 90)', async () => {
    const motion = await prepareMotionFixtures();
    const frames = await thumbnails(motion.cut.mp4);
    expect(frames.length).toBe(180);
    expect(cuts(frames)).toEqual([motion.cut.cutAtS * 30]);
  });

  it.skipIf(!SHARED.every((p) => existsSync(p)))(
    'finds none in a turning head or a hand-held webcam (shared videos)',
    async () => {
      for (const path of SHARED) expect(cuts(await thumbnails(path)), path).toEqual([]);
    },
  );

  it.skipIf(!SHARED.every((p) => existsSync(p)))(
    'finds none in them drawn at 1–4 fps, looping over their seams (a slow engine’s page path)',
    async () => {
      for (const path of SHARED) {
        const frames = await thumbnails(path);
        const fps = path.includes('720p60') ? 60 : 25;
        for (const everyS of [0.25, 0.5, 1, 1.5]) {
          const step = Math.round(everyS * fps);
          // Twice through the video, so every phase of the seam is crossed.
          const drawn = Array.from(
            { length: Math.ceil((2 * frames.length) / step) },
            (_, i) => frames[(i * step) % frames.length]!,
          );
          expect(cuts(drawn), `${path} every ${everyS} s`).toEqual([]);
        }
      }
    },
  );

  it('takes a change of light for the same scene, a fade to black and out for a cut', () => {
    const scene = Float32Array.from({ length: 432 }, (_, i) => 60 + ((i * 37) % 120));
    const brighter = scene.map((v) => v * 1.4 + 20);
    const black = new Float32Array(432);
    expect(correlate(scene, brighter)).toBeCloseTo(1, 6);
    expect(correlate(black, black)).toBe(1);
    expect(correlate(scene, black)).toBe(0);
    expect(cuts([scene, brighter, brighter])).toEqual([]);
  });
});
