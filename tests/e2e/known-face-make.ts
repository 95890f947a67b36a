// Makes one view of the known face (known-face-fixtures.ts): detects the source picture's face,
// paints it onto the canonical mesh (known-face-paint.ts), renders it at the view's camera and
// turns (known-face-render.ts), and works out the PD the app should read (known-face-truth.ts).
import { readFile, writeFile } from 'node:fs/promises';
import type { BrowserContext } from 'playwright-core';
import sharp from 'sharp';
import { loadCanonicalFace } from '../../scripts/catalogue/canonical-face.mjs';
import { launchChromium } from './browser.mjs';
import { paintedUv, type Px } from './known-face-paint';
import { renderKnownFace, type KnownCamera } from './known-face-render';
import { knownTruth, type KnownTruth } from './known-face-truth';
import { referenceLandmarks } from './reference-eyes';

/** As known-face-render.ts draws: the texture is this many times the rendered face's size. */
const SUPERSAMPLE = 2;

interface Mesh {
  vertices: number[][];
  indices: number[];
}

/**
 * Renders the face painted from `photo` at `camera`, turned by each of `yawsDeg` in turn, into
 * `pngs`, and returns the truth for that camera.
 */
export async function makeKnownView(
  photo: string,
  model: string,
  camera: KnownCamera,
  yawsDeg: readonly number[],
  pngs: readonly string[],
): Promise<KnownTruth> {
  const mesh = loadCanonicalFace(model) as Mesh;
  const browser = await launchChromium();
  try {
    const context = await browser.newContext();
    const { texture, landmarks } = await atRenderedSize(context, photo, mesh.vertices, camera);
    const uv = paintedUv(mesh.vertices, landmarks);
    const scene = { photo: texture, ...mesh, uv, camera };
    await renderKnownFace(context, scene, yawsDeg, (png, i) => writeFile(pngs[i]!, png));
    return knownTruth(mesh.vertices, mesh.indices, uv, landmarks, camera.distanceCm);
  } finally {
    await browser.close();
  }
}

/**
 * The reference detector's landmarks (px) on the picture scaled so that its face is as large as
 * the rendered one, and the texture: the same picture SUPERSAMPLE times larger, as the render is
 * drawn. The app then sees the eyes at about the size and sharpness the reference read them at:
 * the painting is neither blown up (blurred) nor squeezed (aliased) on its way to the camera.
 */
async function atRenderedSize(
  context: BrowserContext,
  photo: string,
  vertices: number[][],
  camera: KnownCamera,
): Promise<{ texture: string; landmarks: Px[] }> {
  const original = await readFile(photo);
  const detect = async (png: Buffer) => {
    const found = await referenceLandmarks(context, dataUrlOf(png));
    if (!found) throw new Error(`the reference detector finds no face on ${photo}`);
    return {
      landmarks: found.points.map((p) => ({ x: p.x * found.width, y: p.y * found.height })),
      width: found.width,
    };
  };
  const first = await detect(original);
  // The eye centres' distance, px: on the picture, and rendered face-on.
  const eyeSpan = (at: (i: number) => Px) => {
    const centre = (a: number, b: number) => ({
      x: (at(a).x + at(b).x) / 2,
      y: (at(a).y + at(b).y) / 2,
    });
    const [l, r] = [centre(33, 133), centre(263, 362)];
    return Math.hypot(l.x - r.x, l.y - r.y);
  };
  const focal = camera.height / 2 / Math.tan((camera.fovDeg * Math.PI) / 360);
  const depth = camera.distanceCm - (vertices[33]![2]! + vertices[133]![2]!) / 2;
  const rendered = eyeSpan((i) => ({ x: (focal * vertices[i]![0]!) / depth, y: 0 }));
  const width = Math.round(first.width * (rendered / eyeSpan((i) => first.landmarks[i]!)));
  const resize = (w: number) => sharp(original).resize({ width: w }).png().toBuffer();
  const { landmarks } = await detect(await resize(width));
  return { texture: dataUrlOf(await resize(width * SUPERSAMPLE)), landmarks };
}

const dataUrlOf = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;
