#!/usr/bin/env node
// npm run glasses:pack -- in.glb out.glb [--compress draco|meshopt] [--textures webp|ktx2|keep]
// Shrinks a glasses model for the catalogue without changing how it fits (scripts/lib/glasses-pack.mjs).
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { COMPRESS_CHOICES, PackError, TEXTURE_CHOICES, packGlb } from './lib/glasses-pack.mjs';

const USAGE =
  'usage: npm run glasses:pack -- in.glb out.glb [--compress draco|meshopt] [--textures webp|ktx2|keep]';

/**
 * @param {string} line
 * @returns {never}
 */
function fail(line, code = 1) {
  process.stderr.write(`glasses:pack: ${line}\n`);
  process.exit(code);
}

/**
 * @template {string} T
 * @param {string | undefined} value
 * @param {readonly T[]} choices
 * @param {string} flag
 * @returns {T | undefined}
 */
function choice(value, choices, flag) {
  if (value === undefined || choices.includes(/** @type {T} */ (value))) {
    return /** @type {T | undefined} */ (value);
  }
  return fail(`--${flag} must be one of ${choices.join(', ')}, not ${value}\n${USAGE}`, 2);
}

/** @param {number} n */
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

function commandLine() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: { compress: { type: 'string' }, textures: { type: 'string' } },
    });
  } catch (error) {
    return fail(`${error instanceof Error ? error.message : error}\n${USAGE}`, 2);
  }
}

async function main() {
  const args = commandLine();
  const [input, output, ...extra] = args.positionals;
  if (!input || !output || extra.length > 0) return fail(USAGE, 2);
  const compress = choice(args.values.compress, COMPRESS_CHOICES, 'compress');
  const textures = choice(args.values.textures, TEXTURE_CHOICES, 'textures');

  let bytes;
  try {
    bytes = new Uint8Array(await readFile(input));
  } catch (error) {
    return fail(`cannot read ${input} (${/** @type {NodeJS.ErrnoException} */ (error).code})`);
  }
  try {
    const { bytes: packed, report } = await packGlb(bytes, { compress, textures });
    await writeFile(output, packed);
    const ratio = Math.round((100 * report.outputBytes) / report.inputBytes);
    console.log(`glasses:pack: ${input} → ${output}`);
    console.log(`  bytes       ${kb(report.inputBytes)} → ${kb(report.outputBytes)} (${ratio}%)`);
    console.log(`  triangles   ${report.triangles}`);
    console.log(`  meshes      ${report.meshes}`);
    console.log(`  extensions  ${report.extensions.join(', ') || 'none'}`);
    console.log(`  time        ${report.ms} ms`);
    for (const warning of report.warnings) console.log(`  warning     ${warning}`);
  } catch (error) {
    if (error instanceof PackError) return fail(`${input} ${error.message}`);
    throw error;
  }
}

await main();
