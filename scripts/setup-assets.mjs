// Idempotent asset setup (postinstall, dev, build): wasm runtime, face model, catalogue and the
// integrity manifest. Cheap when nothing changed, because it runs before every dev start.
import { spawnSync } from 'node:child_process';
import { join, relative } from 'node:path';
import { PROJECT_ROOT, readConst } from './lib/constants.mjs';
import { ensureFaceModel } from './lib/face-model-file.mjs';
import { copyAtomic, exists, fileInfo, writeIfChanged } from './lib/files.mjs';

const FACE_MODEL_URL =
  'https://storage.googleapis.com/mediapipe-models/face_landmarker/face_landmarker/float16/1/face_landmarker.task';

const started = performance.now();
const publicDir = join(PROJECT_ROOT, 'public');
const wasmSourceDir = join(PROJECT_ROOT, 'node_modules/@mediapipe/tasks-vision/wasm');
const threeLibs = join(PROJECT_ROOT, 'node_modules/three/examples/jsm/libs');
const sharedModel = join(PROJECT_ROOT, '../shared/assets/models/face_landmarker.task');
const generator = join(PROJECT_ROOT, 'scripts/catalogue/generate.mjs');

/** @type {{ faceModel: string, wasmLoader: string, wasmBinary: string, headOccluder: string, envImage: string }} */
const paths = readConst('ASSET_PATHS');
/** @type {Record<string, string>} */
const decoderPaths = readConst('DECODER_PATHS');
const expectedModel = {
  size: readConst('FACE_MODEL_BYTES'),
  sha256: readConst('FACE_MODEL_SHA256'),
};

const log = (/** @type {string} */ line) => console.log(`setup: ${line}`);

/** @param {string} file */
const rel = (file) => relative(PROJECT_ROOT, file);

/**
 * Copies files from pinned npm packages into public/ when they differ.
 * @param {string} label
 * @param {[string, string][]} pairs [source file, asset path]
 */
async function copyFromPackages(label, pairs) {
  const copied = [];
  for (const [from, assetPath] of pairs) {
    const to = join(publicDir, assetPath);
    const source = await fileInfo(from);
    if (!source) throw new Error(`${rel(from)} is missing: run npm install first`);
    const current = await fileInfo(to);
    if (current?.sha256 !== source.sha256) {
      await copyAtomic(from, to);
      copied.push(assetPath.split('/').pop());
    }
  }
  log(`${label}: ${copied.length ? `copied ${copied.join(', ')}` : 'up to date'}`);
}

/** @param {string} assetPath */
const fileName = (assetPath) => assetPath.split('/').pop() ?? assetPath;

const copyWasm = () =>
  copyFromPackages(
    'wasm',
    [paths.wasmLoader, paths.wasmBinary].map((p) => [join(wasmSourceDir, fileName(p)), p]),
  );

/** three's glTF decoders (Draco for KHR_draco_mesh_compression, Basis for KTX2 textures). */
const copyDecoders = () =>
  copyFromPackages(
    'decoders',
    Object.values(decoderPaths).map((p) => [
      join(threeLibs, p.includes('/draco/') ? 'draco/gltf' : 'basis', fileName(p)),
      p,
    ]),
  );

async function placeModel() {
  const action = await ensureFaceModel(
    {
      target: join(publicDir, paths.faceModel),
      sharedCopy: sharedModel,
      url: FACE_MODEL_URL,
      expected: expectedModel,
    },
    log,
  );
  log(`model: ${action} (${expectedModel.size} bytes, sha256 verified)`);
}

async function runCatalogue() {
  if (!(await exists(generator))) {
    log(`catalogue: skipped, ${rel(generator)} does not exist yet`);
    return;
  }
  // A child process keeps the generator's own exits and globals out of this script; its
  // per-file chatter is only shown when it fails, to keep setup at one line per step.
  const result = spawnSync(process.execPath, [generator], { cwd: PROJECT_ROOT, encoding: 'utf8' });
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
    throw new Error(`${rel(generator)} failed (exit ${result.status ?? result.signal})`);
  }
  process.stderr.write(result.stderr ?? '');
  const lines = (result.stdout ?? '').trim().split('\n');
  const written = lines.filter((line) => line.startsWith('wrote ')).length;
  const last = lines.at(-1);
  log(`catalogue: done, ${written} files written${last ? ` (${last})` : ''}`);
}

async function writeIntegrity() {
  /** @type {Record<string, { size: number, sha256: string }>} */
  const manifest = {};
  // The occluder and the environment image are generated here too: the app checks them as well.
  const checked = [
    paths.faceModel,
    paths.wasmLoader,
    paths.wasmBinary,
    paths.headOccluder,
    paths.envImage,
    ...Object.values(decoderPaths),
  ];
  for (const assetPath of checked) {
    const info = await fileInfo(join(publicDir, assetPath));
    if (!info) throw new Error(`public/${assetPath} is missing after setup`);
    manifest[assetPath] = info;
  }
  const target = join(publicDir, 'mediapipe/integrity.json');
  const written = await writeIfChanged(target, `${JSON.stringify(manifest, null, 2)}\n`);
  log(`integrity: ${written ? 'written' : 'up to date'} (${rel(target)})`);
}

try {
  await copyWasm();
  await copyDecoders();
  await placeModel();
  await runCatalogue();
  await writeIntegrity();
  log(`done in ${((performance.now() - started) / 1000).toFixed(2)} s`);
} catch (error) {
  console.error(`setup: ERROR: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
