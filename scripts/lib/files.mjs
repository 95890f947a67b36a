// Small file helpers shared by the asset scripts: hashing, atomic writes, change detection.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { chmod, copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * @param {string} path
 * @returns {Promise<{ size: number, sha256: string } | null>} null when the file is missing
 */
export async function fileInfo(path) {
  let size;
  try {
    size = (await stat(path)).size;
  } catch {
    return null;
  }
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk);
  return { size, sha256: hash.digest('hex') };
}

/** @param {string} path */
export async function exists(path) {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/** A temp name next to the target so the final rename stays on one file system (atomic). */
export function tempPathFor(/** @type {string} */ path) {
  return `${path}.${process.pid}.${Date.now()}.tmp`;
}

/**
 * Copies through a temp file so a crash never leaves a half-written asset that a later run
 * (or the dev server) could mistake for a complete one.
 * @param {string} from
 * @param {string} to
 */
export async function copyAtomic(from, to) {
  await mkdir(dirname(to), { recursive: true });
  const temp = tempPathFor(to);
  try {
    await copyFile(from, temp);
    // The shared assets are read-only; a read-only copy would trip up tools that rewrite public/.
    await chmod(temp, 0o644);
    await rename(temp, to);
  } finally {
    await rm(temp, { force: true });
  }
}

/**
 * Writes only when the content differs, so unchanged runs do not touch mtimes (which would
 * make the dev server reload and build caches miss).
 * @param {string} path
 * @param {string} text
 * @returns {Promise<boolean>} whether the file was written
 */
export async function writeIfChanged(path, text) {
  const current = await readFile(path, 'utf8').catch(() => null);
  if (current === text) return false;
  await mkdir(dirname(path), { recursive: true });
  const temp = tempPathFor(path);
  await writeFile(temp, text);
  await rename(temp, path);
  return true;
}
