// Launches Debian's Chromium for the e2e tests and the bench: SwiftShader WebGL (both MediaPipe
// delegates and three.js need it), a fake camera fed from a .y4m file, and no background traffic.
import { chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * @param {{ cameraY4m?: string, extraArgs?: string[] }} [options]
 * @returns {Promise<import('playwright-core').Browser>}
 */
export function launchChromium({ cameraY4m, extraArgs = [] } = {}) {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      '--ignore-gpu-blocklist',
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
 * Records every request (page and workers) whose origin is not `allowedOrigin`.
 * @param {import('playwright-core').BrowserContext} context
 * @param {string} allowedOrigin
 * @returns {string[]}
 */
export function collectForeignRequests(context, allowedOrigin) {
  /** @type {string[]} */
  const foreign = [];
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (['data:', 'blob:'].includes(url.protocol)) return;
    if (url.origin !== allowedOrigin) foreign.push(request.url());
  });
  return foreign;
}
