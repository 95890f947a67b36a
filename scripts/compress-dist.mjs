// Precompresses the production build (brotli 11 + gzip 9) for scripts/serve.mjs and any static
// host that serves .br/.gz siblings. Brotli 11 on the 13 MB wasm takes ~45 s on one core but saves
// ~14% over quality 9, so results are cached by content hash in the user's cache (USER_CACHE_DIR,
// shared by every clone on the machine): the vendor files (wasm, model) only change on upgrades,
// and warm builds, fresh clones included, stay fast.
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import zlib from 'node:zlib';
import { PROJECT_ROOT, USER_CACHE_DIR } from './lib/constants.mjs';

const EXTENSIONS = new Set(
  'js mjs css html json svg wasm task glb webmanifest txt'.split(' ').map((e) => `.${e}`),
);
const MIN_BYTES = 1024;
/** A variant that saves under 10% is not worth a second request path and the disk. */
const MAX_RATIO = 0.9;
const CACHE_DIR = join(USER_CACHE_DIR, 'compress');
const CACHE_MAX_AGE_MS = 14 * 24 * 3600 * 1000;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const { values } = parseArgs({
  options: { dir: { type: 'string' }, fast: { type: 'boolean' } },
});
const distDir = values.dir ?? join(PROJECT_ROOT, 'dist');

/** @param {string} dir @returns {AsyncGenerator<string>} */
async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

/** @param {Buffer} raw */
function brotliParams(raw) {
  const C = zlib.constants;
  const quality = values.fast && raw.length > 1024 * 1024 ? 9 : 11;
  // A window no larger than the file: the maximum (24) only pays off for the multi-MB files.
  const window = Math.min(24, Math.max(16, Math.ceil(Math.log2(raw.length + 1))));
  return {
    key: `br${quality}w${window}`,
    run: () =>
      brotli(raw, {
        params: {
          [C.BROTLI_PARAM_QUALITY]: quality,
          [C.BROTLI_PARAM_LGWIN]: window,
          [C.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
  };
}

/**
 * @param {string} sha
 * @param {string} key
 * @param {() => Promise<Buffer>} run
 */
async function cached(sha, key, run) {
  const path = join(CACHE_DIR, `${sha}.${key}`);
  const hit = await readFile(path).catch(() => null);
  if (hit) {
    const now = new Date();
    await utimes(path, now, now);
    return hit;
  }
  const out = await run();
  // Written aside and renamed: another clone building at once never reads half a file.
  const temp = `${path}.${process.pid}.tmp`;
  await writeFile(temp, out);
  await rename(temp, path);
  return out;
}

/** @param {string} file */
async function compressFile(file) {
  const raw = await readFile(file);
  const sha = createHash('sha256').update(raw).digest('hex');
  const br = brotliParams(raw);
  const sizes = { raw: raw.length, br: raw.length, gz: raw.length };
  for (const [suffix, key, run] of /** @type {const} */ ([
    ['br', br.key, br.run],
    ['gz', 'gz9', () => gzip(raw, { level: 9 })],
  ])) {
    const out = await cached(sha, key, run);
    const target = `${file}.${suffix}`;
    if (out.length < raw.length * MAX_RATIO) {
      await writeFile(target, out);
      sizes[suffix] = out.length;
    } else {
      await rm(target, { force: true });
    }
  }
  return sizes;
}

async function pruneCache() {
  const now = Date.now();
  for (const name of await readdir(CACHE_DIR)) {
    const path = join(CACHE_DIR, name);
    // Another clone may be pruning or writing too: a file gone meanwhile is no error.
    const info = await stat(path).catch(() => null);
    if (info && now - info.mtimeMs > CACHE_MAX_AGE_MS) await rm(path, { force: true });
  }
}

/** @param {number} n */
const mb = (n) => `${(n / 1e6).toFixed(2)} MB`;

const started = performance.now();
await mkdir(CACHE_DIR, { recursive: true });
const files = [];
for await (const file of walk(distDir)) {
  if (!EXTENSIONS.has(extname(file).toLowerCase())) continue;
  const { size } = await stat(file);
  if (size > MIN_BYTES) files.push({ file, size });
}
// Largest first so the slow wasm does not start last and leave the other core idle.
files.sort((a, b) => b.size - a.size);
/** @type {{ file: string, raw: number, br: number, gz: number }[]} */
const results = [];
const queue = [...files];
await Promise.all(
  Array.from({ length: Math.max(1, availableParallelism()) }, async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      results.push({ file: next.file, ...(await compressFile(next.file)) });
    }
  }),
);
await pruneCache();

const total = { raw: 0, br: 0, gz: 0 };
for (const result of results.sort((a, b) => b.raw - a.raw)) {
  total.raw += result.raw;
  total.br += result.br;
  total.gz += result.gz;
  if (result.raw >= 256 * 1024) {
    const name = relative(distDir, result.file);
    console.log(`compress: ${name}: ${mb(result.raw)} -> br ${mb(result.br)}, gz ${mb(result.gz)}`);
  }
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `compress: ${results.length} files, raw ${mb(total.raw)} -> br ${mb(total.br)} ` +
    `(${((100 * total.br) / Math.max(1, total.raw)).toFixed(1)}%), gz ${mb(total.gz)} in ${seconds} s`,
);
