import { Color, MeshPhysicalMaterial } from 'three';

/** Bookkeeping fields three reads for its own caches: never from a file. */
const INTERNAL = new Set(['id', 'uuid', 'version', 'type', 'name', 'userData']);

/**
 * A material file is outside data: only numbers (finite), booleans and colour strings reach the
 * material, each onto a field of the same kind. An object, null or a string elsewhere would
 * replace a vector or a shader switch that three uses every frame. A value of the wrong kind is
 * left out and its field named in `refused`.
 */
export function physical(
  props: Record<string, unknown>,
  refused: string[] = [],
): MeshPhysicalMaterial {
  const material = new MeshPhysicalMaterial();
  const fields = material as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(props)) {
    if (!(key in material) || INTERNAL.has(key)) continue;
    const current = fields[key];
    if (current instanceof Color && typeof value === 'string') current.set(value);
    else if (typeof current === 'number' && typeof value === 'number' && Number.isFinite(value))
      fields[key] = value;
    else if (typeof current === 'boolean' && typeof value === 'boolean') fields[key] = value;
    else refused.push(key);
  }
  return material;
}
