// The app's own server (scripts/serve.mjs) behind a small proxy that adds one same-origin script
// to every HTML page, ahead of the app's. It is the only way to run code before the app in
// WebKitGTK (its WebDriver has no preload scripts), and the CSP's script-src 'self' allows it.
// Everything else passes through untouched: headers, compression, the service worker.
import { createServer, request } from 'node:http';
import { startServer } from '../../scripts/serve.mjs';

export const HOOKS_PATH = '/__engine-hooks.js';
const TAG = `<script src="${HOOKS_PATH}"></script>`;

/**
 * @param {{ dir: string, script: string }} options script: the hooks' source
 * @returns {Promise<{ url: string, close(): Promise<void> }>}
 */
export async function startHookedServer({ dir, script }) {
  const upstream = await startServer({ dir, port: 0 });
  const target = new URL(upstream.url);
  const server = createServer((req, res) => {
    if (new URL(req.url ?? '/', target).pathname === HOOKS_PATH) {
      res.writeHead(200, {
        'Content-Type': 'text/javascript; charset=utf-8',
        'Cache-Control': 'no-store',
      });
      res.end(script);
      return;
    }
    const options = { host: target.hostname, port: target.port, path: req.url };
    const up = request({ ...options, method: req.method, headers: req.headers }, (answer) => {
      const html = String(answer.headers['content-type'] ?? '').startsWith('text/html');
      const plain = !answer.headers['content-encoding'] && answer.statusCode === 200;
      if (!html || !plain || req.method !== 'GET') {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      /** @type {Buffer[]} */
      const chunks = [];
      answer.on('data', (chunk) => chunks.push(chunk));
      answer.on('end', () => {
        const page = Buffer.concat(chunks).toString('utf8');
        if (!page.includes('<head>')) {
          res.writeHead(500, { 'Content-Type': 'text/plain' });
          res.end('hook-server: no <head> to put the hooks in\n');
          return;
        }
        const body = Buffer.from(page.replace('<head>', `<head>${TAG}`));
        const headers = { ...answer.headers, 'content-length': String(body.length) };
        // Not the file's bytes any more: its validator must not vouch for them.
        delete headers.etag;
        res.writeHead(200, headers);
        res.end(body);
      });
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', () => done(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await new Promise((done) => {
        server.close(() => done(undefined));
        server.closeAllConnections();
      });
      await upstream.close();
    },
  };
}
