import type { Matrix4, Object3D } from 'three';
import {
  TRY_ALL_EYE_LINE,
  TRY_ALL_EYE_SPANS,
  TRY_ALL_HEIGHT,
  TRY_ALL_JPEG_QUALITY,
  TRY_ALL_WIDTH,
} from '../../src/shared/render-constants';
import { canvasImage } from '../common/surface';
import { TempleBend, type TempleFit } from '../fit/temple-bend';
import { sizeMatrix } from '../measure/true-size';
import type { HeadShape } from './head-fit';
import type { TryOnScene } from './scene';

/** A part of the picture as the preview shows it (mirrored or not), in fractions of its size. */
export interface Crop {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What a still picture was tracked as: its own pose, mirroring and measured face size. */
export interface StillPose {
  matrix: Matrix4;
  mirror: boolean;
  faceScale: number;
  /** Its eyes, [x0, y0, x1, y1] as fractions of the picture (as the preview shows it). */
  eyes: readonly number[];
  /** The head occluder as fitted to it (null: none fitted), which the candidates' arms meet. */
  head: HeadShape | null;
}

/**
 * The crop around `eyes` (picture fractions, [x0, y0, x1, y1]) of a picture `width` × `height`
 * px, of TRY_ALL_WIDTH × TRY_ALL_HEIGHT's shape: TRY_ALL_EYE_SPANS eye spans wide, smaller than
 * the picture and inside it (shifted, then, off the eyes' centre).
 */
export function cropAroundEyes(eyes: readonly number[], width: number, height: number): Crop {
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = eyes;
  const span = Math.hypot((x1 - x0) * width, (y1 - y0) * height);
  const aspect = TRY_ALL_WIDTH / TRY_ALL_HEIGHT;
  let w = span * TRY_ALL_EYE_SPANS;
  w = Math.min(w, width, height * aspect);
  const h = w / aspect;
  const cx = ((x0 + x1) / 2) * width - w / 2;
  const cy = ((y0 + y1) / 2) * height - h * TRY_ALL_EYE_LINE;
  const x = Math.max(0, Math.min(width - w, cx));
  const y = Math.max(0, Math.min(height - h, cy));
  return { x: x / width, y: y / height, width: w / width, height: h / height };
}

/**
 * A JPEG of `frame` posed by `pose` wearing `glasses` (or none), cropped to `crop`, at
 * TRY_ALL_WIDTH × TRY_ALL_HEIGHT. The camera renders only the crop (a view offset) and the
 * background texture shows only its part, so no larger picture is drawn. Everything up to the
 * image's pixels being taken happens in this task and is put back after, the worn glasses
 * untouched (theirs are hidden; the candidate bends its own arms): the caller draws the preview
 * again afterwards.
 */
export function renderCrop(
  scene: TryOnScene,
  frame: VideoFrame,
  pose: StillPose,
  glasses: { object: Object3D; fit: TempleFit } | null,
  crop: Crop,
): Promise<Blob> {
  const { anchor, camera, background, trueSize } = scene;
  const saved = {
    size: scene.size,
    mirror: scene.mirrored,
    pose: anchor.matrix.clone(),
    posed: anchor.visible,
    group: trueSize.group.matrix.clone(),
    aspect: camera.aspect,
  };
  const worn = scene.currentGlasses;
  const wornVisible = worn?.visible ?? false;
  const lensEyes = scene.lensEyes;
  const copies = glasses ? scene.lensLayer.attach(glasses.object) : [];
  try {
    if (worn) worn.visible = false;
    if (glasses) {
      const bend = new TempleBend();
      const head = pose.head?.head ?? trueSize.temples.headProfile;
      if (head) bend.setHead(head);
      bend.wear(glasses.object, glasses.fit);
      bend.update(pose.faceScale, true);
      scene.dress(glasses.object);
      trueSize.group.add(glasses.object);
    }
    scene.showHead(pose.head);
    sizeMatrix(pose.faceScale, trueSize.group.matrix);
    trueSize.group.matrixWorldNeedsUpdate = true;
    scene.setPose(pose.matrix);
    scene.setMirror(pose.mirror);
    scene.resize(TRY_ALL_WIDTH, TRY_ALL_HEIGHT);
    const W = frame.displayWidth;
    const H = frame.displayHeight;
    camera.aspect = W / H;
    camera.setViewOffset(W, H, crop.x * W, crop.y * H, crop.width * W, crop.height * H);
    // The background's own transform: screen (u, v from the bottom) to the frame's texture.
    background.repeat.set(pose.mirror ? -crop.width : crop.width, crop.height);
    background.offset.set(pose.mirror ? 1 - crop.x : crop.x, 1 - crop.y - crop.height);
    scene.lensEyes = eyesInCrop(pose.eyes, crop).map(
      (v, i) => v / (i % 2 === 0 ? TRY_ALL_WIDTH : TRY_ALL_HEIGHT),
    );
    // The room's light stays the one read from the whole still (room-light.ts).
    scene.roomLight.hold = true;
    return canvasImage(scene.renderStill(frame), 'image/jpeg', TRY_ALL_JPEG_QUALITY);
  } finally {
    scene.showHead(null);
    scene.roomLight.hold = false;
    scene.lensLayer.detach(copies);
    scene.lensEyes = lensEyes;
    if (glasses) trueSize.group.remove(glasses.object);
    if (worn) worn.visible = wornVisible;
    trueSize.group.matrix.copy(saved.group);
    trueSize.group.matrixWorldNeedsUpdate = true;
    anchor.matrix.copy(saved.pose);
    anchor.visible = saved.posed;
    camera.clearViewOffset();
    background.repeat.set(1, 1);
    background.offset.set(0, 0);
    scene.setMirror(saved.mirror);
    scene.resize(saved.size.width, saved.size.height);
    camera.aspect = saved.aspect;
    camera.updateProjectionMatrix();
  }
}

/** Where `eyes` (picture fractions) fall in the cropped image, px. */
export function eyesInCrop(eyes: readonly number[], crop: Crop): number[] {
  return eyes.map((value, i) =>
    i % 2 === 0
      ? ((value - crop.x) / crop.width) * TRY_ALL_WIDTH
      : ((value - crop.y) / crop.height) * TRY_ALL_HEIGHT,
  );
}
