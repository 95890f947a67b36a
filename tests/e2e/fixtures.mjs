// Test videos for the e2e tests, cached in .cache/fixtures/. Real footage from ../shared when it
// exists; otherwise (a fresh CI machine) a face made from Debian's public-domain astronaut image,
// whose synthetic motion has a known ground truth.
import { spawn } from 'node:child_process';
import {
  chmod,
  copyFile,
  mkdir,
  mkdtemp,
  open,
  readFile,
  readdir,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const CACHE = join(ROOT, '.cache/fixtures');
const SHARED_VIDEO = join(ROOT, '../shared/assets/video');
const ASTRONAUT_IN_DEB = './usr/lib/python3/dist-packages/skimage/data/astronaut.png';

/** Ground truth of the roll videos (Fixtures.roll, roll.y4m): angle(t) = amplitude * sin(2πt / period); ffmpeg rotates clockwise for positive angles. */
export const ASTRONAUT_ROLL = { amplitudeRad: 0.35, periodS: 4 };

/**
 * @typedef {{ name: string, y4m: string, width: number, height: number, fps: number }} Camera
 * @typedef {{ name: string, mp4: string }} VideoFile
 * @typedef {{ source: 'shared' | 'astronaut', dir: string, cameras: Camera[], still: Camera, files: VideoFile[], roll: VideoFile }} Fixtures
 */

/** @param {string} command @param {string[]} args @param {{ cwd?: string }} [options] */
function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(undefined)
        : reject(new Error(`${command} ${args.join(' ')} failed (${code}):\n${stderr}`)),
    );
  });
}

/** @param {string} path */
const mtime = (path) =>
  stat(path).then(
    (s) => s.mtimeMs,
    () => -1,
  );

/**
 * Runs ffmpeg into a temp file and renames, unless the output is newer than its inputs and was
 * made with the same arguments (a recipe change must not reuse a stale file).
 * @param {string} output
 * @param {string[]} inputs
 * @param {string[]} args ffmpeg arguments without the output path
 */
export async function ffmpegCached(output, inputs, args) {
  const recipe = JSON.stringify(args);
  const stamp = `${output}.recipe`;
  const made = await mtime(output);
  const inputTimes = await Promise.all(inputs.map(mtime));
  const sameRecipe = (await readFile(stamp, 'utf8').catch(() => '')) === recipe;
  if (made >= 0 && sameRecipe && inputTimes.every((t) => t >= 0 && t <= made)) return;
  // Keep the extension last: ffmpeg picks the container from it.
  const temp = join(CACHE, `tmp-${process.pid}-${Date.now()}-${basename(output)}`);
  try {
    await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args, temp]);
    await rename(temp, output);
    await writeFile(stamp, recipe);
  } finally {
    await rm(temp, { force: true });
  }
}

/** @param {string} path @returns {Promise<Omit<Camera, 'name'>>} from the y4m stream header */
async function y4mInfo(path) {
  const handle = await open(path);
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(256), 0, 256, 0);
    const header = buffer.subarray(0, bytesRead).toString('latin1').split('\n')[0] ?? '';
    const field = (/** @type {string} */ key) =>
      header.match(new RegExp(` ${key}([^ ]+)`))?.[1] ?? '';
    const [num = 0, den = 1] = field('F').split(':').map(Number);
    return { y4m: path, width: Number(field('W')), height: Number(field('H')), fps: num / den };
  } finally {
    await handle.close();
  }
}

/** @param {string} name @param {string} y4m @returns {Promise<Camera>} */
export const camera = async (name, y4m) => ({ name, ...(await y4mInfo(y4m)) });

/** @returns {Promise<Fixtures>} */
async function sharedSet() {
  const portrait = join(SHARED_VIDEO, 'portrait-turn.mp4');
  const webcam = join(SHARED_VIDEO, 'webcam-720p60.mp4');
  const portraitY4m = join(CACHE, 'portrait-turn.y4m');
  const webcamY4m = join(CACHE, 'webcam.y4m');
  await ffmpegCached(portraitY4m, [portrait], ['-i', portrait, '-an', '-pix_fmt', 'yuv420p']);
  await ffmpegCached(
    webcamY4m,
    [webcam],
    ['-i', webcam, '-an', '-vf', 'fps=30,scale=640:-2', '-pix_fmt', 'yuv420p'],
  );
  // One frontal webcam picture (t = 2 s), rolled in the picture plane by a known angle.
  const rollMp4 = join(CACHE, 'webcam-roll.mp4');
  const still = ['-ss', '2', '-i', webcam, '-frames:v', '1', '-update', '1'];
  const stillPng = join(CACHE, 'webcam-still.png');
  await ffmpegCached(stillPng, [webcam], still);
  await ffmpegCached(
    rollMp4,
    [stillPng],
    [
      '-framerate',
      '30',
      '-loop',
      '1',
      '-i',
      stillPng,
      '-vf',
      rollFilter('crop=ih:ih,scale=480:480'),
      ...(await h264Args()),
    ],
  );
  // The same picture, held still: a camera whose fit must not wander.
  const stillY4m = join(CACHE, 'webcam-still.y4m');
  const loop = ['-framerate', '30', '-loop', '1', '-i', stillPng, '-t', '2', '-r', '30'];
  await ffmpegCached(stillY4m, [stillPng], [...loop, '-vf', 'scale=640:-2,format=yuv420p']);
  return {
    source: 'shared',
    dir: CACHE,
    still: await camera('still', stillY4m),
    cameras: [await camera('portrait-turn', portraitY4m), await camera('webcam', webcamY4m)],
    files: [
      { name: 'portrait-turn', mp4: portrait },
      { name: 'webcam-720p60', mp4: webcam },
    ],
    roll: { name: 'webcam-roll', mp4: rollMp4 },
  };
}

/** Takes the image out of the .deb without installing python3-skimage and its dependencies. */
async function astronautPng() {
  const target = join(CACHE, 'astronaut.png');
  if ((await mtime(target)) >= 0) return target;
  const work = await mkdtemp(join(tmpdir(), 'skimage-'));
  try {
    // apt drops privileges to _apt for downloads; it must be able to write here.
    await chmod(work, 0o777);
    const download = () => run('apt-get', ['download', 'python3-skimage'], { cwd: work });
    await download().catch(async () => {
      await run('apt-get', ['update']);
      await download();
    });
    const deb = (await readdir(work)).find((name) => name.endsWith('.deb'));
    if (!deb) throw new Error('apt-get download python3-skimage produced no .deb');
    const extract = `dpkg-deb --fsys-tarfile '${deb}' | tar -x '${ASTRONAUT_IN_DEB}'`;
    await run('bash', ['-o', 'pipefail', '-c', extract], { cwd: work });
    await copyFile(join(work, ASTRONAUT_IN_DEB), `${target}.tmp`);
    await rename(`${target}.tmp`, target);
    return target;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

export async function h264Available() {
  const out = await new Promise((resolve) => {
    const child = spawn('ffmpeg', ['-hide_banner', '-encoders'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let text = '';
    child.stdout.on('data', (chunk) => (text += chunk));
    child.on('close', () => resolve(text));
    child.on('error', () => resolve(''));
  });
  return / libx264 /.test(String(out));
}

/**
 * The picture rolled by ASTRONAUT_ROLL's angle over time (clockwise for positive angles).
 * @param {string} filters what frames the face first
 */
function rollFilter(filters) {
  const { amplitudeRad, periodS } = ASTRONAUT_ROLL;
  return `${filters},rotate='${amplitudeRad}*sin(2*PI*t/${periodS})':fillcolor=gray,format=yuv420p`;
}

/**
 * Output arguments for an 8 s, 30 fps MP4 (H.264 where this ffmpeg has it). The looped input
 * must run at 30 fps too, so that each frame's angle is the one at its own time.
 */
async function h264Args() {
  const codec = (await h264Available())
    ? ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20']
    : ['-c:v', 'mpeg4', '-q:v', '3'];
  return ['-t', '8', '-r', '30', ...codec, '-pix_fmt', 'yuv420p', '-movflags', '+faststart'];
}

/** @returns {Promise<Fixtures>} */
async function astronautSet() {
  const png = await astronautPng();
  const face = 'crop=240:240:105:15,scale=480:480';
  const roll = rollFilter(face);
  const input = ['-framerate', '30', '-loop', '1', '-i', png];
  const rollY4m = join(CACHE, 'roll.y4m');
  const stillY4m = join(CACHE, 'still.y4m');
  const rollMp4 = join(CACHE, 'roll.mp4');
  await ffmpegCached(rollY4m, [png], [...input, '-vf', roll, '-t', '8', '-r', '30']);
  await ffmpegCached(
    stillY4m,
    [png],
    [...input, '-vf', `${face},format=yuv420p`, '-t', '2', '-r', '30'],
  );
  await ffmpegCached(rollMp4, [png], [...input, '-vf', roll, ...(await h264Args())]);
  const rollFile = { name: 'roll', mp4: rollMp4 };
  const still = await camera('still', stillY4m);
  return {
    still,
    source: 'astronaut',
    dir: CACHE,
    cameras: [await camera('roll', rollY4m), still],
    files: [rollFile],
    roll: rollFile,
  };
}

/**
 * A WebM (VP8) copy of a fixture video, for browsers without an H.264 decoder (WebKitGTK with
 * no gst-libav). Cached next to the other fixtures.
 * @param {string} mp4
 * @returns {Promise<string>}
 */
export async function webmCopy(mp4) {
  await mkdir(CACHE, { recursive: true });
  const webm = join(CACHE, `${basename(mp4, '.mp4')}.webm`);
  const vp8 = ['-c:v', 'libvpx', '-crf', '8', '-b:v', '3M', '-deadline', 'good', '-cpu-used', '4'];
  await ffmpegCached(webm, [mp4], ['-i', mp4, '-an', ...vp8]);
  return webm;
}

/** @type {Promise<Fixtures> | undefined} */
let pending;

/**
 * Prepares (or reuses) the fixture videos. Set FORCE_ASTRONAUT=1 to use the generated set even
 * where ../shared exists, to exercise the fresh-machine path.
 * @returns {Promise<Fixtures>}
 */
export function prepareFixtures() {
  pending ??= (async () => {
    await mkdir(CACHE, { recursive: true });
    const useShared = process.env.FORCE_ASTRONAUT !== '1' && (await mtime(SHARED_VIDEO)) >= 0;
    return useShared ? sharedSet() : astronautSet();
  })().catch((error) => {
    pending = undefined; // let a later call retry instead of replaying the failure
    throw error;
  });
  return pending;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(JSON.stringify(await prepareFixtures(), null, 2));
}
