// App-level steps on any EngineSession: stats, readiness, files, downloads. The page functions
// and stats parsing are the Chromium suite's own (tests/e2e/page-checks.ts).
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  glassesAtEyesInPage,
  parseStats,
  pollStats,
  statsDataset,
  type EyeComparison,
  type Stats,
} from '../e2e/page-checks';
import type { EngineSession } from './engine-session';
import { downloadBase64InPage, downloadsInPage, type DownloadInfo } from './page-hooks';

export type { EyeComparison, Stats };

export const readStats = async (s: EngineSession): Promise<Stats> =>
  parseStats(await s.evaluate(statsDataset));

export const waitForStats = (s: EngineSession, check: (st: Stats) => boolean, timeoutMs = 90_000) =>
  pollStats(() => readStats(s), check, timeoutMs);

/** In the page: the engine's state, and the text of an error the app shows, if any. */
function engineStateInPage(): { status: string; alert: string } {
  return {
    status: document.querySelector<HTMLElement>('.view')?.dataset.status ?? '',
    alert: document.querySelector('[role=alert]')?.textContent ?? '',
  };
}

/** Waits until the try-on engine is ready; an engine error fails at once with its message. */
export async function waitForEngine(s: EngineSession, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { status, alert } = await s.evaluate(engineStateInPage);
    if (status === 'ready') return;
    if (status === 'error') throw new Error(`engine failed: ${alert}`);
    if (Date.now() > deadline) throw new Error(`engine not ready (${status}) ${alert}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Same picture with and without glasses, compared around the eyes; retries while the kept
 * picture has no face.
 */
export async function compareGlassesAtEyes(s: EngineSession): Promise<EyeComparison> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const result = await s.evaluate(glassesAtEyesInPage);
    if (result) return result;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('no face in the kept picture');
}

/** In the page: whether a `<video>` here can decode H.264 (WebKitGTK needs gst-libav for it). */
export function canPlayH264InPage(): boolean {
  return document.createElement('video').canPlayType('video/mp4; codecs="avc1.42E01E"') !== '';
}

/** In the page: the `<video>`'s picture size and, for a camera, its track's label. */
export function videoInPage(): { width: number; height: number; track: string } {
  const video = document.querySelector('video')!;
  const stream = video.srcObject as MediaStream | null;
  return {
    width: video.videoWidth,
    height: video.videoHeight,
    track: stream?.getVideoTracks()[0]?.label ?? '',
  };
}

/** Waits for a download whose name matches; returns it with its index. */
export async function waitForDownload(
  s: EngineSession,
  name: RegExp,
  timeoutMs = 60_000,
): Promise<{ index: number; info: DownloadInfo }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const list = await s.evaluate(downloadsInPage);
    const index = list.findIndex((d) => name.test(d.name));
    if (index >= 0) return { index, info: list[index]! };
    if (Date.now() > deadline) throw new Error(`no download ${name} (${JSON.stringify(list)})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Copies a download's bytes out of the page into a temp file; returns its path. */
export async function saveDownload(s: EngineSession, index: number, name: string) {
  const dir = await mkdtemp(join(tmpdir(), `engines-${s.name}-`));
  const path = join(dir, name.replace(/[:]/g, '_'));
  await writeFile(path, Buffer.from(await s.evaluate(downloadBase64InPage, index), 'base64'));
  return path;
}

/** Width and height from the IHDR of a PNG's first 24 bytes. */
export function pngSize(head: number[]): { width: number; height: number } {
  const bytes = Buffer.from(head);
  if (bytes.toString('latin1', 1, 4) !== 'PNG') throw new Error('not a PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}
