// Renders the known face (known-face-paint.ts) with three.js on a blank page of its own in
// headless Chromium (SwiftShader WebGL): the canonical mesh at real size (cm), textured with the
// source picture, seen by a pinhole camera of a stated field of view, turned by a stated yaw.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import type * as Three from 'three';
import type { Px } from './known-face-paint';

const ORIGIN = 'http://known-face.test';
const THREE_DIR = path.resolve('node_modules/three/build');
/**
 * Drawn this many times larger each way, then reduced by averaging each 2×2 block, as a
 * camera's sensor averages the light over its pixels.
 */
const SUPERSAMPLE = 2;

export interface KnownCamera {
  width: number;
  height: number;
  /** Vertical field of view, degrees. */
  fovDeg: number;
  /** From the camera to the canonical origin (the head's centre, 3.8 cm behind the pupils). */
  distanceCm: number;
}

export interface KnownScene {
  /** The source picture, a data URL, SUPERSAMPLE times the size the uv are in. */
  photo: string;
  vertices: number[][];
  indices: number[];
  /** Texture coordinates, px of the source picture at the rendered face's size. */
  uv: Px[];
  camera: KnownCamera;
}

/**
 * Calls `use` with each yaw's picture (PNG): the face turned about the vertical axis through
 * its canonical origin, on a mid-grey background.
 */
export async function renderKnownFace(
  context: BrowserContext,
  scene: KnownScene,
  yawsDeg: readonly number[],
  use: (png: Buffer, index: number) => Promise<void>,
): Promise<void> {
  const page = await context.newPage();
  try {
    await page.route(`${ORIGIN}/**`, async (route) => {
      const name = new URL(route.request().url()).pathname;
      if (name === '/page.html')
        return route.fulfill({ body: '<!doctype html><title>known face</title>' });
      if (!/^\/three\.(module|core)\.js$/.test(name)) return route.fulfill({ status: 404 });
      await route.fulfill({
        body: await readFile(path.join(THREE_DIR, name)),
        contentType: 'text/javascript',
      });
    });
    await page.goto(`${ORIGIN}/page.html`);
    await page.addScriptTag({
      type: 'module',
      content: `import * as THREE from '${ORIGIN}/three.module.js'; window.THREE = THREE;`,
    });
    await page.waitForFunction(() => 'THREE' in window);
    await page.evaluate(setUpInPage, { ...scene, supersample: SUPERSAMPLE });
    for (const [i, yaw] of yawsDeg.entries()) {
      const png = await page.evaluate(drawInPage, yaw);
      await use(Buffer.from(png.split(',')[1]!, 'base64'), i);
    }
  } finally {
    await page.close();
  }
}

interface InPage {
  THREE: typeof Three;
  knownFace: { draw(yawDeg: number): string };
}

/** Runs in the page: builds the scene and keeps a drawing function on the window. */
async function setUpInPage(input: KnownScene & { supersample: number }): Promise<void> {
  const global = window as unknown as InPage;
  const { THREE } = global;
  const { photo, vertices, indices, uv, camera: view, supersample } = input;
  const image = new Image();
  image.src = photo;
  await image.decode();
  const texture = new THREE.Texture(image);
  // Texture rows from the picture's top: v is the picture's y as it is.
  texture.flipY = false;
  texture.colorSpace = THREE.SRGBColorSpace;
  texture.minFilter = THREE.LinearMipmapLinearFilter;
  texture.needsUpdate = true;
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.Float32BufferAttribute(vertices.flat(), 3));
  const [w, h] = [image.naturalWidth / supersample, image.naturalHeight / supersample];
  const flatUv = uv.flatMap((p) => [p.x / w, p.y / h]);
  geometry.setAttribute('uv', new THREE.Float32BufferAttribute(flatUv, 2));
  geometry.setIndex(indices);
  // Unlit: the picture's own light is painted on; both sides, whatever the mesh's winding.
  const material = new THREE.MeshBasicMaterial({ map: texture, side: THREE.DoubleSide });
  const face = new THREE.Mesh(geometry, material);
  face.position.set(0, 0, -view.distanceCm);
  const scene = new THREE.Scene();
  scene.background = new THREE.Color(0.5, 0.5, 0.5);
  scene.add(face);

  const large = document.createElement('canvas');
  const renderer = new THREE.WebGLRenderer({ canvas: large, antialias: true });
  renderer.setPixelRatio(1);
  renderer.setSize(view.width * supersample, view.height * supersample, false);
  texture.anisotropy = renderer.capabilities.getMaxAnisotropy();
  const camera = new THREE.PerspectiveCamera(view.fovDeg, view.width / view.height, 1, 1000);
  const small = document.createElement('canvas');
  [small.width, small.height] = [view.width, view.height];
  const context = small.getContext('2d')!;
  context.imageSmoothingEnabled = true;
  global.knownFace = {
    draw(yawDeg) {
      face.rotation.set(0, (yawDeg * Math.PI) / 180, 0);
      renderer.render(scene, camera);
      // Sampled bilinearly at each 2×2 block's centre: the block's mean.
      context.drawImage(large, 0, 0, view.width, view.height);
      return small.toDataURL('image/png');
    },
  };
}

/** Runs in the page: one yaw's picture, a PNG data URL. */
function drawInPage(yawDeg: number): string {
  return (window as unknown as InPage).knownFace.draw(yawDeg);
}
