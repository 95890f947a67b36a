// The production pieces end to end: the build, the static server's headers and encodings, and a
// Chromium with a fake camera. Cheap, so a broken harness fails here before the slow tests run.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetOrigins, buildCsp } from '../../scripts/lib/csp.mjs';
import { startServer } from '../../scripts/serve.mjs';
import {
  ASSET_PATHS,
  FACE_MODEL_BYTES,
  FACE_MODEL_SHA256,
} from '../../src/shared/storage-constants';
import { decodePicture } from '../outside/picture-judge';
import { shootPicture } from '../outside/screen';
import { collectForeignRequests, launchChromium } from './browser.mjs';
import { prepareFixtures } from './fixtures.mjs';

/** The build under test: dist/, or another folder (a private build while others test dist/). */
const DIST_DIR = process.env.E2E_DIST ?? 'dist';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** node:http rather than fetch: fetch would silently decode br/gzip, hiding what was sent. */
function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

let server: { url: string; close(): Promise<void> };

beforeAll(async () => {
  if (!existsSync(join(DIST_DIR, 'index.html'))) {
    throw new Error(
      `${DIST_DIR}/index.html is missing: run \`npm run build\` before the e2e tests`,
    );
  }
  server = await startServer({ dir: DIST_DIR, port: 0 });
});
afterAll(() => server?.close());

describe('production server', () => {
  it('serves index.html with the security headers', async () => {
    const reply = await get(`${server.url}/`);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/html/);
    expect(reply.headers['content-security-policy']).toBe(buildCsp(assetOrigins()));
    expect(reply.headers['content-security-policy']).toContain("default-src 'self'");
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['referrer-policy']).toBe('no-referrer');
    expect(reply.headers['permissions-policy']).toBe('camera=(self)');
    expect(reply.headers['cache-control']).toBe('no-cache');
    expect(reply.body.equals(readFileSync(join(DIST_DIR, 'index.html')))).toBe(true);
  });

  it('falls back to index.html for client-side routes, not for missing assets', async () => {
    const route = await get(`${server.url}/home`);
    expect(route.status).toBe(200);
    expect(route.body.equals(readFileSync(join(DIST_DIR, 'index.html')))).toBe(true);
    const missing = await get(`${server.url}/mediapipe/wasm/missing.wasm`);
    expect(missing.status).toBe(404);
    expect(missing.headers['content-security-policy']).toBe(buildCsp(assetOrigins()));
  });

  it('caches hashed assets forever', async () => {
    const name = readdirSync(join(DIST_DIR, 'assets')).find((file) => file.endsWith('.js'));
    expect(name).toBeDefined();
    const reply = await get(`${server.url}/assets/${name}`, {}, 'HEAD');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/javascript/);
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves the wasm brotli-compressed, decoding to the exact original bytes', async () => {
    const original = readFileSync(join(DIST_DIR, ASSET_PATHS.wasmBinary));
    const integrity = JSON.parse(
      readFileSync(join(DIST_DIR, 'mediapipe/integrity.json'), 'utf8'),
    ) as Record<string, { size: number; sha256: string }>;
    const reply = await get(`${server.url}/${ASSET_PATHS.wasmBinary}`, {
      'Accept-Encoding': 'gzip, deflate, br',
    });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['vary']).toBe('Accept-Encoding');
    expect(reply.headers['content-type']).toBe('application/wasm');
    expect(Number(reply.headers['content-length'])).toBe(reply.body.length);
    expect(reply.body.length).toBeLessThan(original.length / 2);
    const decoded = brotliDecompressSync(reply.body);
    expect(decoded.length).toBe(original.length);
    expect(sha256(decoded)).toBe(sha256(original));
    expect(sha256(decoded)).toBe(integrity[ASSET_PATHS.wasmBinary]?.sha256);
  });

  it('serves the face model uncompressed to clients without br/gzip', async () => {
    const head = await get(`${server.url}/${ASSET_PATHS.faceModel}`, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.headers['content-type']).toBe('application/octet-stream');
    expect(Number(head.headers['content-length'])).toBe(FACE_MODEL_BYTES);
    const body = (await get(`${server.url}/${ASSET_PATHS.faceModel}`)).body;
    expect(body.length).toBe(FACE_MODEL_BYTES);
    expect(sha256(body)).toBe(FACE_MODEL_SHA256);
  });
});

describe('Chromium with a fake camera', () => {
  it('gets a one-track camera stream from the fixture, with no foreign requests', async () => {
    const fixtures = await prepareFixtures();
    const camera = fixtures.cameras[0]!;
    const browser = await launchChromium({ cameraY4m: camera.y4m });
    try {
      const context = await browser.newContext();
      const foreign = collectForeignRequests(context, server.url);
      const page = await context.newPage();
      // A document served by the app's origin (a secure context) that runs none of the app.
      await page.goto(`${server.url}/mediapipe/integrity.json`);
      const stream = await page.evaluate(async () => {
        const media = await navigator.mediaDevices.getUserMedia({ video: true, audio: false });
        const tracks = media.getTracks();
        const settings = tracks[0]?.getSettings();
        tracks.forEach((track) => track.stop());
        return { count: tracks.length, kind: tracks[0]?.kind, width: settings?.width };
      });
      expect(stream).toEqual({ count: 1, kind: 'video', width: camera.width });
      expect(foreign).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});

describe("the screen's shooter (tests/outside/screen.ts)", () => {
  it('leaves out an overlay that shows between reading the page and the screenshot', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 300, height: 200 } });
      // The picture, and a badge on its top left that shows only once the shot has begun: as the
      // PD badge does when the face's measure settles while the screen is being shot.
      await page.setContent(
        '<div style="position:relative;width:200px;height:100px">' +
          '<canvas data-testid="picture" width="200" height="100" style="display:block"></canvas>' +
          '<button id="badge" style="display:none;position:absolute;left:6px;top:6px;' +
          'width:80px;height:30px;border:0;background:#000">63</button></div>',
      );
      const showing = Object.create(page) as typeof page;
      showing.screenshot = async (options) => {
        await page.evaluate(() => (document.getElementById('badge')!.style.display = 'block'));
        return page.screenshot(options);
      };
      const shot = await shootPicture(showing);
      const picture = await decodePicture(shot.png);
      const at = (x: number, y: number) =>
        picture.data[(y * picture.width + x) * picture.channels]!;
      // The screenshot shows the badge (black on the blank canvas), and the shot says it is covered.
      expect([at(40, 20), at(150, 60)]).toEqual([0, 255]);
      const inside = (x: number, y: number) =>
        shot.covered.some((r) => x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height);
      expect([inside(10, 10), inside(80, 30), inside(150, 60)]).toEqual([true, true, false]);
    } finally {
      await browser.close();
    }
  });
});
