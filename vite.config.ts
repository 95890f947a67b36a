import { existsSync, readdirSync, readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { readConst } from './scripts/lib/constants.mjs';
import { assetOrigins, buildCsp } from './scripts/lib/csp.mjs';
import { embedOrigins } from './scripts/lib/embed-origins.mjs';

/** Where the app downloads its assets from; one setting, default the app's own origin. */
const assetBase = process.env.VITE_ASSET_BASE ?? '/';
/** Checked before anything is built: a bad base or shop origin stops the build, saying why. */
const assetCspOrigins = assetOrigins(assetBase);
const shopOrigins = embedOrigins();

const readGenerated = (file: string, fallback: unknown): unknown =>
  existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : fallback;
/** Sizes and hashes of the runtime and model, written by scripts/setup-assets.mjs. */
const integrity = readGenerated('public/mediapipe/integrity.json', {});
/** The generated built-in catalogue, kept in the bundle for when the manifest cannot load. */
const builtInCatalogue = readGenerated('public/others/manifest.json', []);

/**
 * Service worker (Workbox generateSW) and web manifest. The SW precaches the app shell only; the
 * 13 MB runtime and the face model live in Cache Storage / ModelDB, where the page verifies them
 * (src/storage/). Names come from src/shared/*-constants.ts and src/i18n/zh-CN.ts; they are read
 * as text because the config imports no extensionless TypeScript (Vite's native config loader).
 */
function pwaOptions(): Partial<VitePWAOptions> {
  const paths: { wasmLoader: string; wasmBinary: string; manifest: string } =
    readConst('ASSET_PATHS');
  const zh = readFileSync('src/i18n/zh-CN.ts', 'utf8');
  const zhString = (key: string) => {
    const found = new RegExp(`^\\s*${key}: '([^']+)',$`, 'm').exec(zh)?.[1];
    if (!found) throw new Error(`zh-CN.ts has no ${key}`);
    return found;
  };
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // An absolute (CDN) asset base must match from the URL start, as Workbox requires for
  // cross-origin routes; a same-origin base matches after any '/'.
  const prefix = /^https?:\/\//i.test(assetBase) ? `^${escape(new URL(assetBase).href)}` : '/';
  const assetPattern = (alternatives: string) =>
    new RegExp(`${prefix}(?:${alternatives})(?:\\?.*)?$`);
  const catalogueDirs = ['models', 'materials', 'previews', 'env'];
  // Decoders are fetched by the worker only when a model needs them, checked and cached there.
  const runtimeDirs = ['mediapipe', 'others', 'decoders', ...catalogueDirs];
  return {
    registerType: 'autoUpdate',
    // Registered by main.tsx after load (no inline code for the CSP, nothing in front of the first
    // render), where a refusal (a third-party frame) is caught instead of thrown at the page.
    injectRegister: false,
    manifest: {
      name: zhString('appTitle'),
      short_name: zhString('appTitle'),
      description: zhString('homeTitle'),
      lang: 'zh-CN',
      start_url: '/home',
      scope: '/',
      display: 'standalone',
      theme_color: '#1b1f24',
      background_color: '#f6f7f9',
      icons: [
        { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: 'icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
      ],
    },
    workbox: {
      // The manifest and its icons are added by the plugin (includeManifestIcons).
      globPatterns: ['**/*.{js,css,html}'],
      // Chunks loaded only where needed (cached then, below): the meshopt decoder for a model that
      // needs it, the page engine where a worker cannot draw.
      globIgnores: [
        ...runtimeDirs.map((dir) => `${dir}/**`),
        '**/*.map',
        '**/meshopt_decoder*',
        ...PAGE_ONLY_CHUNKS,
      ],
      // A guard: anything this large is a runtime asset that slipped past globIgnores.
      maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
      navigateFallback: 'index.html',
      navigateFallbackDenylist: [new RegExp(`^/(?:${[...runtimeDirs, 'assets'].join('|')})/`)],
      cleanupOutdatedCaches: true,
      // Take over the first visit at once, so the glasses fetched in it are cached for offline.
      clientsClaim: true,
      skipWaiting: true,
      runtimeCaching: [
        {
          // The try-on worker's runtime requests, answered from the page's verified cache. The
          // SW never writes there (cacheWillUpdate → null), and ignoreSearch lets the loader's
          // `?delegate=GPU` URL find the same entry.
          urlPattern: assetPattern(`${escape(paths.wasmLoader)}|${escape(paths.wasmBinary)}`),
          handler: 'CacheFirst',
          options: {
            cacheName: readConst('WASM_CACHE_NAME'),
            matchOptions: { ignoreSearch: true },
            plugins: [{ cacheWillUpdate: async () => null }],
          },
        },
        {
          urlPattern: /\/assets\/meshopt_decoder[^/]*\.js$/,
          handler: 'CacheFirst',
          options: { cacheName: 'glasses-decoder-code', cacheableResponse: { statuses: [200] } },
        },
        {
          // Hashed file names: a cached copy is always the right one.
          urlPattern:
            /\/assets\/(?:page-engine|noop-loader|glasses-check\.worker|spec-gloss)-[^/]*\.js$/,
          handler: 'CacheFirst',
          options: { cacheName: 'page-engine-code', cacheableResponse: { statuses: [200] } },
        },
        {
          // A model and its materials asked for by the model's hash (model-files.ts), and the
          // built-in studio light: a cached copy is always the right one.
          urlPattern: new RegExp(
            `${prefix}(?:(?:models|materials)/[^?]+\\?(?:sha256|model)=[0-9a-fA-F]{64}|env/[^?]+)$`,
          ),
          handler: 'CacheFirst',
          options: {
            cacheName: 'glasses-assets',
            cacheableResponse: { statuses: [200] },
            expiration: { maxEntries: 300 },
          },
        },
        {
          // By path only (previews; a model whose manifest entry has no hash): shown at once from
          // the cache, offline too, and brought up to date for the next visit.
          urlPattern: assetPattern(`(?:${catalogueDirs.join('|')})/[^?]+`),
          handler: 'StaleWhileRevalidate',
          options: {
            cacheName: 'glasses-assets-by-path',
            cacheableResponse: { statuses: [200] },
            expiration: { maxEntries: 300 },
          },
        },
        {
          urlPattern: assetPattern(escape(paths.manifest)),
          handler: 'NetworkFirst',
          options: {
            cacheName: 'glasses-manifest',
            networkTimeoutSeconds: 5,
            cacheableResponse: { statuses: [200] },
          },
        },
      ],
    },
  };
}

/**
 * Chunks only some visits need (the page fallback; the shop page's check worker; the spec-gloss
 * conversion for a model that uses it): not precached, cached once used.
 */
const PAGE_ONLY_CHUNKS = [
  '**/page-engine-*',
  '**/noop-loader-*',
  '**/glasses-check.worker-*',
  '**/spec-gloss-*',
];

/**
 * three's DRACOLoader and KTX2Loader name default decoder URLs with `new URL(…, import.meta.url)`,
 * which makes Vite emit ~1 MB of decoders into assets/ (and the service worker precache them on
 * the first visit). The app sets its own paths (setup's copies under decoders/, size- and
 * hash-checked, fetched only when a model needs them), so the defaults become empty strings.
 */
function noDefaultDecoders(): Plugin {
  const defaults =
    /new URL\(\s*'\.\.\/libs\/(?:draco|basis)\/[^']+',\s*import\.meta\.url\s*\)\.toString\(\)/g;
  return {
    name: 'no-default-decoders',
    enforce: 'pre',
    transform(code, id) {
      if (!/three\/examples\/jsm\/loaders\/(DRACOLoader|KTX2Loader)\.js$/.test(id)) return null;
      const replaced = code.replace(defaults, "''");
      if (replaced === code) throw new Error(`${id}: decoder defaults not found (three changed?)`);
      return { code: replaced, map: null };
    },
  };
}

/**
 * glTF Transform's texture helpers import ndarray and ndarray-ops, which compile code with
 * `new Function` as they load: the app's CSP (no 'unsafe-eval') would refuse the whole chunk,
 * spec-gloss conversion and the shop page's packing included. The app never rewrites pixels with
 * them (textures stay as they are), so in the build they become a stub that throws when called:
 * a spec-gloss file with a specular-glossiness texture then keeps its material, with a warning.
 */
function noEvalNdarray(): Plugin {
  const stub = '\0no-eval-ndarray';
  return {
    name: 'no-eval-ndarray',
    apply: 'build',
    enforce: 'pre',
    resolveId: (id) => (id === 'ndarray' || id === 'ndarray-ops' ? stub : null),
    load: (id) =>
      id === stub
        ? `const unavailable = () => { throw new Error('pixel rewriting is not available here'); };
export default new Proxy(unavailable, { get: () => unavailable });`
        : null,
  };
}

/**
 * The server's Content-Security-Policy, also written into the built index.html as a <meta> tag so
 * that any static host or CDN enforces it without server configuration. Build only: the dev
 * server's React refresh needs an inline script.
 */
function cspMeta(): Plugin {
  const charset = '<meta charset="UTF-8" />';
  return {
    name: 'csp-meta',
    apply: 'build',
    // Right after the charset, ahead of every script and stylesheet it must govern.
    transformIndexHtml: (html) => {
      const policy = buildCsp(assetCspOrigins, { meta: true });
      if (!html.includes(charset) || policy.includes('"'))
        throw new Error('csp-meta: cannot place');
      const tag = `<meta http-equiv="Content-Security-Policy" content="${policy}" />`;
      return html.replace(charset, `${charset}\n    ${tag}`);
    },
  };
}

/** The tests' and the bench's builds: test hooks and source maps (a production build has neither). */
const testHooks = process.env.VITE_TEST_HOOKS === '1' || process.env.VITE_BENCH === '1';

/**
 * `npm run bench` (VITE_BENCH=1) builds the app plus the bench pages, which run the same tracking
 * code on the main thread or alone, into dist-bench/ so the shipped dist/ stays untouched.
 */
const benchBuild =
  process.env.VITE_BENCH === '1'
    ? {
        outDir: 'dist-bench',
        rolldownOptions: {
          input: {
            main: 'index.html',
            'model-alone': 'bench/pages/model-alone.html',
          },
        },
      }
    : {};

/**
 * The unit tests share their workers' module cache (about half the suite's time went to importing
 * each file's modules afresh), except the files that replace a module or a global: a module
 * mocked in one file would be the cached one in the next, and the real one already cached would
 * escape the mock (recording-stop's mock of record-prep failed record-prep's own tests).
 */
const UNIT_DIR = 'tests/unit';
const replacesModules = (file: string): boolean =>
  /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(/.test(readFileSync(`${UNIT_DIR}/${file}`, 'utf8'));
const unitFiles = readdirSync(UNIT_DIR).filter((file) => /\.test\.tsx?$/.test(file));
const isolatedUnits = unitFiles.filter(replacesModules).map((file) => `${UNIT_DIR}/${file}`);

export default defineConfig({
  plugins: [react(), VitePWA(pwaOptions()), noDefaultDecoders(), noEvalNdarray(), cspMeta()],
  worker: { format: 'es', plugins: () => [noDefaultDecoders(), noEvalNdarray()] },
  define: {
    __ASSET_INTEGRITY__: JSON.stringify(integrity),
    __BUILT_IN_CATALOGUE__: JSON.stringify(builtInCatalogue),
    __ASSET_BASE__: JSON.stringify(assetBase),
    __EMBED_ORIGINS__: JSON.stringify(shopOrigins),
    __TEST_HOOKS__: JSON.stringify(testHooks),
  },
  // Source maps for the tests' and bench's stack traces only: a shop serves no source.
  build: { target: 'es2023', sourcemap: testHooks, chunkSizeWarningLimit: 1500, ...benchBuild },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          exclude: isolatedUnits,
          isolate: false,
          environment: 'node',
          // npm test runs them at low priority beside the browser suites (scripts/run-tests.sh),
          // where a GLB packing test once took over the default 5 s: the deadline is for hangs.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-isolated',
          include: isolatedUnits,
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['tests/dist-has-hooks.mjs'],
          fileParallelism: false,
          testTimeout: 240_000,
          hookTimeout: 240_000,
          // A real browser on a busy 2-core machine: UI conditions get 20 s, not vitest's 1 s.
          expect: { poll: { timeout: 20_000, interval: 100 } },
        },
      },
      {
        extends: true,
        test: {
          // Firefox ESR and WebKitGTK (`npm run test:engines`, under Xvfb): tests/engines/.
          name: 'engines',
          include: ['tests/engines/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['tests/dist-has-hooks.mjs'],
          fileParallelism: false,
          testTimeout: 240_000,
          hookTimeout: 240_000,
          expect: { poll: { timeout: 20_000, interval: 100 } },
        },
      },
    ],
  },
});
