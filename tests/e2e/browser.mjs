// Launches Debian's Chromium (no downloaded browser builds here) with software WebGL and a fake
// camera, and watches for requests that would send anything off the device.
import { chromium } from 'playwright-core';

/** Debian's package; overridable for machines that keep Chromium elsewhere. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * @param {{ cameraY4m?: string, extraArgs?: string[], headless?: boolean, gpuCompositing?: boolean }} [options]
 *   cameraY4m: a .y4m file the fake camera loops; without it Chromium shows a synthetic pattern
 *   with no face in it. gpuCompositing: the page composited through SwiftShader too, as the
 *   bench measures it; the tests composite in software (Chromium's own raster path), which on
 *   two cores leaves about a quarter more CPU to the app (the pipeline and camera tests took
 *   68 s instead of 94 s): WebGL, the app's own drawing, is SwiftShader either way.
 * @returns {Promise<import('playwright-core').Browser>}
 */
export function launchChromium({
  cameraY4m,
  extraArgs = [],
  headless = true,
  gpuCompositing = false,
} = {}) {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless,
    args: [
      '--no-sandbox',
      // No GPU on these machines: SwiftShader gives WebGL2 in software.
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      '--ignore-gpu-blocklist',
      '--enable-webgl',
      ...(gpuCompositing ? [] : ['--disable-gpu-compositing']),
      // Keep Chromium's own traffic out of the way (and out of the network-isolation checks).
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      '--autoplay-policy=no-user-gesture-required',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      ...(cameraY4m ? [`--use-file-for-fake-video-capture=${cameraY4m}`] : []),
      ...extraArgs,
    ],
  });
}

/**
 * @typedef {{ url: string, method: string, resourceType: string, kind: 'request' | 'websocket' }} ForeignRequest
 */

/**
 * Records every network request of the context (pages, their workers, and WebSockets) whose
 * origin is not `allowedOrigin`. Local schemes (data:, blob:, about:) never leave the device and
 * are ignored. Attach before the first navigation; the returned array fills as requests happen.
 * @param {import('playwright-core').BrowserContext} context
 * @param {string} allowedOrigin e.g. the test server's `http://127.0.0.1:PORT`
 * @returns {ForeignRequest[]}
 */
export function collectForeignRequests(context, allowedOrigin) {
  const allowed = new URL(allowedOrigin).origin;
  /** @type {ForeignRequest[]} */
  const foreign = [];
  /** @param {string} url */
  const isForeign = (url) => {
    const parsed = URL.canParse(url) ? new URL(url) : null;
    if (!parsed || !/^(https?|wss?):$/.test(parsed.protocol)) return false;
    const origin = parsed.origin.replace(/^ws/, 'http');
    return origin !== allowed;
  };
  context.on('request', (request) => {
    if (isForeign(request.url())) {
      foreign.push({
        url: request.url(),
        method: request.method(),
        resourceType: request.resourceType(),
        kind: 'request',
      });
    }
  });
  /** @param {import('playwright-core').Page} page */
  const watchSockets = (page) =>
    page.on('websocket', (socket) => {
      if (isForeign(socket.url())) {
        foreign.push({
          url: socket.url(),
          method: 'GET',
          resourceType: 'websocket',
          kind: 'websocket',
        });
      }
    });
  context.pages().forEach(watchSockets);
  context.on('page', watchSockets);
  return foreign;
}
