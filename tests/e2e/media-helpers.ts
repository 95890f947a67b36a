// Helpers for the camera, video-file and capture tests: glasses, downloads, ffprobe, mirroring.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Download, Page } from 'playwright-core';
import { readStats, waitForStats } from './app-page';

const run = promisify(execFile);

/** The build under test: dist/, or another folder (a private build while others test dist/). */
export const DIST_DIR = process.env.E2E_DIST ?? 'dist';

/** Taps a catalogue cell and waits until its glasses are worn. */
export async function wearGlasses(page: Page, serial = '001'): Promise<void> {
  const cell = page.locator(`.model-cell[data-serial="${serial}"]`);
  await cell.click({ timeout: 60_000 });
  await cell.and(page.locator('[aria-pressed="true"]')).waitFor({ timeout: 60_000 });
}

/** Opens a local video file through the app's 打开视频文件 button. */
export async function chooseFile(page: Page, path: string, button = '打开视频文件'): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click({ timeout: 90_000 });
  await (await chooser).setFiles(path);
}

/** Opens a photo through 打开照片 and its chooser. */
export const choosePhoto = (page: Page, path: string) => chooseFile(page, path, '打开照片');

/** Saves a download under a fresh temp folder and returns the path. */
export async function saveDownload(download: Download): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'try-on-download-'));
  const path = join(dir, download.suggestedFilename());
  await download.saveAs(path);
  return path;
}

/** Width and height from a PNG's IHDR chunk. */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (png.toString('latin1', 1, 4) !== 'PNG') throw new Error('not a PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

export interface VideoProbe {
  /** 'mp4', 'webm', or ffprobe's own name for anything else. */
  container: string;
  codec: string;
  width: number;
  height: number;
  frames: number;
  durationS: number;
  /** Decoded frames per second of duration. */
  fps: number;
  /** What the decoder complained about while reading every frame (empty: it played through). */
  decodeErrors: string;
  /** MP4 only: the index (moov) comes before the pictures, so players start before the end. */
  indexFirst?: boolean;
  /** The file's comment tag ('' without one): the app's recordings say their size there. */
  comment: string;
}

/**
 * What is wrong with a recording's size, or null: it must be 2× the picture where the encoder
 * keeps up, else 1.5× or 1× (workers/capture/record-size.ts), and its comment tag must say which,
 * and why when it is not 2×. Which size a run gets is the bench's to report.
 */
export function recordingSizeProblem(
  probe: VideoProbe,
  videoWidth: number,
  videoHeight: number,
): string | null {
  const scale = probe.width / videoWidth;
  if (![2, 1.5, 1].includes(scale) || probe.height !== videoHeight * scale) {
    return `${probe.width}x${probe.height} is not 2x, 1.5x or 1x ${videoWidth}x${videoHeight}`;
  }
  const size = `Recorded at ${probe.width}x${probe.height}, ${scale}x the camera picture`;
  const said = scale === 2 ? `${size}.` : `${size}: the encoder took 2x `;
  return probe.comment.startsWith(said) ? null : `comment "${probe.comment}", not "${said}…"`;
}

/** Side of the grey thumbnails `thumbnail` makes. */
export const THUMB = 8;

/**
 * A THUMB × THUMB grey thumbnail (one byte per pixel, rows top-down) of a picture file, or of a
 * video's frame `atS` seconds before its end: enough to tell a picture from its upside-down twin.
 */
export async function thumbnail(path: string, atS?: number): Promise<Uint8Array> {
  const seek = atS === undefined ? [] : ['-sseof', `-${atS}`];
  const scale = `scale=${THUMB}:${THUMB}`;
  const args = ['-v', 'error', ...seek, '-i', path, '-frames:v', '1', '-vf', scale];
  const { stdout } = await run('ffmpeg', [...args, '-pix_fmt', 'gray', '-f', 'rawvideo', '-'], {
    encoding: 'buffer',
  });
  if (stdout.length !== THUMB * THUMB) throw new Error(`no thumbnail of ${path}`);
  return new Uint8Array(stdout);
}

/** Mean absolute difference of two thumbnails, the second read upright or upside down. */
export function thumbDistance(a: Uint8Array, b: Uint8Array, upsideDown = false): number {
  let sum = 0;
  for (let y = 0; y < THUMB; y++) {
    const row = upsideDown ? THUMB - 1 - y : y;
    for (let x = 0; x < THUMB; x++) sum += Math.abs(a[y * THUMB + x]! - b[row * THUMB + x]!);
  }
  return sum / (THUMB * THUMB);
}

/** Reads a video file back with ffprobe, decoding (and counting) every frame. */
export async function probeVideo(path: string): Promise<VideoProbe> {
  const { stdout, stderr } = await run('ffprobe', [
    '-v',
    'error',
    '-count_frames',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=codec_name,width,height,nb_read_frames:format=duration,format_name:format_tags',
    '-of',
    'json',
    path,
  ]);
  const info = JSON.parse(stdout) as {
    streams: { codec_name: string; width: number; height: number; nb_read_frames: string }[];
    format: { duration: string; format_name: string; tags?: Record<string, string> };
  };
  const stream = info.streams[0];
  if (!stream) throw new Error(`no video stream in ${path}`);
  const frames = Number(stream.nb_read_frames);
  const durationS = Number(info.format.duration);
  const names = info.format.format_name.split(',');
  const container = names.includes('mp4') ? 'mp4' : names.includes('webm') ? 'webm' : names[0]!;
  const bytes = container === 'mp4' ? await readFile(path) : null;
  return {
    container,
    codec: stream.codec_name,
    width: stream.width,
    height: stream.height,
    frames,
    durationS,
    fps: frames / durationS,
    decodeErrors: stderr.trim(),
    // Matroska writes its tags in capitals.
    comment: info.format.tags?.comment ?? info.format.tags?.COMMENT ?? '',
    ...(bytes ? { indexFirst: bytes.indexOf('moov') < bytes.indexOf('mdat') } : {}),
  };
}

/**
 * In the page: whether this browser encodes H.264, through WebCodecs or MediaRecorder, asked
 * with codec strings of the test's own (High, Main and Baseline profiles at level 4.0, 1280×720).
 * Self-contained, so every driver can run it.
 */
export async function encodesH264InPage(): Promise<{ webCodecs: boolean; mediaRecorder: boolean }> {
  let webCodecs = false;
  if (typeof VideoEncoder !== 'undefined') {
    for (const codec of ['avc1.640028', 'avc1.4d0028', 'avc1.42e028']) {
      const config = { codec, width: 1280, height: 720, bitrate: 2_000_000, framerate: 30 };
      const answer = await VideoEncoder.isConfigSupported(config).catch(() => null);
      if (answer?.supported) webCodecs = true;
    }
  }
  const mediaRecorder =
    typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported('video/mp4;codecs=avc1');
  return { webCodecs, mediaRecorder };
}

/**
 * Compares the worker's composed picture (without glasses) with the <video>'s current picture,
 * as is and flipped. Whichever is closer tells whether the preview is mirrored. The two pictures
 * may be a frame or two apart; a mirror image differs far more than that.
 */
export async function pictureOrientation(page: Page): Promise<{ plain: number; flipped: number }> {
  return page.evaluate(async () => {
    type Debug = { capturePair(scale: number): Promise<{ without: Blob }> };
    const debug = (window as unknown as { __tryOn: Debug }).__tryOn;
    const bare = (await debug.capturePair(1)).without;
    const video = document.querySelector('video')!;
    const W = 64;
    const H = Math.max(1, Math.round((W * video.videoHeight) / video.videoWidth));
    const grey = (draw: (ctx: OffscreenCanvasRenderingContext2D) => void) => {
      const ctx = new OffscreenCanvas(W, H).getContext('2d')!;
      draw(ctx);
      const { data } = ctx.getImageData(0, 0, W, H);
      const out = new Float32Array(W * H);
      for (let i = 0; i < out.length; i++)
        out[i] = (data[i * 4]! + data[i * 4 + 1]! + data[i * 4 + 2]!) / 3;
      return out;
    };
    const bitmap = await createImageBitmap(bare);
    const picture = grey((ctx) => ctx.drawImage(bitmap, 0, 0, W, H));
    const plain = grey((ctx) => ctx.drawImage(video, 0, 0, W, H));
    const flipped = grey((ctx) => {
      ctx.translate(W, 0);
      ctx.scale(-1, 1);
      ctx.drawImage(video, 0, 0, W, H);
    });
    const diff = (a: Float32Array, b: Float32Array) =>
      a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0) / a.length;
    return { plain: diff(picture, plain), flipped: diff(picture, flipped) };
  });
}

/** Tracked and drawn frames per second over `seconds`, from the page's pump counters. */
export async function frameRates(
  page: Page,
  seconds: number,
): Promise<{ tracked: number; drawn: number }> {
  const before = await readStats(page);
  const t0 = Date.now();
  await page.waitForTimeout(seconds * 1000);
  const after = await readStats(page);
  const s = (Date.now() - t0) / 1000;
  return {
    tracked: (after.freshPoses - before.freshPoses) / s,
    drawn: (after.drawn - before.drawn) / s,
  };
}

/**
 * Waits until tracking has settled: the delegate trial is over (building the GPU candidate holds
 * the worker for seconds on SwiftShader) and a face is tracked. Measure only after this.
 */
export async function waitForSettled(page: Page, minTracked = 20): Promise<void> {
  await waitForStats(
    page,
    (s) => s.delegate !== 'pending' && s.freshPoses >= minTracked && s.face === 1,
    180_000,
  );
}

/** In the page: mean absolute RGB difference (0–255) of two same-sized PNGs given as base64. */
export async function pngDifference([a, b]: [string, string]): Promise<number> {
  const pixels = async (base64: string) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(bitmap, 0, 0);
    return ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
  };
  const [pa, pb] = await Promise.all([pixels(a), pixels(b)]);
  if (pa.length !== pb.length) return Infinity;
  let sum = 0;
  for (let i = 0; i < pa.length; i += 4) {
    sum +=
      Math.abs(pa[i]! - pb[i]!) +
      Math.abs(pa[i + 1]! - pb[i + 1]!) +
      Math.abs(pa[i + 2]! - pb[i + 2]!);
  }
  return sum / ((pa.length / 4) * 3);
}
