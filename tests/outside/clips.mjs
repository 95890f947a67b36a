// Face clips whose every frame says which one it is: a band of 12 cells across the top (a white
// marker, the frame's index in 10 bits, a black marker), painted by ffmpeg. A picture taken off
// the screen, out of a saved photo or out of a recording then names the source frame it shows,
// so the test can compare it with that very frame and with an independent detection of its face
// (barcode.mjs reads it; reference-faces.ts detects the face).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { writeIfChanged } from '../../scripts/lib/files.mjs';
import { CACHE, ffmpegCached, h264Available, prepareFixtures } from '../e2e/fixtures.mjs';

/** Cells across the band: a white marker, BITS of the index (lowest first), a black marker. */
export const CELLS = 12;
export const BITS = CELLS - 2;
/** The band's height as a share of the picture's (at least 8 rows). */
export const BAND_SHARE = 1 / 32;
/** Frames a second of the still face: the app draws every camera frame, and a still face needs few. */
export const STILL_FPS = 10;
/** How far the roll clip turns the still face each way (degrees). */
export const ROLL_STEP_DEG = 15;

/**
 * @typedef {{ name: string, width: number, height: number, fps: number, frames: number, bandRows: number }} ClipInfo
 * @typedef {ClipInfo & { y4m: string, raw: string }} CameraClip a fake camera's file, and its frames as raw RGB
 * @typedef {ClipInfo & { file: string, raw: string, kind: 'mp4' | 'webm' }} FileClip a file the app opens
 */

/** @param {number} height */
export const bandRows = (height) => Math.max(8, Math.round(height * BAND_SHARE));

/**
 * ffmpeg's filter painting the band on yuv420p frames: luma 235 or 16 in each cell, chroma grey.
 * @param {number} rows
 */
function bandFilter(rows) {
  const cell = `floor(X*${CELLS}/W)`;
  const bit = `mod(floor(N/pow(2\\,${cell}-1))\\,2)`;
  const lum =
    `if(lt(Y\\,${rows})\\,if(lt(X\\,W/${CELLS})\\,235\\,if(gte(X\\,${CELLS - 1}*W/${CELLS})` +
    `\\,16\\,16+219*${bit}))\\,lum(X\\,Y))`;
  const chroma = (plane) => `if(lt(Y\\,${rows / 2})\\,128\\,${plane}(X\\,Y))`;
  return `format=yuv420p,geq=lum='${lum}':cb='${chroma('cb')}':cr='${chroma('cr')}'`;
}

/** @param {string} command @param {string[]} args @returns {Promise<string>} stdout */
function output(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err = (err + chunk).slice(-2000)));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${command} failed (${code}): ${err}`)),
    );
  });
}

/** @typedef {{ width: number, height: number, fps: number, frames: number }} Probed */

/**
 * ffprobe's reading of `path`, kept in CACHE while the file's time and size hold: counting the
 * frames decodes the whole video (4 s of each import of the moving face's clips went on it).
 * @param {string} path @returns {Promise<Probed>}
 */
async function probe(path) {
  const { mtimeMs, size } = await stat(path);
  const name = createHash('sha256').update(path).digest('hex').slice(0, 16);
  const kept = join(CACHE, `probe-${name}.json`);
  /** @type {{ mtimeMs: number, size: number, info: Probed } | null} */
  const known = await readFile(kept, 'utf8').then(JSON.parse, () => null);
  if (known?.mtimeMs === mtimeMs && known.size === size) return known.info;
  const info = await countFrames(path);
  // Written whole, then renamed (writeIfChanged): a lane beside this one may read it now.
  await writeIfChanged(kept, JSON.stringify({ mtimeMs, size, info }));
  return info;
}

/** @param {string} path @returns {Promise<Probed>} */
async function countFrames(path) {
  const json = await output('ffprobe', [
    ...['-v', 'error', '-count_frames', '-select_streams', 'v:0'],
    ...['-show_entries', 'stream=width,height,avg_frame_rate,nb_read_frames', '-of', 'json', path],
  ]);
  const stream = JSON.parse(json).streams[0];
  const [num, den] = String(stream.avg_frame_rate).split('/').map(Number);
  return {
    width: stream.width,
    height: stream.height,
    fps: num / (den || 1),
    frames: Number(stream.nb_read_frames),
  };
}

/**
 * The clip's frames decoded as the test sees them (raw RGB, one after another), for comparing a
 * picture with its source frame (source-frames.mjs).
 * @param {string} video @param {string} raw
 */
const rawFrames = (video, raw) =>
  ffmpegCached(raw, [video], ['-i', video, '-an', '-f', 'rawvideo', '-pix_fmt', 'rgb24']);

/**
 * A fake camera's clip with the band (y4m, which Chromium loops in real time), played forward
 * then backward: a camera never jumps, so neither does the clip where it loops.
 * @param {string} name @param {string} source any video ffmpeg reads
 * @returns {Promise<CameraClip>}
 */
export async function cameraClip(name, source) {
  const y4m = join(CACHE, `${name}.coded.y4m`);
  const first = await probe(source);
  const rows = bandRows(first.height);
  const graph = `[0:v]split[a][b];[b]reverse[r];[a][r]concat=n=2:v=1,${bandFilter(rows)}[v]`;
  await ffmpegCached(
    y4m,
    [source],
    ['-i', source, '-an', '-filter_complex', graph, '-map', '[v]', '-pix_fmt', 'yuv420p'],
  );
  const raw = join(CACHE, `${name}.coded.y4m.rgb`);
  await rawFrames(y4m, raw);
  const info = await probe(y4m);
  return { name, y4m, raw, ...info, bandRows: bandRows(info.height) };
}

/**
 * A video file with the band, in a format the engine plays: H.264 MP4 where this ffmpeg has
 * libx264, else VP8 WebM (WebKitGTK without an H.264 decoder asks for `webm`).
 * @param {string} name @param {string} source @param {{ kind?: 'mp4' | 'webm', filters?: string[] }} [options]
 * @returns {Promise<FileClip>}
 */
export async function fileClip(name, source, { kind, filters = [] } = {}) {
  const chosen = kind ?? ((await h264Available()) ? 'mp4' : 'webm');
  const file = join(CACHE, `${name}.coded.${chosen}`);
  const first = await probe(source);
  const vf = [...filters, bandFilter(bandRows(first.height))].join(',');
  const codec =
    chosen === 'mp4'
      ? ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '16', '-movflags', '+faststart']
      : ['-c:v', 'libvpx', '-crf', '6', '-b:v', '4M', '-deadline', 'good', '-cpu-used', '4'];
  await ffmpegCached(
    file,
    [source],
    ['-i', source, '-an', '-vf', vf, '-pix_fmt', 'yuv420p', ...codec],
  );
  const raw = `${file}.rgb`;
  await rawFrames(file, raw);
  const info = await probe(file);
  return { name, file, raw, kind: chosen, ...info, bandRows: bandRows(info.height) };
}

/**
 * The still face's picture: the moving face where it faces the camera, with a plain background
 * all round (no dark rim of the glasses hides on a dark part of the picture: the webcam's still
 * has black headphones beside the eyes), for the still clip and the photos.
 * @returns {Promise<string>} a PNG
 */
export async function stillFacePicture() {
  const fixtures = await prepareFixtures();
  // portrait-turn faces the camera at 8.5 s; the astronaut's roll clip at its start.
  return movingFramePicture(fixtures.source === 'shared' ? '8.5' : '0', 'still-face.png');
}

/**
 * The moving clip's frame at `at` seconds, as a PNG kept in the cache as `name`.
 * @param {string} at
 * @param {string} name
 * @returns {Promise<string>}
 */
export async function movingFramePicture(at, name) {
  const moving = (await prepareFixtures()).files[0].mp4;
  const picture = join(CACHE, name);
  await ffmpegCached(
    picture,
    [moving],
    ['-ss', at, '-i', moving, '-frames:v', '1', '-update', '1'],
  );
  return picture;
}

/**
 * The clips the outside checks use: a turning head (moving) and a still face, as cameras and
 * as files, and files of other shapes. Real footage from ../shared, else the astronaut
 * (fixtures.mjs). Files are made when first asked for.
 */
export async function prepareCodedClips() {
  const fixtures = await prepareFixtures();
  const moving = fixtures.files[0].mp4;
  const other = (fixtures.files[1] ?? fixtures.files[0]).mp4;
  // At STILL_FPS: nothing on a still face needs more, and each frame costs the app a drawing.
  const picture = await stillFacePicture();
  const still = join(CACHE, 'still-face.y4m');
  await ffmpegCached(
    still,
    [picture],
    [
      ...['-loop', '1', '-framerate', String(STILL_FPS), '-i', picture, '-t', '2'],
      ...['-r', String(STILL_FPS), '-pix_fmt', 'yuv420p'],
    ],
  );
  return {
    source: fixtures.source,
    moving: await cameraClip(`${fixtures.files[0].name}`, moving),
    still: await cameraClip('still', still),
    /** The still face as a file, at STILL_FPS. */
    stillFile: () => fileClip('still-face', still),
    /** The moving clip as a file (Firefox's and WebKit's fake cameras play no file). */
    movingFile: /** @param {'mp4' | 'webm'} [kind] */ (kind) =>
      fileClip(fixtures.files[0].name, moving, { kind }),
    /** A phone held upright: the moving clip's middle, 240 px wide, 4 s. */
    portraitFile: () =>
      fileClip('portrait', moving, {
        filters: ['trim=duration=4', 'setpts=PTS-STARTPTS', 'crop=240:ih'],
      }),
    /** A wide video: the other face at 854×480, 3 s. */
    landscapeFile: () =>
      fileClip('landscape', other, {
        filters: ['trim=duration=3', 'setpts=PTS-STARTPTS', 'fps=30', 'scale=854:480'],
      }),
    /**
     * The still face rolled in the picture plane: ROLL_STEP_DEG clockwise for 3 s, then as far
     * the other way for 3 s. Each half holds still, so where the glasses come to rest is
     * judged, not how fast they follow (the moving clips judge that).
     */
    rollFile: async () => {
      const rolled = join(CACHE, 'still-face-roll-steps.mp4');
      const rad = ((ROLL_STEP_DEG * Math.PI) / 180).toFixed(4);
      await ffmpegCached(
        rolled,
        [picture],
        [
          ...['-framerate', '30', '-loop', '1', '-i', picture, '-t', '6', '-r', '30'],
          '-vf',
          `scale=trunc(iw/2)*2:trunc(ih/2)*2,rotate='if(lt(t,3),${rad},-${rad})':fillcolor=gray,format=yuv420p`,
          '-an',
          ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '16', '-pix_fmt', 'yuv420p'],
        ],
      );
      return fileClip('roll', rolled);
    },
    /** Two people side by side, the left one turning, 5 s (the right edge of the left: `split`). */
    twoFacesFile: async () => {
      const pair = join(CACHE, 'two-faces.mp4');
      const graph = '[0:v]scale=-2:360,fps=25[a];[1:v]scale=-2:360,fps=25[b];[a][b]hstack';
      await ffmpegCached(
        pair,
        [moving, other],
        [
          '-i',
          moving,
          '-i',
          other,
          '-filter_complex',
          graph,
          '-an',
          '-t',
          '5',
          '-pix_fmt',
          'yuv420p',
        ],
      );
      const left = await probe(moving);
      const clip = await fileClip('two-faces', pair);
      return { ...clip, split: (left.width * 360) / left.height / clip.width };
    },
  };
}
