import { Vector3 } from 'three';

/** Eigenvectors of a symmetric 3×3 matrix (cyclic Jacobi), sorted by eigenvalue, smallest first. */
export function eigenvectors(m: number[][]): Vector3[] {
  const a = m.map((row) => [...row]);
  const v = [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ];
  for (let sweep = 0; sweep < 50; sweep++) {
    for (const [p, q] of [
      [0, 1],
      [0, 2],
      [1, 2],
    ] as const) {
      if (Math.abs(a[p]![q]!) < 1e-15) continue;
      const theta = (a[q]![q]! - a[p]![p]!) / (2 * a[p]![q]!);
      const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
      const c = 1 / Math.sqrt(t * t + 1);
      const s = t * c;
      for (let k = 0; k < 3; k++) {
        const akp = a[k]![p]!;
        const akq = a[k]![q]!;
        a[k]![p] = c * akp - s * akq;
        a[k]![q] = s * akp + c * akq;
      }
      for (let k = 0; k < 3; k++) {
        const apk = a[p]![k]!;
        const aqk = a[q]![k]!;
        a[p]![k] = c * apk - s * aqk;
        a[q]![k] = s * apk + c * aqk;
      }
      for (let k = 0; k < 3; k++) {
        const vkp = v[k]![p]!;
        const vkq = v[k]![q]!;
        v[k]![p] = c * vkp - s * vkq;
        v[k]![q] = s * vkp + c * vkq;
      }
    }
  }
  return [0, 1, 2]
    .sort((i, j) => a[i]![i]! - a[j]![j]!)
    .map((i) => new Vector3(v[0]![i]!, v[1]![i]!, v[2]![i]!).normalize());
}

/** Major axis, in the plane (a, b), of the points `keep` accepts; null for too few points. */
export function majorAxis(
  points: Float32Array,
  a: Vector3,
  b: Vector3,
  keep: (i: number) => boolean,
): Vector3 | null {
  let n = 0;
  let [sa, sb, saa, sbb, sab] = [0, 0, 0, 0, 0];
  for (let i = 0; i < points.length; i += 3) {
    if (!keep(i)) continue;
    const [x, y, z] = [points[i]!, points[i + 1]!, points[i + 2]!];
    const pa = x * a.x + y * a.y + z * a.z;
    const pb = x * b.x + y * b.y + z * b.z;
    n++;
    [sa, sb, saa, sbb, sab] = [sa + pa, sb + pb, saa + pa * pa, sbb + pb * pb, sab + pa * pb];
  }
  if (n < 3) return null;
  const [ma, mb] = [sa / n, sb / n];
  const t = 0.5 * Math.atan2(2 * (sab / n - ma * mb), saa / n - ma * ma - (sbb / n - mb * mb));
  return a.clone().multiplyScalar(Math.cos(t)).addScaledVector(b, Math.sin(t)).normalize();
}
