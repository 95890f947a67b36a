// The head occluder fitted to a face (issue 52): on the real occluder, seen through the app's
// camera at a turned pose, its face points land where the landmarks are, each at its own depth;
// a landmark far off pulls no further than MAX_PULL_CM, and a moving face's fit follows halfway.
import { readFileSync } from 'node:fs';
import { Matrix4, Object3D, PerspectiveCamera, Vector3, type Mesh } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { describe, expect, it } from 'vitest';
import { EYE_OUTER_X, NOSE_BRIDGE } from '../../workers/common/canonical-face';
import { meshesOf } from '../../workers/fit/fit-geometry';
import { HeadProfile } from '../../workers/fit/head-profile';
import { HeadFit, MAX_PULL_CM } from '../../workers/render/head-fit';
import { CAMERA_FOV } from '../../src/shared/render-constants';

const bytes = readFileSync('public/models/head6.glb');
const load = async () =>
  (await new GLTFLoader().parseAsync(bytes.buffer.slice(bytes.byteOffset) as ArrayBuffer, ''))
    .scene;

/** The anchor the occluder is on (at the face; its pose is in `pose`). */
const anchor = new Object3D();
const camera = new PerspectiveCamera(CAMERA_FOV, 4 / 3, 1, 1000);
/** A face 45 cm away, turned 20° and tipped 5°. */
const pose = new Matrix4()
  .makeRotationY((20 * Math.PI) / 180)
  .premultiply(new Matrix4().makeRotationX((5 * Math.PI) / 180))
  .setPosition(2, -1, -45);

/** Vertex `i` of the occluder's mesh (its own space). */
const vertex = (mesh: Mesh, i: number) =>
  new Vector3().fromBufferAttribute(mesh.geometry.getAttribute('position'), i);

/** Where a point of the face's space shows on the picture (0..1 from its top left), and its depth. */
function seen(p: Vector3) {
  const q = p.clone().applyMatrix4(pose).project(camera);
  return { x: (q.x + 1) / 2, y: (1 - q.y) / 2, z: 0, depth: q.z };
}

/** The landmarks of the average face `widen` times as wide, and 15 % longer below the nose. */
function otherFace(mesh: Mesh, widen = 1.1) {
  return Array.from({ length: 478 }, (_, i) => {
    const p = vertex(mesh, Math.min(i, 467));
    return seen(new Vector3(p.x * widen, p.y < 0 ? p.y * 1.15 : p.y, p.z));
  });
}

describe('the head occluder fitted to the face', () => {
  it("holds the face's landmarks first, in MediaPipe's order", async () => {
    const mesh = meshesOf(await load())[0]!;
    // Landmark 168 is the nose bridge, 33 and 263 the eyes' outer corners (the occluder's face
    // lies 3 mm inside the canonical one).
    const bridge = new Vector3(NOSE_BRIDGE.x, NOSE_BRIDGE.y, NOSE_BRIDGE.z);
    expect(vertex(mesh, 168).distanceTo(bridge)).toBeLessThan(0.35);
    expect(vertex(mesh, 33).x).toBeCloseTo(-EYE_OUTER_X, 0);
    expect(vertex(mesh, 263).x).toBeCloseTo(EYE_OUTER_X, 0);
  });

  it('puts each face point where its landmark is, at its own depth', async () => {
    const head = await load();
    const mesh = meshesOf(head)[0]!;
    const before = Array.from({ length: 468 }, (_, i) => seen(vertex(mesh, i)));
    const face = otherFace(mesh);
    HeadFit.of(head)!.fit(face, pose, camera, 0.5, anchor);
    let worst = 0;
    for (let i = 0; i < 468; i++) {
      const now = seen(vertex(mesh, i));
      worst = Math.max(worst, Math.hypot(now.x - face[i]!.x, now.y - face[i]!.y) * 640);
      expect(now.depth).toBeCloseTo(before[i]!.depth, 6);
    }
    // Within a hundredth of a pixel on a 640-wide picture; the skull behind is left alone.
    expect(worst).toBeLessThan(0.01);
    const skull = mesh.geometry.getAttribute('position').count - 1;
    expect(vertex(mesh, skull)).toEqual(vertex(meshesOf(await load())[0]!, skull));
  });

  it('pulls no point further than MAX_PULL_CM, and follows a moving face halfway', async () => {
    const head = await load();
    const mesh = meshesOf(head)[0]!;
    const average = Array.from({ length: 468 }, (_, i) => vertex(mesh, i));
    const fit = HeadFit.of(head)!;
    const face = average.map((p) => seen(p));
    face[1] = { ...face[1]!, x: face[1]!.x + 0.4 };
    fit.fit(face, pose, camera, 1, anchor);
    expect(vertex(mesh, 1).distanceTo(average[1]!)).toBeCloseTo(MAX_PULL_CM, 5);
    expect(vertex(mesh, 10).distanceTo(average[10]!)).toBeLessThan(1e-4);
    // Back to the average face at half weight: half the pull is left.
    fit.fit(
      average.map((p) => seen(p)),
      pose,
      camera,
      0.5,
      anchor,
    );
    expect(vertex(mesh, 1).distanceTo(average[1]!)).toBeCloseTo(MAX_PULL_CM / 2, 5);
  });

  it("reads the fitted head's reach for the temples, as the whole head read afresh", async () => {
    for (const widen of [1.1, 0.9]) {
      const head = await load();
      const mesh = meshesOf(head)[0]!;
      const fit = HeadFit.of(head)!;
      const average = fit.profile();
      const fitted = fit.fit(otherFace(mesh, widen), pose, camera, 1, anchor)!;
      // The skull kept and the face read again agree with the whole occluder read afresh,
      // everywhere (the band joining the face to the skull included).
      const afresh = new HeadProfile(head);
      let changed = 0;
      for (const side of [1, -1] as const)
        for (let y = -12; y <= 12; y += 0.5)
          for (let z = -16; z <= 10; z += 0.5) {
            expect(fitted.halfWidth(side, y, z)).toBe(afresh.halfWidth(side, y, z));
            if (fitted.halfWidth(side, y, z) !== average.halfWidth(side, y, z)) changed++;
          }
      expect(changed).toBeGreaterThan(100);
      const eyes = [average.halfWidth(1, 2.6, 0), fitted.halfWidth(1, 2.6, 0)];
      console.log(
        `face ×${widen}: reach at the eyes' height ${eyes.join(' → ')} cm, ${changed} bins`,
      );
      expect(Math.sign(eyes[1]! - eyes[0]!)).toBe(Math.sign(widen - 1));
    }
  });

  it("reads the reach on a posed anchor as before it joined, and keeps a still's head", async () => {
    const head = await load();
    const mesh = meshesOf(head)[0]!;
    const fit = HeadFit.of(head)!;
    const before = fit.profile();
    const posed = new Object3D();
    posed.matrixAutoUpdate = false;
    posed.matrix.copy(pose);
    posed.add(head);
    posed.updateMatrixWorld(true);
    const onAnchor = fit.shape(posed).head;
    // Bin by bin, the same reach: a sample within float error of a bin's edge may fall either
    // way through the pose and back, so a few bins may differ.
    let bins = 0;
    let differ = 0;
    for (let y = -8.25; y <= 8; y += 0.5)
      for (let z = -12.25; z <= 8; z += 0.5) {
        const [a, b] = [onAnchor.halfWidth(1, y, z), before.halfWidth(1, y, z)];
        if (b !== null) bins++;
        if (Math.abs((a ?? -1) - (b ?? -1)) > 1e-3) differ++;
      }
    expect(bins).toBeGreaterThan(300);
    expect(differ).toBeLessThanOrEqual(3);
    // A still's head kept, the live face moved on: the still's is drawn, then the live one again.
    fit.fit(otherFace(mesh), pose, camera, 1, posed);
    const still = fit.shape(posed);
    const stillNose = vertex(mesh, 1);
    fit.fit(otherFace(mesh, 0.9), pose, camera, 1, posed);
    const liveNose = vertex(mesh, 1);
    expect(liveNose.distanceTo(stillNose)).toBeGreaterThan(0.01);
    fit.show(still);
    expect(vertex(mesh, 1).distanceTo(stillNose)).toBeLessThan(1e-5);
    fit.show(null);
    expect(vertex(mesh, 1).distanceTo(liveNose)).toBeLessThan(1e-5);
  });

  it('fits nothing with a singular pose', async () => {
    const head = await load();
    const mesh = meshesOf(head)[0]!;
    const fit = HeadFit.of(head)!;
    const nose = vertex(mesh, 1);
    expect(
      fit.fit(otherFace(mesh), new Matrix4().makeScale(0, 0, 0), camera, 1, anchor),
    ).toBeNull();
    expect(vertex(mesh, 1)).toEqual(nose);
  });

  it('fits no occluder whose face is not in landmark order', async () => {
    const head = await load();
    const position = meshesOf(head)[0]!.geometry.getAttribute('position');
    // Two landmarks swapped: the nose bridge is no longer where 168 is.
    const [a, b] = [
      new Vector3().fromBufferAttribute(position, 168),
      vertex(meshesOf(head)[0]!, 10),
    ];
    position.setXYZ(168, b.x, b.y, b.z);
    position.setXYZ(10, a.x, a.y, a.z);
    expect(HeadFit.of(head)).toBeNull();
  });
});
