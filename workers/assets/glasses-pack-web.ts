import { Logger, WebIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { dedup, meshopt, prune, weld } from '@gltf-transform/functions';
import { MeshoptDecoder, MeshoptEncoder } from 'meshoptimizer';
import type { GlassesReport } from '../../src/shared/glasses-types';
import type { PackOutcome } from '../../src/shared/try-on-types';

/** Why a file is not packed here: it already carries Draco, whose decoder this chunk leaves out. */
class AlreadyCompressed extends Error {
  constructor() {
    super('already Draco-compressed');
    this.name = 'AlreadyCompressed';
  }
}

/**
 * The shop page's `glasses:pack`: the same steps as scripts/lib/glasses-pack.mjs with meshopt
 * geometry and the textures kept as they are (the browser has no WebP/KTX2 encoder to trust).
 * Node transforms and vertex positions come out as they went in, so the fit does not move; the
 * caller fits the result again to prove it.
 */
async function packGlb(bytes: ArrayBuffer): Promise<Uint8Array> {
  await Promise.all([MeshoptDecoder.ready, MeshoptEncoder.ready]);
  const io = new WebIO()
    .registerExtensions(ALL_EXTENSIONS)
    .registerDependencies({ 'meshopt.decoder': MeshoptDecoder, 'meshopt.encoder': MeshoptEncoder });
  const json = await io.binaryToJSON(new Uint8Array(bytes));
  if (json.json.extensionsUsed?.includes('KHR_draco_mesh_compression')) {
    throw new AlreadyCompressed();
  }
  const doc = (await io.readJSON(json)).setLogger(new Logger(Logger.Verbosity.WARN));
  // keepUniqueNames: temple_left and temple_right stay two meshes even when identical.
  await doc.transform(dedup({ keepUniqueNames: true }), weld(), prune({ keepExtras: true }));
  await doc.transform(meshopt({ encoder: MeshoptEncoder, level: 'medium' }));
  return io.writeBinary(doc);
}

/**
 * How far the packed file's fit may move, mm: about one pixel of a face that fills a phone's
 * picture. meshopt's quantization moves the built-in frames' fits by under 0.01 mm, the half-rim
 * 005's lens centres (found from its thin rims) by 0.15 mm.
 */
const PACK_TOLERANCE_MM = 0.2;

/** The largest change between two fits: front width, bridge and lens centres (cm), in mm. */
function fitMovedMm(a: GlassesReport, b: GlassesReport): number {
  const points = (r: GlassesReport) => [r.bridge, ...r.lensCentres];
  const pb = points(b);
  const moved = points(a).map((p, i) => Math.hypot(...p.map((v, k) => (v - pb[i]![k]!) * 10)));
  return Math.max(Math.abs(a.widthMm - b.widthMm), ...moved);
}

/**
 * Packs the file and fits both with `fitOf` (the app's loader and the shop's override): the packed
 * file is handed out only when it sits where the original does.
 */
export async function packVerified(
  bytes: ArrayBuffer,
  fitOf: (data: ArrayBuffer) => Promise<GlassesReport>,
): Promise<PackOutcome> {
  const before = await fitOf(bytes.slice(0));
  let packed: Uint8Array;
  try {
    packed = await packGlb(bytes);
  } catch (error) {
    if (error instanceof AlreadyCompressed) return { code: 'already-compressed' };
    throw error;
  }
  const glb = packed.slice().buffer;
  const movedMm = fitMovedMm(before, await fitOf(glb.slice(0)));
  if (!(movedMm <= PACK_TOLERANCE_MM)) return { code: 'fit-moved', movedMm };
  return { glb, inputBytes: bytes.byteLength, outputBytes: glb.byteLength, movedMm };
}
