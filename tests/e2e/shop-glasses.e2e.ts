// A shop's own frames, as real exports bring them: a Draco-compressed GLB and a Z-up millimetre
// GLB listed in the manifest are worn at the eyes, online and offline on a second visit, and so
// are files that only lost a texture; files that cannot be worn say why on their cell, store
// nothing and leave the glasses on the face.
import { createHash } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/serve.mjs';
import { GLASSES_MAX_BYTES, GLASSES_MAX_TRIANGLES } from '../../src/shared/storage-constants';
import { zhCN } from '../../src/i18n/zh-CN';
import { makeBadFiles, makeVariants } from '../corpus/glasses-variants.mjs';
import { prepareCodedClips } from '../outside/clips.mjs';
import { clipJudge, onEyes, STILL_OFF, untilScreen } from '../outside/poll-screen';
import { ReferenceFaces } from '../outside/reference-faces';
import { shootPicture } from '../outside/screen';
import { selectGlasses, startCamera } from './app-page';
import { shopCopy } from './shop-copy';
import { newSession, serviceWorkerInControl } from './storage-helpers';

const camera = (await prepareCodedClips()).still;
let faces: ReferenceFaces;
let server: { url: string; close(): Promise<void> };
let root: string;
/** The file a shop replaces under the same path (102's), and what replaces it. */
let replacement: Uint8Array;

/** Shop entries: serial → the file and the message its cell must show (none when wearable). */
const SHOP = [
  { serial: '101', file: 'draco', text: 'Draco 压缩' },
  { serial: '102', file: 'z-up-mm', text: 'Z 轴朝上 毫米' },
  { serial: '103', file: 'truncated', text: '损坏的文件', message: zhCN.glassesCorrupt },
  { serial: '104', file: 'no-meshes', text: '没有模型', message: zhCN.glassesNoMeshes },
  // Geometry good, texture broken or its file missing: worn without it.
  { serial: '105', file: 'bad-texture', text: '贴图损坏' },
  { serial: '108', file: 'missing-texture', text: '贴图缺失' },
  {
    serial: '106',
    file: 'too-many-triangles',
    text: '面数过多',
    message: zhCN.glassesTooManyTriangles.replace('{wan}', String(GLASSES_MAX_TRIANGLES / 10_000)),
  },
  // No declared size: the download itself stops at the limit.
  {
    serial: '107',
    file: 'too-large',
    text: '文件过大',
    message: zhCN.glassesTooLarge.replace('{limit}', String(GLASSES_MAX_BYTES / 1024 / 1024)),
    undeclared: true,
  },
];

beforeAll(async () => {
  faces = await ReferenceFaces.of(camera);
  const original = new Uint8Array(await readFile('public/models/002.glb'));
  const files = new Map<string, Uint8Array>();
  for (const v of await makeVariants(original)) files.set(v.name, v.glb);
  replacement = files.get('mm')!;
  for (const b of await makeBadFiles(original)) files.set(b.name.replace(/\.glb$/, ''), b.bytes);
  root = await shopCopy(
    'shop-glasses',
    SHOP.map((entry) => {
      const bytes = files.get(entry.file);
      if (!bytes) throw new Error(`corpus has no ${entry.file}`);
      const value = `models/shop-${entry.file}.glb`;
      return {
        serialNo: entry.serial,
        text: entry.text,
        undeclared: entry.undeclared,
        value,
        bytes,
      };
    }),
  );
  server = await startServer({ dir: root, port: 0 });
});
afterAll(async () => {
  await faces?.close();
  await server?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

/** The screen shows the glasses on the still face's eyes (an independent detection's). */
async function expectGlassesAtEyes(page: Page, label: string): Promise<void> {
  await untilScreen(
    `shop-${label}`,
    () => shootPicture(page),
    clipJudge(camera, faces),
    onEyes(STILL_OFF),
  );
}

const cell = (page: Page, serial: string) => page.locator(`.model-cell[data-serial="${serial}"]`);

/**
 * /home with the camera on, its grid brought into view: the grid renders the rows near the screen
 * only, and at the top of the page this shop's last rows are not yet among them.
 */
async function homeWithCamera(page: Page): Promise<void> {
  await page.goto(`${server.url}/home?stats`);
  await startCamera(page);
  await page.locator('.model-grid').scrollIntoViewIfNeeded();
}

/** ModelDB keys the page holds (what was stored). */
const storedKeys = (page: Page): Promise<string[]> =>
  page.evaluate(async () => {
    const open = indexedDB.open('ModelDB');
    const db: IDBDatabase = await new Promise((ok, fail) => {
      open.onsuccess = () => ok(open.result);
      open.onerror = () => fail(open.error);
    });
    const tx = db.transaction('models', 'readonly');
    const request = tx.objectStore('models').getAllKeys();
    const keys: IDBValidKey[] = await new Promise(
      (ok) => (request.onsuccess = () => ok(request.result)),
    );
    db.close();
    return keys.map(String);
  });

describe('glasses exported by a shop', () => {
  it('wears Draco and Z-up millimetre exports at the eyes, refuses bad files, works offline', async () => {
    const { page, context, close } = await newSession(camera.y4m);
    const decoders: string[] = [];
    context.on('request', (r) => {
      if (r.url().includes('/decoders/')) decoders.push(new URL(r.url()).pathname);
    });
    try {
      // A first visit (the Loading screen hands over to /home), then the page with its figures.
      await page.goto(`${server.url}/`);
      await page.waitForURL('**/home', { timeout: 120_000 });
      await serviceWorkerInControl(page);
      await homeWithCamera(page);
      await expect.poll(() => cell(page, '107').count()).toBe(1);
      await selectGlasses(page, '002');
      // Decoders are fetched only for a model that needs them: Draco's for 101, never Basis.
      expect(decoders).toEqual([]);
      for (const serial of ['101', '105', '108', '102']) {
        await selectGlasses(page, serial);
        await expectGlassesAtEyes(page, serial);
      }
      expect([...new Set(decoders)].sort()).toEqual([
        '/decoders/draco/draco_decoder.wasm',
        '/decoders/draco/draco_wasm_wrapper.js',
      ]);
      // Each bad file: its own message on its cell, nothing stored, 102 still worn.
      for (const entry of SHOP.filter((e) => e.message)) {
        await cell(page, entry.serial).click();
        await expect
          .poll(() => cell(page, entry.serial).locator('.retry').textContent())
          .toBe(entry.message);
        expect(await cell(page, entry.serial).getAttribute('data-status')).toBe('not-downloaded');
        expect(await cell(page, '102').getAttribute('aria-pressed')).toBe('true');
      }
      expect((await storedKeys(page)).filter((k) => k.startsWith('models/shop-')).sort()).toEqual([
        'models/shop-bad-texture.glb',
        'models/shop-draco.glb',
        'models/shop-missing-texture.glb',
        'models/shop-z-up-mm.glb',
      ]);
      await expectGlassesAtEyes(page, 'still-worn');

      // Second visit without a network: the Draco model and its decoder come from local storage.
      await context.setOffline(true);
      await homeWithCamera(page);
      await selectGlasses(page, '101');
      await expectGlassesAtEyes(page, 'draco-offline');

      // The shop replaces 102's file under the same path and lists its new size and hash: the
      // visitor's service worker and stored copy hold the old bytes, and the new ones are worn.
      await context.setOffline(false);
      await writeFile(join(root, 'models/shop-z-up-mm.glb'), replacement);
      const manifest = JSON.parse(await readFile(join(root, 'others/manifest.json'), 'utf8'));
      Object.assign(
        manifest.find((e: { serialNo: string }) => e.serialNo === '102'),
        {
          size: replacement.byteLength,
          sha256: createHash('sha256').update(replacement).digest('hex'),
        },
      );
      await writeFile(join(root, 'others/manifest.json'), JSON.stringify(manifest));
      await homeWithCamera(page);
      await cell(page, '102').click();
      // Worn, or its cell says why not (the old bytes failing the new hash did, before).
      await page
        .locator('.model-cell[data-serial="102"]:is([aria-pressed="true"], :has(.retry))')
        .waitFor({ timeout: 60_000 });
      expect(await cell(page, '102').locator('.retry').allTextContents()).toEqual([]);
      expect(await cell(page, '102').getAttribute('aria-pressed')).toBe('true');
      await expectGlassesAtEyes(page, 'replaced');
    } finally {
      await close();
    }
  });
});
