// Static server for the production build (dist/), without a framework: precompressed variants,
// SPA fallback, the app's security headers and cache policy. Used by `npm run serve`, tests, bench.
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, posix, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT } from './lib/constants.mjs';
import { assetOrigins } from './lib/csp.mjs';
import { embedOrigins as readEmbedOrigins } from './lib/embed-origins.mjs';
import { mimeType } from './lib/mime.mjs';
import { cacheControl, securityHeaders } from './lib/security-headers.mjs';

/** Best first: brotli is smaller, gzip is the fallback for clients without it. */
const ENCODINGS = /** @type {const} */ ([
  ['br', '.br'],
  ['gzip', '.gz'],
]);

/** @param {string} root @param {string} file whether `file` lies inside `root` */
const inside = (root, file) => file === root || file.startsWith(root + sep);

/**
 * A regular file whose real path lies inside `root` (a symlink may not lead out of it).
 * @param {string} root absolute real path of the served directory
 * @param {string} path
 */
async function fileStat(root, path) {
  const real = await realpath(path).catch(() => null);
  if (!real || !inside(root, real)) return null;
  const info = await stat(real).catch(() => null);
  return info?.isFile() ? info : null;
}

/** @param {string | undefined} header @returns {Set<string>} encodings the client accepts */
function acceptedEncodings(header = '') {
  const accepted = new Set();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return accepted;
}

/**
 * A file in the served directory: not a dotfile or in a dot-folder (`.env`, `.git/`), and not
 * through a symlink that leads out of the directory.
 * @param {string} root absolute real path of the directory
 * @param {string} urlPath decoded URL path
 * @returns {Promise<{ file: string, relPath: string, size: number, mtimeMs: number } | null>}
 */
async function resolveFile(root, urlPath) {
  let relPath = posix.normalize(urlPath).replace(/^\/+/, '');
  if (relPath === '' || relPath.endsWith('/')) relPath += 'index.html';
  if (relPath.split('/').some((part) => part.startsWith('.'))) return null;
  const file = join(root, relPath);
  if (!inside(root, file)) return null;
  const info = await fileStat(root, file);
  if (info) return { file, relPath, size: info.size, mtimeMs: info.mtimeMs };
  // Client-side routes (no extension) render the app; a missing asset must stay a real 404.
  if (extname(relPath) === '' || relPath.endsWith('/index.html')) {
    const index = await fileStat(root, join(root, 'index.html'));
    if (index) {
      return { file: join(root, 'index.html'), relPath: 'index.html', ...pick(index) };
    }
  }
  return null;
}

/** @param {import('node:fs').Stats} info */
const pick = (info) => ({ size: info.size, mtimeMs: info.mtimeMs });

/**
 * @param {{ dir?: string, port?: number, host?: string, assetBase?: string, embedOrigins?: string[] }} [options]
 *   dir: directory to serve (default the project's dist/); port 0 picks a free port; assetBase defaults to
 *   the VITE_ASSET_BASE environment variable and only widens the CSP; embedOrigins (default
 *   VITE_EMBED_ORIGINS) are the pages that may frame the app.
 * @returns {Promise<{ url: string, port: number, close: () => Promise<void> }>}
 */
export async function startServer({
  dir = join(PROJECT_ROOT, 'dist'),
  port = Number(process.env.PORT ?? 4173),
  host = '127.0.0.1',
  assetBase = process.env.VITE_ASSET_BASE,
  embedOrigins = readEmbedOrigins(),
} = {}) {
  const root = await realpath(resolve(dir)).catch(() => resolve(dir));
  const rootInfo = await stat(root).catch(() => null);
  if (!rootInfo?.isDirectory()) throw new Error(`cannot serve ${root}: not a directory`);
  /** @type {Record<string, string>} */
  const baseHeaders = securityHeaders({ assetOrigins: assetOrigins(assetBase), embedOrigins });

  const server = createServer(async (req, res) => {
    for (const [name, value] of Object.entries(baseHeaders)) res.setHeader(name, value);
    /** @param {number} status @param {string} text */
    const fail = (status, text) => {
      res.writeHead(status, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Content-Length': Buffer.byteLength(text),
        'Cache-Control': 'no-cache',
      });
      res.end(req.method === 'HEAD' ? undefined : text);
    };
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.setHeader('Allow', 'GET, HEAD');
        return fail(405, 'Method not allowed\n');
      }
      let urlPath;
      try {
        urlPath = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
      } catch {
        return fail(400, 'Bad request\n');
      }
      if (urlPath.includes('\0')) return fail(400, 'Bad request\n');
      const found = await resolveFile(root, urlPath);
      if (!found) return fail(404, 'Not found\n');

      let { file, size, mtimeMs } = found;
      let encoding = '';
      let hasVariants = false;
      const accepted = acceptedEncodings(req.headers['accept-encoding']);
      for (const [name, suffix] of ENCODINGS) {
        const variant = await fileStat(root, file + suffix);
        if (!variant) continue;
        hasVariants = true;
        if (!encoding && accepted.has(name)) {
          encoding = name;
          file += suffix;
          ({ size, mtimeMs } = pick(variant));
        }
      }
      const etag = `"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}${encoding && `-${encoding}`}"`;
      /** @type {Record<string, string | number>} */
      const headers = {
        'Content-Type': mimeType(extname(found.relPath).toLowerCase()),
        'Cache-Control': cacheControl(found.relPath),
        ETag: etag,
      };
      if (hasVariants) headers['Vary'] = 'Accept-Encoding';
      if (encoding) headers['Content-Encoding'] = encoding;
      if (req.headers['if-none-match'] === etag) {
        res.writeHead(304, headers);
        return res.end();
      }
      headers['Content-Length'] = size;
      res.writeHead(200, headers);
      if (req.method === 'HEAD') return res.end();
      createReadStream(file)
        .on('error', () => res.destroy())
        .pipe(res);
    } catch (error) {
      console.error('serve:', error);
      if (!res.headersSent) fail(500, 'Internal server error\n');
      else res.destroy();
    }
  });

  await new Promise((done, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => done(undefined));
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}`,
    port: address.port,
    close: () =>
      new Promise((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { port: { type: 'string' }, dir: { type: 'string' }, host: { type: 'string' } },
  });
  const port = Number(values.port ?? process.env.PORT ?? 4173);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`serve: invalid port ${values.port}`);
    process.exit(2);
  }
  try {
    const { url, close } = await startServer({ dir: values.dir, port, host: values.host });
    console.log(`serve: ${values.dir ?? 'dist'} at ${url}`);
    const stop = () => close().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  } catch (error) {
    console.error(`serve: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
