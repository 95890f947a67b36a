// Vite's dev server for tools that drive a page in a browser (glasses:check): the project's
// vite.config.ts, so its `define`s exist, on a free port of 127.0.0.1, no build needed.
import { join } from 'node:path';
import { createServer } from 'vite';
import { PROJECT_ROOT } from './constants.mjs';

/**
 * @param {string} cacheName Vite's cache under node_modules/, one per tool
 * @returns {Promise<{ origin: string, close: () => Promise<void> }>}
 */
export async function startDevServer(cacheName) {
  const server = await createServer({
    configFile: join(PROJECT_ROOT, 'vite.config.ts'),
    root: PROJECT_ROOT,
    logLevel: 'error',
    clearScreen: false,
    // Own cache, no discovery: a dependency found mid-run would reload the page, and the app's
    // `npm run dev` may be using node_modules/.vite at the same time. No watcher or HMR: the
    // sources may be edited while a run is going, and nothing here needs a reload.
    cacheDir: join(PROJECT_ROOT, 'node_modules', cacheName),
    // glTF Transform's functions (the spec-gloss conversion) pull in CommonJS (ndarray), which
    // the browser can only import once Vite has bundled it.
    optimizeDeps: { noDiscovery: true, include: ['@gltf-transform/functions'] },
    server: { host: '127.0.0.1', port: 0, strictPort: true, hmr: false, watch: null },
  });
  try {
    await server.listen();
    const address = server.httpServer?.address();
    if (!address || typeof address === 'string') throw new Error('the dev server has no port');
    return { origin: `http://127.0.0.1:${address.port}`, close: () => server.close() };
  } catch (error) {
    await server.close().catch(() => {});
    throw error;
  }
}
