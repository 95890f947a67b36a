/**
 * `npm run glasses:check` (scripts/glasses-check.mjs): fits one GLB after another with the app's
 * own loader and draws each on the reference head, in front, three-quarter and side views. Reuses
 * TryOnScene so the renderer settings, environment and glasses anchor are the app's.
 */
import * as Comlink from 'comlink';
import {
  Color,
  DirectionalLight,
  HemisphereLight,
  Matrix4,
  MeshStandardMaterial,
  type Material,
  type Mesh,
  type Object3D,
} from 'three';
import { ASSET_PATHS } from '../src/shared/storage-constants';
import type { FitOverride, FrameSize, GlassesReport } from '../src/shared/glasses-types';
import type { PackOutcome } from '../src/shared/try-on-types';
import { bitmapPixels, prefilterEquirect } from './render/env-prefilter';
import { installFetchGuard } from './assets/fetch-guard';
import { loadGlasses, loadOccluder } from './assets/glasses-loader';
import { packVerified } from './assets/glasses-pack-web';
import { applyLensQuality } from './render/lens-quality';
import { disposeTree, TryOnScene } from './render/scene';
import { withCheekGap } from './fit/face-contact';
import { FaceFront } from './fit/face-front';

const VIEW_WIDTH = 400;
const VIEW_HEIGHT = 480;
/** Seen from the wearer's left (+X), where the side view shows the whole temple up to the ear. */
const VIEWS = [
  { label: 'front', azimuthDeg: 0 },
  { label: 'three-quarter', azimuthDeg: 40 },
  { label: 'side', azimuthDeg: 90 },
] as const;
/** Midway between the lenses (z 5.6) and the back of the head (z −12), at eye height (cm). */
const TARGET = { x: 0, y: 2.2, z: -2.4 };
const DISTANCE_CM = 62;
const ELEVATION_DEG = 8;
/** Narrow, so the head is not distorted; 26 cm of height at the target. */
const FOV_DEG = 24;

let ready: Promise<TryOnScene> | null = null;
let face: Promise<FaceFront | null> | null = null;

/**
 * The reference head's skin (face-contact.ts) where no scene could be set up (no WebGL in a
 * worker): the figure needs only the occluder's geometry, so every browser reports it. With a
 * scene, its own (TryOnScene.withCheekGap) is used. Null when the occluder cannot be loaded:
 * the report then has no figure, and the card no cheek line.
 */
function referenceFace(): Promise<FaceFront | null> {
  face ??= fetchAsset(ASSET_PATHS.headOccluder)
    .then((r) => r.arrayBuffer())
    .then(async (head) => new FaceFront(await loadOccluder(head)))
    .catch(() => null);
  return face;
}

async function fetchAsset(path: string): Promise<Response> {
  const response = await fetch(`/${path}`);
  if (!response.ok) throw new Error(`/${path}: HTTP ${response.status} (run npm run setup)`);
  return response;
}

/** The occluder's depth-only material swapped for a visible matte one; its depth still hides temples. */
function showHead(head: Object3D): void {
  const skin = new MeshStandardMaterial({ color: 0xb9b9b9, roughness: 0.85, metalness: 0 });
  head.traverse((node) => {
    const mesh = node as Mesh;
    if (!mesh.isMesh) return;
    (mesh.material as Material).dispose();
    mesh.material = skin;
  });
}

async function setUp(): Promise<TryOnScene> {
  // As in the app: this origin only, and decoder downloads checked against their known hashes.
  installFetchGuard([]);
  const width = VIEW_WIDTH * VIEWS.length;
  const tryOn = new TryOnScene(new OffscreenCanvas(width, VIEW_HEIGHT), width, VIEW_HEIGHT, 1);
  const [head, env] = await Promise.all([
    fetchAsset(ASSET_PATHS.headOccluder).then((r) => r.arrayBuffer()),
    fetchAsset(ASSET_PATHS.envImage).then((r) => r.blob()),
  ]);
  const occluder = await loadOccluder(head);
  showHead(occluder);
  // The CPU prefilter, as the app does on software GL: three's PMREM costs seconds there.
  const bitmap = await createImageBitmap(env);
  tryOn.setPrefilteredEnvironment(prefilterEquirect(bitmapPixels(bitmap)));
  bitmap.close();
  tryOn.scene.background = new Color(0xeceef1);
  tryOn.scene.add(new HemisphereLight(0xffffff, 0x8a8f99, 1.6));
  const key = new DirectionalLight(0xffffff, 1.8);
  key.position.set(20, 40, 50);
  tryOn.scene.add(key);
  // Once the scene's light and environment are in: the head's program compiles once, for them.
  tryOn.addOccluder(occluder);
  tryOn.setPose(new Matrix4());
  return tryOn;
}

/** All three views into the WebGL canvas, then labelled on a 2D copy in the same task. */
function draw(tryOn: TryOnScene, title: string, labels?: readonly string[]): Promise<Blob> {
  const { renderer, scene, camera } = tryOn;
  camera.fov = FOV_DEG;
  camera.aspect = VIEW_WIDTH / VIEW_HEIGHT;
  camera.updateProjectionMatrix();
  renderer.setScissorTest(true);
  VIEWS.forEach((view, i) => {
    const azimuth = (view.azimuthDeg * Math.PI) / 180;
    const elevation = (ELEVATION_DEG * Math.PI) / 180;
    const flat = DISTANCE_CM * Math.cos(elevation);
    camera.position.set(
      TARGET.x + flat * Math.sin(azimuth),
      TARGET.y + DISTANCE_CM * Math.sin(elevation),
      TARGET.z + flat * Math.cos(azimuth),
    );
    camera.lookAt(TARGET.x, TARGET.y, TARGET.z);
    renderer.setViewport(i * VIEW_WIDTH, 0, VIEW_WIDTH, VIEW_HEIGHT);
    renderer.setScissor(i * VIEW_WIDTH, 0, VIEW_WIDTH, VIEW_HEIGHT);
    renderer.render(scene, camera);
  });
  renderer.setScissorTest(false);
  // The drawing buffer is not preserved: copy it before this task ends.
  const source = tryOn.canvas;
  const picture = new OffscreenCanvas(source.width, source.height);
  const context = picture.getContext('2d');
  if (!context) throw new Error('no 2D context');
  context.drawImage(source, 0, 0);
  context.fillStyle = '#3c4048';
  context.font = '14px sans-serif';
  VIEWS.forEach((view, i) => context.fillText(labels?.[i] ?? view.label, i * VIEW_WIDTH + 10, 22));
  context.fillText(title, 10, VIEW_HEIGHT - 12);
  return picture.convertToBlob({ type: 'image/png' });
}

/** Views on the reference head, or why they cannot be drawn here (no WebGL in a worker). */
async function scene(): Promise<TryOnScene | string> {
  ready ??= setUp();
  try {
    return await ready;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

const api = {
  /** Loads the head and the environment; a missing asset fails here, before any model. */
  async init(): Promise<void> {
    ready ??= setUp();
    await ready;
  },
  /**
   * Fits one model and draws it in three views. Where this worker cannot draw (WebKit has no
   * WebGL in a worker), the fit is still judged and `png` is null, with `noPicture` saying why.
   */
  async check(
    bytes: ArrayBuffer,
    title: string,
    fit?: FitOverride,
    frameSize?: Omit<FrameSize, 'fromLenses'>,
    /** The views' names in the page's language (English by default, for the terminal). */
    labels?: readonly string[],
  ): Promise<{ report: GlassesReport; png: ArrayBuffer | null; noPicture?: string }> {
    const tryOn = await scene();
    const renderer = typeof tryOn === 'string' ? null : tryOn.renderer;
    if (typeof tryOn !== 'string') tryOn.setGlasses(null);
    const { object, ...loaded } = await loadGlasses(bytes, {
      fit,
      frameSize,
      renderer,
      keepRefused: true,
    });
    if (typeof tryOn === 'string') {
      const report = withCheekGap(object, loaded.report, await referenceFace());
      return { report, png: null, noPicture: tryOn };
    }
    const report = tryOn.withCheekGap(object, loaded.report);
    // The lens path the app picks on software GL (see lens-quality.ts), whatever this machine is.
    applyLensQuality(object, 'fast');
    tryOn.setGlasses(object, report);
    const png = await (await draw(tryOn, title, labels)).arrayBuffer();
    return Comlink.transfer({ report, png }, [png]);
  },
  /** `glasses:pack` in the browser (meshopt), proven to fit as the original does. */
  async pack(
    bytes: ArrayBuffer,
    fit?: FitOverride,
    frameSize?: Omit<FrameSize, 'fromLenses'>,
  ): Promise<PackOutcome> {
    const outcome = await packVerified(bytes, async (data) => {
      const { object, report } = await loadGlasses(data, { fit, frameSize, renderer: null });
      disposeTree(object);
      return report;
    });
    return 'glb' in outcome ? Comlink.transfer(outcome, [outcome.glb]) : outcome;
  },
};

export type GlassesCheckApi = typeof api;

Comlink.expose(api);
