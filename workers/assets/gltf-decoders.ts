import type { WebGLRenderer } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { DRACOLoader } from 'three/examples/jsm/loaders/DRACOLoader.js';
import { KTX2Loader } from 'three/examples/jsm/loaders/KTX2Loader.js';
import { DECODER_PATHS } from '../../src/shared/storage-constants';
import { decoderUrl } from './decoder-files';
import { glassesError } from './glasses-error';
import type { GlbHeader } from './glb-header';

let draco: DRACOLoader | null = null;
let ktx2: KTX2Loader | null = null;
let meshopt: Promise<unknown> | null = null;

/** One decoder worker each: models are small and the try-on already keeps both cores busy. */
function dracoLoader(): DRACOLoader {
  draco ??= new DRACOLoader()
    .setDecoderPath({
      js: decoderUrl(DECODER_PATHS.dracoWrapper),
      wasm: decoderUrl(DECODER_PATHS.dracoWasm),
    } as unknown as string)
    .setDecoderConfig({ type: 'wasm' })
    .setWorkerLimit(1);
  return draco;
}

function ktx2Loader(renderer: WebGLRenderer): KTX2Loader {
  if (!ktx2) {
    const base = decoderUrl(DECODER_PATHS.basisWrapper);
    ktx2 = new KTX2Loader()
      .setTranscoderPath(base.slice(0, base.lastIndexOf('/') + 1))
      .setWorkerLimit(1)
      .detectSupport(renderer);
  }
  return ktx2;
}

/** The meshopt decoder (wasm inlined in three's module) is a code chunk loaded on first use. */
function meshoptDecoder(): Promise<unknown> {
  meshopt ??= import('three/examples/jsm/libs/meshopt_decoder.module.js').then(
    async ({ MeshoptDecoder }) => {
      await MeshoptDecoder.ready;
      return MeshoptDecoder;
    },
  );
  return meshopt;
}

/** Fetches (verified, cached) the decoder files first, so a failure is named as such. */
async function ensureDecoders(paths: string[]): Promise<void> {
  try {
    for (const path of paths) await (await fetch(decoderUrl(path))).arrayBuffer();
  } catch (error) {
    throw glassesError('decoder', `${paths.join(', ')}: ${String(error)}`);
  }
}

/** A GLTFLoader with just the decoders this model's extensions need. */
export async function gltfLoaderFor(
  header: GlbHeader,
  renderer: WebGLRenderer | null,
): Promise<GLTFLoader> {
  const loader = new GLTFLoader();
  const uses = (name: string) => header.extensionsUsed.includes(name);
  if (uses('KHR_draco_mesh_compression')) {
    await ensureDecoders([DECODER_PATHS.dracoWrapper, DECODER_PATHS.dracoWasm]);
    loader.setDRACOLoader(dracoLoader());
  }
  if (uses('KHR_texture_basisu')) {
    if (!renderer) throw glassesError('decoder', 'KTX2 textures need a renderer');
    await ensureDecoders([DECODER_PATHS.basisWrapper, DECODER_PATHS.basisWasm]);
    loader.setKTX2Loader(ktx2Loader(renderer));
  }
  if (uses('EXT_meshopt_compression')) {
    try {
      loader.setMeshoptDecoder(
        (await meshoptDecoder()) as Parameters<GLTFLoader['setMeshoptDecoder']>[0],
      );
    } catch (error) {
      meshopt = null;
      throw glassesError('decoder', `meshopt: ${String(error)}`);
    }
  }
  return loader;
}
