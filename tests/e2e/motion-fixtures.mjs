// Clips for steadiness and cuts (issue 37), made from the other fixtures and cached beside them:
// a still face with a camera's noise, and a video with a scene cut at a known time.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CACHE, camera, ffmpegCached, h264Available, prepareFixtures } from './fixtures.mjs';

/** Where the cut clip cuts from its first scene to its second, seconds of media time. */
export const CUT_AT_S = 3;

/**
 * Temporal noise on every frame (ffmpeg's `noise`, uniform ±6 of 255): about what a phone or
 * webcam sensor adds indoors, so a still face still gives the tracker slightly different pictures.
 */
const SENSOR_NOISE = 'noise=alls=6:allf=t+u';

/** Both scenes letterboxed into one size and rate, so the cut is the only change of format. */
const FRAME = 'scale=480:360:force_original_aspect_ratio=decrease,pad=480:360:-1:-1:gray,setsar=1';

/**
 * @typedef {import('./fixtures.mjs').Camera} Camera
 * @typedef {{ steady: Camera, cut: { name: string, mp4: string, cutAtS: number } }} MotionFixtures
 */

/** @returns {Promise<MotionFixtures>} */
export async function prepareMotionFixtures() {
  const fixtures = await prepareFixtures();
  const still = fixtures.still.y4m;
  const steadyY4m = join(CACHE, 'steady.y4m');
  await ffmpegCached(
    steadyY4m,
    [still],
    ['-stream_loop', '-1', '-i', still, '-t', '4', '-vf', `${SENSOR_NOISE},format=yuv420p`],
  );
  // The first file's first CUT_AT_S seconds, then the still face mirrored (another place on the
  // picture), CUT_AT_S seconds more.
  const first = fixtures.files[0].mp4;
  const cutMp4 = join(CACHE, 'cut.mp4');
  const codec = (await h264Available())
    ? ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20']
    : ['-c:v', 'mpeg4', '-q:v', '3'];
  const scenes =
    `[0:v]fps=30,${FRAME},trim=duration=${CUT_AT_S}[a];` +
    `[1:v]fps=30,hflip,${FRAME},trim=duration=${CUT_AT_S},setpts=PTS-STARTPTS[b];` +
    '[a][b]concat=n=2:v=1[v]';
  await ffmpegCached(
    cutMp4,
    [first, still],
    [
      ...['-i', first, '-stream_loop', '-1', '-i', still],
      ...['-filter_complex', scenes, '-map', '[v]', '-an'],
      ...[...codec, '-pix_fmt', 'yuv420p', '-movflags', '+faststart'],
    ],
  );
  return {
    steady: await camera('steady', steadyY4m),
    cut: { name: 'cut', mp4: cutMp4, cutAtS: CUT_AT_S },
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(JSON.stringify(await prepareMotionFixtures(), null, 2));
}
