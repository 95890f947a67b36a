// The face an independent detector finds on a picture (reference-eyes.ts: MediaPipe in IMAGE
// mode, its own page in its own Chromium, none of the app's code). A clip's frames are asked
// once each and kept beside the clip, so later runs read them from disk.
import { readFile, rename, stat, writeFile } from 'node:fs/promises';
import type { Browser, BrowserContext } from 'playwright-core';
import sharp from 'sharp';
import { launchChromium } from '../e2e/browser.mjs';
import {
  referenceFace,
  referenceLandmarks,
  type ReferenceFace,
  type ReferenceLandmarks,
} from '../e2e/reference-eyes';
import type { Picture } from './barcode.mjs';
import type { RawClip } from './source-frames.mjs';
import { sourceFrame } from './source-frames.mjs';

export type { ReferenceFace };

let detector: { browser: Promise<Browser>; context: Promise<BrowserContext> } | null = null;

/** `picture` as the reference detector is handed it: its own browser's context and a PNG. */
async function forDetector(picture: Picture): Promise<[BrowserContext, string]> {
  if (!detector) {
    const browser = launchChromium();
    detector = { browser, context: browser.then((b) => b.newContext()) };
  }
  const png = await sharp(picture.data, {
    raw: { width: picture.width, height: picture.height, channels: picture.channels as 3 | 4 },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return [await detector.context, `data:image/png;base64,${png.toString('base64')}`];
}

/** The reference detector's face on `picture` (its own pixels), or null without one. */
export async function detectFace(picture: Picture): Promise<ReferenceFace | null> {
  return referenceFace(...(await forDetector(picture)));
}

/** Every landmark the reference detector finds on `picture`, or null without a face. */
export async function detectLandmarks(picture: Picture): Promise<ReferenceLandmarks | null> {
  return referenceLandmarks(...(await forDetector(picture)));
}

/** Closes the reference detector's browser (a later detection starts another). */
export async function closeReference(): Promise<void> {
  const closing = detector;
  detector = null;
  await (await closing?.browser)?.close();
}

type Known = Record<number, ReferenceFace | null>;

const mtime = (path: string) =>
  stat(path).then(
    (s) => s.mtimeMs,
    () => -1,
  );

/** Reference faces of one clip's frames, from disk where known, else detected and kept. */
export class ReferenceFaces {
  private known: Known = {};
  private dirty = false;

  private constructor(
    private readonly clip: RawClip,
    private readonly path: string,
  ) {}

  static async of(clip: RawClip): Promise<ReferenceFaces> {
    const path = `${clip.raw}.faces.json`;
    const faces = new ReferenceFaces(clip, path);
    // Kept only while newer than the frames it was read from.
    if ((await mtime(path)) > (await mtime(clip.raw))) {
      faces.known = JSON.parse(await readFile(path, 'utf8')) as Known;
    }
    return faces;
  }

  /** The face on frame `index` (its own size), or null when the detector finds none. */
  async face(index: number): Promise<ReferenceFace | null> {
    if (index in this.known) return this.known[index] ?? null;
    const found = await detectFace(await sourceFrame(this.clip, index));
    this.known[index] = found;
    this.dirty = true;
    return found;
  }

  /** Writes what was detected, and closes the detector. */
  async close(): Promise<void> {
    // Written whole under another name, then renamed: a lane beside this one may read it now.
    if (this.dirty) {
      const temp = `${this.path}.${process.pid}.tmp`;
      await writeFile(temp, JSON.stringify(this.known));
      await rename(temp, this.path);
    }
    this.dirty = false;
    await closeReference();
  }
}
