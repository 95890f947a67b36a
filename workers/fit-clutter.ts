import { AXES, boxOf, diagonal, extent, touches, union, type Box, type FitMesh } from './fit-cloud';

export interface Selection {
  kept: FitMesh[];
  /** Meshes set aside: a ground plane, a stand or a case beside the glasses, empty geometry. */
  ignored: FitMesh[];
  /** A second group of parts as large as the glasses (two pairs in one file). */
  ambiguous: boolean;
}

interface Part {
  mesh: FitMesh;
  box: Box;
}

/** A part much larger than the glasses around it along two axes: a ground plane, a backdrop. */
function dwarfs(part: Box, group: Box): boolean {
  const larger = AXES.filter((a) => extent(part, a) > 1.5 * Math.max(extent(group, a), 1e-9));
  return larger.length >= 2;
}

/**
 * Grows a group from the part with the most triangles, adding every part that touches it and is
 * not far larger than it. What is left over sits apart from the glasses (a box beside them) or
 * dwarfs them (a plane under them).
 */
function growGroup(parts: Part[]): { group: Part[]; box: Box } {
  const [seed, ...rest] = parts;
  const group = [seed!];
  let box = seed!.box;
  let pending = rest;
  for (let changed = true; changed;) {
    changed = false;
    const margin = 0.1 * diagonal(box);
    const next: Part[] = [];
    for (const part of pending) {
      if (touches(box, part.box, margin) && !dwarfs(part.box, box)) {
        group.push(part);
        box = union(box, part.box);
        changed = true;
      } else next.push(part);
    }
    pending = next;
  }
  return { group, box };
}

export function selectGlasses(meshes: readonly FitMesh[]): Selection {
  const withGeometry = meshes.filter((m) => m.positions.length >= 9 && m.triangles > 0);
  const empty = meshes.filter((m) => !withGeometry.includes(m));
  if (withGeometry.length === 0) return { kept: [], ignored: empty, ambiguous: false };
  const parts = withGeometry
    .map((mesh) => ({ mesh, box: boxOf(mesh.positions) }))
    .sort((a, b) => b.mesh.triangles - a.mesh.triangles);
  const main = growGroup(parts);
  const leftovers = parts.filter((p) => !main.group.includes(p));
  let ambiguous = false;
  if (leftovers.length > 0) {
    const second = growGroup(leftovers);
    const triangles = (g: Part[]) => g.reduce((n, p) => n + p.mesh.triangles, 0);
    const similarSize = diagonal(second.box) > 0.5 * diagonal(main.box);
    ambiguous =
      similarSize &&
      !dwarfs(second.box, main.box) &&
      triangles(second.group) > 0.5 * triangles(main.group);
  }
  return {
    kept: main.group.map((p) => p.mesh),
    ignored: [...leftovers.map((p) => p.mesh), ...empty],
    ambiguous,
  };
}
