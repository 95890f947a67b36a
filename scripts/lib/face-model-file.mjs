// Places the face model, preferring the shared offline copy over the network, and refuses any
// file whose identity differs from the published one: a wrong model fails later in confusing ways.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { copyAtomic, exists, fileInfo, tempPathFor } from './files.mjs';

/** Abort a download that stops sending data for this long (a stalled proxy would hang forever). */
const STALL_MS = 60_000;

/**
 * @typedef {{ size: number, sha256: string }} Identity
 * @typedef {{ target: string, sharedCopy: string, url: string, expected: Identity }} ModelPlan
 */

/**
 * @param {string} what
 * @param {Identity | null} actual
 * @param {Identity} expected
 */
function checkIdentity(what, actual, expected) {
  if (!actual) throw new Error(`${what} is missing`);
  if (actual.size !== expected.size || actual.sha256 !== expected.sha256) {
    throw new Error(
      `${what} is not the expected face model: got ${actual.size} bytes, sha256 ${actual.sha256}; ` +
        `expected ${expected.size} bytes, sha256 ${expected.sha256}`,
    );
  }
}

/**
 * Streams to a temp file while hashing, then renames, so the target is either absent or whole.
 * @param {string} url
 * @param {string} target
 * @returns {Promise<Identity & { temp: string }>}
 */
async function download(url, target) {
  await mkdir(dirname(target), { recursive: true });
  const temp = tempPathFor(target);
  const controller = new AbortController();
  let timer = setTimeout(() => controller.abort(), STALL_MS);
  const hash = createHash('sha256');
  let size = 0;
  try {
    const response = await fetch(url, { signal: controller.signal });
    if (!response.ok || !response.body) throw new Error(`HTTP ${response.status} from ${url}`);
    const body = Readable.fromWeb(/** @type {any} */ (response.body));
    body.on('data', (/** @type {Buffer} */ chunk) => {
      hash.update(chunk);
      size += chunk.length;
      clearTimeout(timer);
      timer = setTimeout(() => controller.abort(), STALL_MS);
    });
    await pipeline(body, createWriteStream(temp));
    return { size, sha256: hash.digest('hex'), temp };
  } catch (error) {
    await rm(temp, { force: true });
    const cause = /** @type {{ cause?: { code?: string, message?: string } }} */ (error).cause;
    const detail = error instanceof Error ? error.message : String(error);
    const reason = controller.signal.aborted
      ? `no data for ${STALL_MS / 1000} s`
      : `${detail}${cause ? ` (${cause.code ?? cause.message})` : ''}`;
    throw new Error(`could not download the face model from ${url}: ${reason}`, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

/**
 * @param {ModelPlan} plan
 * @param {(line: string) => void} log
 * @returns {Promise<'kept' | 'copied' | 'downloaded'>}
 */
export async function ensureFaceModel({ target, sharedCopy, url, expected }, log) {
  const current = await fileInfo(target);
  if (current && current.size === expected.size && current.sha256 === expected.sha256) {
    return 'kept';
  }
  if (current) log(`model: ${target} has the wrong content, replacing it`);

  if (await exists(sharedCopy)) {
    checkIdentity(`shared copy ${sharedCopy}`, await fileInfo(sharedCopy), expected);
    await copyAtomic(sharedCopy, target);
    checkIdentity(`copied model ${target}`, await fileInfo(target), expected);
    return 'copied';
  }

  log(`model: no shared copy, downloading ${url}`);
  const fetched = await download(url, target);
  try {
    checkIdentity(`downloaded model from ${url}`, fetched, expected);
    await rename(fetched.temp, target);
  } finally {
    await rm(fetched.temp, { force: true });
  }
  return 'downloaded';
}
