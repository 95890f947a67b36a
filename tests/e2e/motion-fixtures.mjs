// Clips for steadiness and cuts (issue 37), made from the other fixtures and cached beside them:
// a still face with a camera's noise, and a video with a scene cut at a known time.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CACHE, camera, ffmpegCached, h264Available, prepareFixtures } from './fixtures.mjs';

/** Where the cut clip cuts from its first scene to its second, seconds of media time. */
export const CUT_AT_S = 3;

/** The bound for a still face: the drawn bridge's RMS step and spread, camera px. */
export const STILL_RMS_PX = 0.3;

/**
 * Temporal noise on every frame (ffmpeg's `noise`, uniform ±6 of 255): about what a phone or
 * webcam sensor adds indoors, so a still face still gives the tracker slightly different pictures.
 */
const SENSOR_NOISE = 'noise=alls=6:allf=t+u';
/**
 * Twice that for the file: Firefox draws the file's pictures smoother than Chromium its camera's
 * (unfiltered, the bridge moved 0.21 px RMS at ±6, under the bound: the check could not tell).
 */
const FILE_NOISE = 'noise=alls=12:allf=t+u';

/** Both scenes letterboxed into one size and rate, so the cut is the only change of format. */
const FRAME = 'scale=480:360:force_original_aspect_ratio=decrease,pad=480:360:-1:-1:gray,setsar=1';

/**
 * @typedef {import('./fixtures.mjs').Camera} Camera
 * @typedef {{ steady: Camera & { mp4: string }, cut: { name: string, mp4: string, cutAtS: number } }} MotionFixtures
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
  const h264 = await h264Available();
  const codec = h264
    ? ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20']
    : ['-c:v', 'mpeg4', '-q:v', '3'];
  // The same still face as a file, for engines whose fake camera plays no file (Firefox): 8 s,
  // so a window of frames fits between two loops. Encoded to keep the noise (frame to frame it
  // differs by 2.24 grey levels on average against the raw clip's 2.21; at CRF 20, 1.13).
  const steadyMp4 = join(CACHE, 'steady.mp4');
  const grain = h264
    ? ['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'grain', '-crf', '12']
    : ['-c:v', 'mpeg4', '-q:v', '2'];
  await ffmpegCached(
    steadyMp4,
    [still],
    [
      ...['-stream_loop', '-1', '-i', still, '-t', '8', '-vf', `${FILE_NOISE},format=yuv420p`],
      ...[...grain, '-an', '-movflags', '+faststart'],
    ],
  );
  // The first file's first CUT_AT_S seconds, then the still face mirrored (another place on the
  // picture), CUT_AT_S seconds more.
  const first = fixtures.files[0].mp4;
  const cutMp4 = join(CACHE, 'cut.mp4');
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
    steady: { ...(await camera('steady', steadyY4m)), mp4: steadyMp4 },
    cut: { name: 'cut', mp4: cutMp4, cutAtS: CUT_AT_S },
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(JSON.stringify(await prepareMotionFixtures(), null, 2));
}
