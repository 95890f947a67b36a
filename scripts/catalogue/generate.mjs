#!/usr/bin/env node
// Generates the built-in glasses catalogue into public/ (or --out DIR):
// models/*.glb, materials/*.json, previews/*.svg, others/manifest.json, env/studio.png
// and models/head6.glb. Deterministic: same inputs, byte-identical outputs.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STYLES, withDefaults } from './styles.mjs';
import { buildGlasses, materialParameters } from './glasses.mjs';
import { previewSvg } from './preview-svg.mjs';
import { loadCanonicalFace } from './canonical-face.mjs';
import { occluderGlb } from './occluder.mjs';
import { studioEnvironmentPng } from './studio-env.mjs';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function parseArgs(argv) {
  const args = { out: join(REPO, 'public'), task: null, quiet: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--out') args.out = resolve(argv[++i]);
    else if (argv[i] === '--task') args.task = resolve(argv[++i]);
    else if (argv[i] === '--quiet') args.quiet = true;
    else
      throw new Error(
        `unknown argument ${argv[i]} (usage: generate.mjs [--out DIR] [--task FILE] [--quiet])`,
      );
  }
  return args;
}

/** The MediaPipe model bundle holds the canonical face mesh the occluder is built from. */
export function findTaskFile(explicit) {
  const candidates = explicit
    ? [explicit]
    : [
        join(REPO, 'public/mediapipe/face_landmarker.task'),
        join(REPO, '../shared/assets/models/face_landmarker.task'),
      ];
  const found = candidates.find((p) => existsSync(p));
  if (!found) {
    throw new Error(
      `face_landmarker.task not found (looked in: ${candidates.join(', ')}); it is needed for models/head6.glb`,
    );
  }
  return found;
}

export function generateCatalogue({ out, task, log = console.log }) {
  const write = (rel, data) => {
    const file = join(out, rel);
    mkdirSync(dirname(file), { recursive: true });
    // Unchanged files keep their times, so dev servers and caches see no change.
    if (existsSync(file) && readFileSync(file).equals(Buffer.from(data))) return;
    writeFileSync(file, data);
    log(`wrote ${relative(process.cwd(), file) || file} (${data.length} bytes)`);
  };
  // Fail before writing anything if the face model (for the occluder) is missing.
  const face = loadCanonicalFace(findTaskFile(task));
  const manifest = [];
  const summary = [];
  for (const raw of STYLES) {
    const style = withDefaults(raw);
    const id = style.serialNo;
    const { glb, info } = buildGlasses(style);
    write(`models/${id}.glb`, glb);
    write(`materials/${id}.json`, `${JSON.stringify(materialParameters(style), null, 2)}\n`);
    write(`previews/${id}.svg`, previewSvg(style, info.layout, info.drawing));
    manifest.push({
      value: `models/${id}.glb`,
      serialNo: id,
      text: style.text,
      previewIcon: `previews/${id}.svg`,
      materialParameter: `materials/${id}.json`,
      size: glb.length,
      sha256: createHash('sha256').update(glb).digest('hex'),
      frameWidthMm: Math.round(info.frameWidth * 10_000) / 10,
      ...style.listing,
    });
    summary.push({ id, frameWidth: info.frameWidth, vertices: info.vertexCount });
  }
  write('others/manifest.json', `${JSON.stringify(manifest, null, 2)}\n`);
  write('models/head6.glb', occluderGlb(face).glb);
  write('env/studio.png', studioEnvironmentPng());
  return { manifest, summary };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const args = parseArgs(process.argv.slice(2));
    const t0 = performance.now();
    generateCatalogue({ out: args.out, task: args.task, log: args.quiet ? () => {} : console.log });
    if (!args.quiet) console.log(`catalogue generated in ${Math.round(performance.now() - t0)} ms`);
  } catch (err) {
    console.error(`catalogue generation failed: ${err.message}`);
    process.exit(1);
  }
}
