// The contact shadow's geometry without a GPU: a frame's front seen from the front, blurred, a
// little below it and just behind it; the lenses cast none; the fit, the temples and the lenses
// never see the shadow's own mesh; dressing a frame twice changes nothing the second time.
import {
  BoxGeometry,
  Group,
  Mesh,
  MeshBasicMaterial,
  MeshPhysicalMaterial,
  Vector3,
  type DataTexture,
} from 'three';
import { expect, it } from 'vitest';
import { meshesOf } from '../../workers/fit/fit-geometry';
import { addContactShadow, CONTACT_SHADOW } from '../../workers/render/contact-shadow';
import { lightByRoom, shadowByRoom } from '../../workers/render/room-lit';
import type { RoomUniforms } from '../../workers/render/room-light';

/** A bar 4 cm wide and 3 mm tall at the face's origin height, and a lens 3 cm above it. */
function frame() {
  const glasses = new Group();
  const bar = new Mesh(new BoxGeometry(4, 0.3, 0.3), new MeshBasicMaterial());
  bar.position.set(0, 0, 5.6);
  const lens = new Mesh(new BoxGeometry(3, 3, 0.2), new MeshPhysicalMaterial({ transmission: 1 }));
  lens.position.set(0, 3, 5.6);
  glasses.add(bar, lens);
  return glasses;
}

/** The shadow's darkness along the middle column, bottom to top, with each row's height (cm). */
function middleColumn(shadow: Mesh) {
  const texture = (shadow.material as MeshBasicMaterial).alphaMap as DataTexture;
  const { data, width, height } = texture.image as {
    data: Uint8Array;
    width: number;
    height: number;
  };
  const centre = new Vector3().setFromMatrixPosition(shadow.matrix);
  const size = (shadow.geometry as unknown as { parameters: { height: number } }).parameters;
  const x = Math.floor(width / 2);
  return Array.from({ length: height }, (_, row) => ({
    y: centre.y - size.height / 2 + ((row + 0.5) * size.height) / height,
    z: centre.z,
    alpha: data[(row * width + x) * 4 + 1]! / 255,
  }));
}

it('darkens most a little below the front, not under the lens, just behind the rims', () => {
  const glasses = frame();
  addContactShadow(glasses);
  const shadow = glasses.getObjectByName(CONTACT_SHADOW) as Mesh;
  expect(shadow).toBeDefined();
  const column = middleColumn(shadow);
  const darkest = column.reduce((a, b) => (b.alpha > a.alpha ? b : a));
  // The bar is at y 0: its shadow falls 2.5 mm lower, and soft (a few mm either way).
  expect(darkest.y).toBeCloseTo(-0.25, 1);
  // A 3 mm bar blurred by about 2 mm either way: half dark at its middle.
  expect(darkest.alpha).toBeGreaterThan(0.4);
  const at = (y: number) =>
    column.reduce((a, b) => (Math.abs(b.y - y) < Math.abs(a.y - y) ? b : a));
  expect(at(-0.25 - 0.3).alpha).toBeGreaterThan(0.1);
  expect(at(-0.25 - 1).alpha).toBeLessThan(0.02);
  // Nothing where only the lens is: the plane ends a margin above the bar.
  expect(Math.max(...column.map((c) => c.y))).toBeLessThan(2);
  // Behind the bar's front face (5.75), in front of the skin a centimetre behind it.
  expect(darkest.z).toBeCloseTo(5.75 - 0.6, 5);
});

it('is added once, and never counted among the frame’s own meshes', () => {
  const glasses = frame();
  addContactShadow(glasses);
  addContactShadow(glasses);
  const shadows: unknown[] = [];
  glasses.traverse((node) => {
    if (node.name === CONTACT_SHADOW) shadows.push(node);
  });
  expect(shadows).toHaveLength(1);
  expect(meshesOf(glasses)).toHaveLength(2);
});

it('is dressed once: dressing again (made ready to wear, then worn) changes no material', () => {
  const glasses = frame();
  const uniforms = {} as RoomUniforms;
  // What the scene's dress does (workers/render/scene.ts).
  const dress = () => {
    shadowByRoom(addContactShadow(glasses)!, uniforms);
    lightByRoom(glasses, uniforms);
  };
  const materials = () => {
    const seen: [string, string, number][] = [];
    glasses.traverse((node) => {
      const material = (node as Mesh).material as MeshBasicMaterial | undefined;
      if (material) seen.push([node.name, material.uuid, material.version]);
    });
    return seen;
  };
  dress();
  const once = materials();
  dress();
  expect(materials()).toEqual(once);
  expect(once).toHaveLength(3);
});

it('follows the frame’s own transform: placed in its parent’s space', () => {
  const glasses = frame();
  glasses.matrixAutoUpdate = false;
  glasses.matrix.makeScale(2, 2, 2);
  addContactShadow(glasses);
  const shadow = glasses.getObjectByName(CONTACT_SHADOW) as Mesh;
  glasses.updateMatrixWorld(true);
  const centre = new Vector3().setFromMatrixPosition(shadow.matrixWorld);
  // The bar at y 0, z 11.2 in the parent's space (its front face at 11.5): the shadow below it.
  expect(centre.z).toBeCloseTo(11.5 - 0.6, 5);
  expect(centre.y).toBeLessThan(0);
});

it('casts none from a front no frame has (a huge or broken part): no huge mask', () => {
  for (const size of [40, Number.NaN]) {
    const glasses = new Group();
    const part = new Mesh(new BoxGeometry(size, 1, 0.3), new MeshBasicMaterial());
    glasses.add(part);
    addContactShadow(glasses);
    expect(glasses.getObjectByName(CONTACT_SHADOW)).toBeUndefined();
  }
});
