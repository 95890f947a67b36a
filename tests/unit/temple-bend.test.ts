// Temples that follow the head (issue 15): on the real catalogue frames and the real head
// occluder, each arm swings until it just clears the head, for a narrow, an average and a wide
// face; the front does not move.
import { readFileSync } from 'node:fs';
import { Group, Mesh, SphereGeometry, Vector3, type Object3D } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { afterAll, describe, expect, it } from 'vitest';
import { FRONT_ANCHOR } from '../../workers/common/canonical-face';
import { fitMeshes, meshesOf } from '../../workers/fit/fit-geometry';
import { computeFit, type FitResult } from '../../workers/fit/glasses-fit';
import { HeadProfile } from '../../workers/fit/head-profile';
import { CLEARANCE_CM, MAX_BEND_RAD, TempleBend } from '../../workers/fit/temple-bend';

const FRAMES = ['001', '002', '003', '004', '005', '006', '007', '008'];
const SCALES = [0.88, 1, 1.12];

const load = async (name: string) => {
  const bytes = readFileSync(`public/models/${name}.glb`);
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  return (await new GLTFLoader().parseAsync(buffer as ArrayBuffer, '')).scene;
};

const head = new HeadProfile(await load('head6'));

/** The frame fitted to the face, as the loader places it: a group holding the fitted model. */
async function fitted(serial: string): Promise<{ glasses: Group; fit: FitResult }> {
  const model = await load(serial);
  const fit = computeFit(fitMeshes(model).meshes);
  const glasses = new Group();
  glasses.matrixAutoUpdate = false;
  glasses.matrix.copy(fit.matrix);
  glasses.add(model);
  return { glasses, fit };
}

/** Every vertex in the fitted frame (cm). */
function points(glasses: Object3D): Vector3[] {
  glasses.updateMatrixWorld(true);
  return meshesOf(glasses).flatMap((mesh) => {
    const position = mesh.geometry.getAttribute('position');
    return Array.from({ length: position.count }, (_, i) =>
      new Vector3().fromBufferAttribute(position, i).applyMatrix4(mesh.matrixWorld),
    );
  });
}

/** Per side, the closest the arm's run comes to the head grown by `scale` (cm; < 0: inside). */
function gaps(glasses: Object3D, fit: FitResult, scale: number): { left: number; right: number } {
  const lensZ = (fit.lensCentres[0][2] + fit.lensCentres[1][2]) / 2;
  const all = points(glasses);
  const hinge = lensZ - 1;
  const tip = Math.min(...all.map((p) => p.z));
  const gap = { left: Infinity, right: Infinity };
  for (const p of all) {
    const t = (hinge - p.z) / (hinge - tip);
    if (t < 0.15 || t > 0.8) continue;
    const side = p.x >= 0 ? 1 : -1;
    const F = FRONT_ANCHOR;
    const reach = head.halfWidth(side, F.y + (p.y - F.y) / scale, F.z + (p.z - F.z) / scale);
    if (reach === null) continue;
    const key = side === 1 ? 'left' : 'right';
    gap[key] = Math.min(gap[key], side * p.x - reach * scale);
  }
  return gap;
}

const rows: string[] = [];
afterAll(() => console.log(['frame | bend at the tip, ° (0.88 / 1 / 1.12)', ...rows].join('\n')));

describe.each(FRAMES)('frame %s', (serial) => {
  it('meets a narrow, an average and a wide head, front unmoved', async () => {
    const { glasses, fit } = await fitted(serial);
    expect(fit.temples).toBe('back');
    const before = points(glasses);
    const lensZ = (fit.lensCentres[0][2] + fit.lensCentres[1][2]) / 2;
    const bend = new TempleBend();
    bend.setHead(head);
    bend.wear(glasses, fit);
    const bends: number[] = [];
    const length = lensZ - 1 - Math.min(...before.map((p) => p.z));
    for (const scale of SCALES) {
      bend.update(scale);
      const { left, right } = bend.applied;
      bends.push(left);
      // Symmetric frames on a symmetric head bend alike on both sides (within 1 mm at the tip:
      // the occluder's triangles are not mirror images).
      expect(Math.abs(left - right)).toBeLessThan(0.1);
      const limit = Math.tan(MAX_BEND_RAD) * length - 1e-6;
      const gap = gaps(glasses, fit, scale);
      for (const [side, applied] of [
        ['left', left],
        ['right', right],
      ] as const) {
        // Just clear of the head: the clearance kept, no more (unless bent as far as allowed).
        if (Math.abs(applied) < limit) expect(gap[side]).toBeCloseTo(CLEARANCE_CM, 2);
        else expect(gap[side]).toBeLessThan(CLEARANCE_CM);
      }
      // The front (ahead of the hinges) stays exactly where the fit put it.
      points(glasses).forEach((p, i) => {
        if (before[i]!.z >= lensZ - 1) expect(p.distanceTo(before[i]!)).toBeLessThan(1e-4);
      });
    }
    // A wider head opens the arms wider (up to the limit).
    expect(bends[0]!).toBeLessThan(bends[1]!);
    expect(bends[1]!).toBeLessThanOrEqual(bends[2]!);
    expect(bends[0]!).toBeLessThan(bends[2]!);
    const degrees = bends.map((b) => ((Math.atan(b / length) * 180) / Math.PI).toFixed(1));
    rows.push(`${serial} | ${degrees.join(' / ')}`);
  });
});

it('reads how far a head reaches from its surface (a 16 cm ball)', () => {
  const ball = new HeadProfile(new Mesh(new SphereGeometry(8, 48, 32)));
  expect(ball.halfWidth(1, 0, 0)).toBeGreaterThan(7.8);
  expect(ball.halfWidth(-1, 0.2, 0.2)).toBeLessThanOrEqual(8);
  // Half a bin of slope: at z 6 the ball reaches √(64 − 36) = 5.29.
  expect(ball.halfWidth(1, 0, 6.1)).toBeGreaterThan(4.8);
  expect(ball.halfWidth(1, 0, 6.1)).toBeLessThan(5.35);
  expect(ball.halfWidth(1, 0, 9.5)).toBeNull();
});

it('leaves a front without temples, and glasses taken off, alone', async () => {
  const { glasses, fit } = await fitted('001');
  const before = points(glasses);
  const bend = new TempleBend();
  bend.setHead(head);
  bend.wear(glasses, { ...fit, temples: 'none' });
  bend.update(1.12);
  expect(bend.applied).toEqual({ left: 0, right: 0 });
  points(glasses).forEach((p, i) => expect(p.distanceTo(before[i]!)).toBe(0));
  bend.wear(null);
  bend.update(0.9);
  expect(bend.applied).toEqual({ left: 0, right: 0 });
});
