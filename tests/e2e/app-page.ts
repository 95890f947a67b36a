import type { Page } from 'playwright-core';
import {
  glassesAtEyesInPage,
  parseStats,
  stashPairInPage,
  pollStats,
  type EyeComparison,
  type Stats,
} from './page-checks';

import { recentConsole } from './app-session';
import { referenceEyes } from './reference-eyes';

export type { EyeComparison, Stats } from './page-checks';

export async function readStats(page: Page): Promise<Stats> {
  const data = await page
    .getByTestId('pipeline-stats')
    .evaluate((el) => ({ ...(el as HTMLElement).dataset }));
  return parseStats(data);
}

export async function waitForStats(
  page: Page,
  check: (s: Stats) => boolean,
  timeoutMs = 90_000,
): Promise<Stats> {
  try {
    return await pollStats(() => readStats(page), check, timeoutMs);
  } catch (error) {
    // The figures alone cannot tell an engine that never started from a source that never
    // played: what the screen said and what the video element did go with them.
    const shown = await page
      .evaluate(screenState)
      .catch((why: unknown) => `unread: ${String(why)}`);
    const seen = `${shown}; console: ${JSON.stringify(recentConsole(page))}`;
    throw new Error(`${String(error instanceof Error ? error.message : error)}; screen: ${seen}`, {
      cause: error,
    });
  }
}

/** In the page: the notices shown and the preview video's state, as one line. */
export function screenState(): string {
  const notices = [...document.querySelectorAll('[role="alert"], [role="status"]')]
    .map((el) => el.textContent?.trim())
    .filter(Boolean);
  const video = document.querySelector('video');
  const playing = video
    ? `video ready ${video.readyState} at ${video.currentTime.toFixed(2)} s` +
      `${video.paused ? ' paused' : ''} ${video.videoWidth}x${video.videoHeight}`
    : 'no video';
  return `${JSON.stringify(notices)}; ${playing}; ${location.pathname}${location.search}`;
}

/** Waits until the pump has drawn `more` frames beyond now, with a face. */
export async function drawsAgain(page: Page, more = 10): Promise<void> {
  const { drawn } = await readStats(page);
  await waitForStats(page, (s) => s.drawn >= drawn + more && s.face === 1, 30_000);
}

/** How many engines the page has started (`?stats`): a restart after a crash adds one. */
export function engineSerial(page: Page): Promise<number> {
  return page.evaluate(
    () => (window as unknown as { __tryOn?: { serial: number } }).__tryOn?.serial ?? 0,
  );
}

export async function startCamera(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: '开启摄像头' });
  await button.click({ timeout: 90_000 });
  await page.getByRole('button', { name: '关闭摄像头' }).waitFor({ timeout: 30_000 });
}

/**
 * Renders one picture with and without glasses in the worker and compares the pixels around the
 * eyes of that same picture. Retries a few frames if the kept picture had no face (or none was
 * kept yet).
 */
export async function compareGlassesAtEyes(
  page: Page,
  averageSize = false,
): Promise<EyeComparison> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const result = await page
      .evaluate(glassesAtEyesInPage, { averageSize })
      .catch((error: unknown) => {
        // A source just opened has no kept picture until its first frame is drawn (the stats
        // waited on may still be the source's before it).
        if (String(error).includes('no picture yet')) return null;
        throw error;
      });
    if (result) return result;
    await page.waitForTimeout(200);
  }
  throw new Error('no face in the kept picture');
}

/** A picture kept in the page for judging later at an independent detector's eyes. */
export interface StashedPair {
  bare: string;
  appEyes: number[];
}

/** Keeps one picture with and without glasses in the page (retries while it has no face). */
export async function stashPair(page: Page): Promise<StashedPair> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const stashed = await page.evaluate(stashPairInPage, false);
    if (stashed.appEyes.length === 4) return stashed;
    await page.waitForTimeout(200);
  }
  throw new Error('no face in the kept picture');
}

/**
 * The stashed picture judged as compareGlassesAtEyes does, but at the eyes an independent
 * detector finds on its bare half (reference-eyes.ts), not at the eyes the app reports; also
 * how far apart the two are (px). Best called once the source is off: the reference detector's
 * start then does not compete with the app for the cores.
 */
export async function judgeAtReferenceEyes(
  page: Page,
  { bare, appEyes }: StashedPair,
): Promise<EyeComparison & { appEyesOffPx: number; referenceEyes: number[] }> {
  const eyes = await referenceEyes(page.context(), bare);
  if (!eyes) throw new Error('the reference detector found no face in the picture');
  const result = await page.evaluate(glassesAtEyesInPage, { eyes });
  if (!result) throw new Error('no stashed picture in the page');
  // Either detector may name the picture's left eye first.
  const off = (i: number, j: number) =>
    Math.hypot(
      (appEyes[i]! - eyes[j]!) * result.width,
      (appEyes[i + 1]! - eyes[j + 1]!) * result.height,
    );
  const appEyesOffPx = Math.min(Math.max(off(0, 0), off(2, 2)), Math.max(off(0, 2), off(2, 0)));
  return { ...result, appEyesOffPx, referenceEyes: eyes };
}

/** Taps a catalogue cell and waits until its model is downloaded and worn. */
export async function selectGlasses(page: Page, serialNo: string): Promise<void> {
  const cell = page.locator(`.model-cell[data-serial="${serialNo}"]`);
  await cell.click();
  await page
    .locator(`.model-cell[data-serial="${serialNo}"][aria-pressed="true"]`)
    .waitFor({ timeout: 30_000 });
}

/** Selects glasses and waits until they are worn (their cell no longer busy putting them on). */
export async function wearGlasses(page: Page, serialNo: string): Promise<void> {
  await selectGlasses(page, serialNo);
  await page
    .locator(`.model-cell[data-serial="${serialNo}"][aria-pressed="true"][aria-busy="false"]`)
    .waitFor({ timeout: 60_000 });
}

/** Whether ModelDB holds a record under `key` (read from the page with the raw IndexedDB API). */
export function hasModelDbRecord(page: Page, key: string): Promise<boolean> {
  return page.evaluate(async (key) => {
    const open = indexedDB.open('ModelDB');
    const db: IDBDatabase = await new Promise((ok, fail) => {
      open.onsuccess = () => ok(open.result);
      open.onerror = () => fail(open.error);
    });
    const found = await new Promise<boolean>((ok, fail) => {
      const request = db.transaction('models').objectStore('models').getKey(key);
      request.onsuccess = () => ok(request.result !== undefined);
      request.onerror = () => fail(request.error);
    });
    db.close();
    return found;
  }, key);
}

/** The JSON a ModelDB record holds (stored as UTF-8 bytes), or null without one. */
export function readModelDbJson(page: Page, key: string): Promise<unknown> {
  return page.evaluate(async (key) => {
    const open = indexedDB.open('ModelDB');
    const db: IDBDatabase = await new Promise((ok, fail) => {
      open.onsuccess = () => ok(open.result);
      open.onerror = () => fail(open.error);
    });
    const record = await new Promise<{ data: unknown } | undefined>((ok, fail) => {
      const request = db.transaction('models').objectStore('models').get(key);
      request.onsuccess = () => ok(request.result as { data: unknown } | undefined);
      request.onerror = () => fail(request.error);
    });
    db.close();
    if (!record) return null;
    const data = record.data;
    const text =
      typeof data === 'string' ? data : new TextDecoder().decode(data as ArrayBuffer | Uint8Array);
    return JSON.parse(text) as unknown;
  }, key);
}

/** Writes one ModelDB record from the page, as a damaged disk or an older version would leave it. */
export async function putModelDbRecord(
  page: Page,
  key: string,
  data: string | number,
): Promise<void> {
  await page.evaluate(
    async ({ key, data }) => {
      const open = indexedDB.open('ModelDB');
      const db: IDBDatabase = await new Promise((ok, fail) => {
        open.onsuccess = () => ok(open.result);
        open.onerror = () => fail(open.error);
      });
      const tx = db.transaction('models', 'readwrite');
      tx.objectStore('models').put({
        key,
        data: typeof data === 'string' ? new Blob([data]) : data,
      });
      await new Promise((ok) => (tx.oncomplete = ok));
      db.close();
    },
    { key, data },
  );
}
