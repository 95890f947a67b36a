// An independent judge of "the glasses are at the eyes": the test runs MediaPipe FaceLandmarker
// itself (IMAGE mode, CPU, a blank page of its own on a made-up origin, so neither the app's
// code, its service worker nor its pose filter is involved) on the bare picture the app composed,
// and the glasses' drawn pixels are compared with those eyes, not with the eyes the app reports.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { ASSET_PATHS } from '../../src/shared/storage-constants';
import { DIST_DIR } from './media-helpers';

const ORIGIN = 'http://reference.test';
const require = createRequire(import.meta.url);
// The package exports no path to its ES bundle; it sits beside the CommonJS one.
const VISION_BUNDLE = path.join(
  path.dirname(require.resolve('@mediapipe/tasks-vision')),
  'vision_bundle.mjs',
);

const FILES: Record<string, () => Promise<Buffer | string>> = {
  '/page.html': async () => '<!doctype html><meta charset="utf-8"><title>reference</title>',
  '/noop.js': async () => '',
  '/vision.mjs': () => readFile(VISION_BUNDLE),
  [`/${ASSET_PATHS.wasmLoader}`]: () => readFile(path.join(DIST_DIR, ASSET_PATHS.wasmLoader)),
  [`/${ASSET_PATHS.wasmBinary}`]: () => readFile(path.join(DIST_DIR, ASSET_PATHS.wasmBinary)),
  [`/${ASSET_PATHS.faceModel}`]: () => readFile(path.join(DIST_DIR, ASSET_PATHS.faceModel)),
};
const TYPES: Record<string, string> = {
  html: 'text/html',
  mjs: 'text/javascript',
  js: 'text/javascript',
  wasm: 'application/wasm',
};

const pages = new WeakMap<BrowserContext, Promise<Page>>();

async function referencePage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.route(`${ORIGIN}/**`, async (route) => {
    const file = FILES[new URL(route.request().url()).pathname];
    if (!file) return route.fulfill({ status: 404 });
    const ext = route.request().url().split('.').pop() ?? '';
    await route.fulfill({
      body: await file(),
      contentType: TYPES[ext] ?? 'application/octet-stream',
    });
  });
  await page.goto(`${ORIGIN}/page.html`);
  // A module script of the page's own (an import() inside evaluate would be rewritten by
  // vitest). The shipped wasm loader is an ES module: its factory is pinned where MediaPipe looks
  // for a classic script's, as the app's page path does (src/engine/page/module-factory.ts).
  await page.addScriptTag({
    type: 'module',
    content: [
      `import { FaceLandmarker } from '${ORIGIN}/vision.mjs';`,
      `import factory from '${ORIGIN}/${ASSET_PATHS.wasmLoader}';`,
      `Object.defineProperty(self, 'ModuleFactory', { configurable: true, get: () => factory, set: () => {} });`,
      'window.FaceLandmarker = FaceLandmarker;',
    ].join('\n'),
  });
  await page.waitForFunction(() => 'FaceLandmarker' in window);
  await page.evaluate(
    async ({ loader, binary, model }) => {
      type Factory = { createFromOptions(...args: unknown[]): Promise<unknown> };
      const { FaceLandmarker } = window as unknown as { FaceLandmarker: Factory };
      const landmarker = await FaceLandmarker.createFromOptions(
        { wasmLoaderPath: loader, wasmBinaryPath: binary },
        {
          baseOptions: { modelAssetPath: model, delegate: 'CPU' },
          runningMode: 'IMAGE',
          numFaces: 1,
          // The pose too, for the readings that undo a turned head (known-face-*.ts).
          outputFacialTransformationMatrixes: true,
        },
      );
      (window as unknown as { landmarker: unknown }).landmarker = landmarker;
    },
    {
      loader: `${ORIGIN}/noop.js`,
      binary: `${ORIGIN}/${ASSET_PATHS.wasmBinary}`,
      model: `${ORIGIN}/${ASSET_PATHS.faceModel}`,
    },
  );
  return page;
}

/** What the reference detector finds on a picture. */
export interface ReferenceFace {
  /** Iris centres (landmarks 468, 473) as fractions of the picture: [x, y, x, y]. */
  eyes: number[];
  /** The distance between the iris centres, and the irises' mean diameter, px. */
  pupilsPx: number;
  irisPx: number;
  /**
   * The iris centres' distance as if the face faced the camera, px: pupilsPx with the turn this
   * detector's own pose finds undone (the eyes are taken to look at the camera, so the irises
   * keep their size).
   */
  facingPupilsPx: number;
  /** Each eye's width corner to corner (33–133, 362–263), averaged, px. */
  eyeWidthPx: number;
  /** Each eye's lid gap (159–145, 386–374), averaged, px: small in a blink. */
  eyeOpenPx: number;
}

/** Every landmark the reference detector finds on a picture, with the picture's size. */
export interface ReferenceLandmarks {
  width: number;
  height: number;
  /** 478 points, x and y as fractions of the picture, z scaled like x (MediaPipe's). */
  points: { x: number; y: number; z: number }[];
  /** The face's pose (column-major 4×4, canonical centimetres, MediaPipe's 63° camera). */
  matrix: number[];
}

/** The landmarks the reference detector finds on `png` (a data URL); null without a face. */
export async function referenceLandmarks(
  context: BrowserContext,
  png: string,
): Promise<ReferenceLandmarks | null> {
  let page = pages.get(context);
  if (!page) pages.set(context, (page = referencePage(context)));
  return (await page).evaluate(async (dataUrl) => {
    type Point = { x: number; y: number; z: number };
    type Landmarker = {
      detect(image: ImageBitmap): {
        faceLandmarks: Point[][];
        facialTransformationMatrixes?: { data: ArrayLike<number> }[];
      };
    };
    const { landmarker } = window as unknown as { landmarker: Landmarker };
    const bitmap = await createImageBitmap(await (await fetch(dataUrl)).blob());
    const { width, height } = bitmap;
    const result = landmarker.detect(bitmap);
    bitmap.close();
    const face = result.faceLandmarks[0];
    if (!face) return null;
    return {
      width,
      height,
      points: face.map(({ x, y, z }) => ({ x, y, z })),
      matrix: Array.from(result.facialTransformationMatrixes?.[0]?.data ?? []),
    };
  }, png);
}

/** The face the reference detector finds on `png` (a data URL); null without one. */
export async function referenceFace(
  context: BrowserContext,
  png: string,
): Promise<ReferenceFace | null> {
  const found = await referenceLandmarks(context, png);
  if (!found) return null;
  const { width, height, points: face } = found;
  type Point = { x: number; y: number };
  const px = (a: Point, b: Point) => Math.hypot((a.x - b.x) * width, (a.y - b.y) * height);
  // Each iris ring: right, top, left, bottom after its centre; two diameters per iris.
  const diameter = (c: number) =>
    (px(face[c + 1]!, face[c + 3]!) + px(face[c + 2]!, face[c + 4]!)) / 2;
  const [left, right] = [face[468]!, face[473]!];
  const pupilsPx = px(left, right);
  const between = (a: number, b: number, c: number, d: number) =>
    (px(face[a]!, face[b]!) + px(face[c]!, face[d]!)) / 2;
  return {
    eyes: [left.x, left.y, right.x, right.y],
    pupilsPx,
    irisPx: (diameter(468) + diameter(473)) / 2,
    facingPupilsPx: pupilsPx / turnShortening(found, left, right),
    eyeWidthPx: between(33, 133, 362, 263),
    eyeOpenPx: between(159, 145, 386, 374),
  };
}

/**
 * How much the face's turn shortens the line between two points across it (its left-right axis,
 * the pose's first column) in the picture: MediaPipe solves the pose for a 63° camera, whose line
 * of sight to the points' midpoint is turned too off the picture's centre.
 */
function turnShortening(
  { width, height, matrix }: ReferenceLandmarks,
  a: { x: number; y: number },
  b: { x: number; y: number },
): number {
  const [ax, ay, az] = [matrix[0]!, matrix[1]!, matrix[2]!];
  const norm = Math.hypot(ax, ay, az);
  const focal = height / 2 / Math.tan((63 * Math.PI) / 360);
  const u = ((a.x + b.x) / 2 - 0.5) * width;
  const v = ((a.y + b.y) / 2 - 0.5) * height;
  return Math.hypot(ax + (u / focal) * az, ay - (v / focal) * az) / norm;
}

/** The iris centres alone (referenceFace), or null without a face. */
export async function referenceEyes(
  context: BrowserContext,
  png: string,
): Promise<number[] | null> {
  return (await referenceFace(context, png))?.eyes ?? null;
}
