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

/** Parts whose boxes come this close (share of the scene's diagonal) belong together. */
const NEAR_SHARE = 0.05;

const triangles = (parts: readonly Part[]) => parts.reduce((n, p) => n + p.mesh.triangles, 0);

function boxOfParts(parts: readonly Part[]): Box {
  return parts.slice(1).reduce((box, p) => union(box, p.box), parts[0]!.box);
}

/** Larger than `group` by half again along at least two axes. */
function dwarfs(part: Box, group: Box): boolean {
  const larger = AXES.filter((a) => extent(part, a) > 1.5 * Math.max(extent(group, a), 1e-9));
  return larger.length >= 2;
}

/**
 * A ground plane, a backdrop or a case: far larger than everything else along two axes, yet
 * simpler than it (fewer triangles). A frame's front beside its small screws is larger too, but
 * it holds most of the triangles, so it stays.
 */
function isBackdrop(part: Part, parts: readonly Part[]): boolean {
  const others = parts.filter((p) => p !== part);
  if (others.length === 0) return false;
  return dwarfs(part.box, boxOfParts(others)) && part.mesh.triangles < triangles(others);
}

/**
 * Parts joined by touching or nearly touching boxes, whatever their size: rims, lenses, hinges,
 * screws, nose pads and temples each touch the front. Largest (by triangles) first.
 */
function touchingGroups(parts: readonly Part[]): Part[][] {
  const margin = NEAR_SHARE * diagonal(boxOfParts(parts));
  const groupOf = parts.map((_, i) => i);
  const root = (i: number): number => (groupOf[i] === i ? i : (groupOf[i] = root(groupOf[i]!)));
  for (let i = 0; i < parts.length; i++) {
    for (let j = i + 1; j < parts.length; j++) {
      if (touches(parts[i]!.box, parts[j]!.box, margin)) groupOf[root(i)] = root(j);
    }
  }
  const groups = new Map<number, Part[]>();
  parts.forEach((part, i) => {
    const key = root(i);
    groups.set(key, [...(groups.get(key) ?? []), part]);
  });
  return [...groups.values()].sort((a, b) => triangles(b) - triangles(a));
}

/**
 * The glasses are the largest group of touching parts once backdrops are set aside; what sits
 * apart from them (a box, a stand, a logo) is ignored. A second group as large and as detailed
 * is a second pair: the file is ambiguous.
 */
export function selectGlasses(meshes: readonly FitMesh[]): Selection {
  const withGeometry = meshes.filter((m) => m.positions.length >= 9 && m.triangles > 0);
  const empty = meshes.filter((m) => !withGeometry.includes(m));
  if (withGeometry.length === 0) return { kept: [], ignored: empty, ambiguous: false };
  const parts = withGeometry.map((mesh) => ({ mesh, box: boxOf(mesh.positions) }));
  const backdrops = parts.filter((p) => isBackdrop(p, parts));
  const rest = parts.filter((p) => !backdrops.includes(p));
  const [main, second, ...others] = touchingGroups(rest);
  let ambiguous = false;
  if (main && second) {
    const mainBox = boxOfParts(main);
    const secondBox = boxOfParts(second);
    ambiguous =
      diagonal(secondBox) > 0.5 * diagonal(mainBox) &&
      !dwarfs(secondBox, mainBox) &&
      triangles(second) > 0.5 * triangles(main);
  }
  const leftovers = [...(second ?? []), ...others.flat(), ...backdrops];
  return {
    kept: (main ?? []).map((p) => p.mesh),
    ignored: [...leftovers.map((p) => p.mesh), ...empty],
    ambiguous,
  };
}
