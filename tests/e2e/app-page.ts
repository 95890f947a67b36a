import type { Page } from 'playwright-core';

export interface Stats {
  framesIn: number;
  tracked: number;
  dropped: number;
  failed: number;
  inFlight: number;
  fps: number;
  detectMs: number;
  renderMs: number;
  face: number;
  faces: number;
  workerTracked: number;
  delegate: string;
  quality: string;
  alignPx: number;
  openFrames: number;
  eyes: number[];
}

export async function readStats(page: Page): Promise<Stats> {
  const data = await page
    .getByTestId('pipeline-stats')
    .evaluate((el) => ({ ...(el as HTMLElement).dataset }));
  const n = (key: string) => Number(data[key] ?? 0);
  return {
    framesIn: n('framesIn'),
    tracked: n('tracked'),
    dropped: n('dropped'),
    failed: n('failed'),
    inFlight: n('inFlight'),
    fps: n('fps'),
    detectMs: n('detectMs'),
    renderMs: n('renderMs'),
    face: n('face'),
    faces: n('faces'),
    workerTracked: n('workerTracked'),
    delegate: data.delegate ?? '',
    quality: data.quality ?? '',
    alignPx: n('alignPx'),
    openFrames: n('openFrames'),
    eyes: (data.eyes ?? '').split(',').filter(Boolean).map(Number),
  };
}

export async function waitForStats(
  page: Page,
  check: (s: Stats) => boolean,
  timeoutMs = 90_000,
): Promise<Stats> {
  const deadline = Date.now() + timeoutMs;
  let last = await readStats(page);
  while (!check(last)) {
    if (Date.now() > deadline) throw new Error(`stats condition not met: ${JSON.stringify(last)}`);
    await page.waitForTimeout(250);
    last = await readStats(page);
  }
  return last;
}

export async function startCamera(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: '开启摄像头' });
  await button.click({ timeout: 90_000 });
  await page.getByRole('button', { name: '关闭摄像头' }).waitFor({ timeout: 30_000 });
}

export interface EyeComparison {
  width: number;
  height: number;
  /** Mean absolute RGB difference with vs. without glasses, around the eyes and in a far corner. */
  eyes: number;
  corner: number;
}

/**
 * Renders one picture with and without glasses in the worker and compares the pixels around the
 * eyes of that same picture. Retries a few frames if the kept picture had no face.
 */
export async function compareGlassesAtEyes(page: Page): Promise<EyeComparison> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const result = await page.evaluate(async () => {
      type Pair = { withGlasses: Blob; without: Blob; eyes: number[] };
      const debug = (window as unknown as { __tryOn: { capturePair(s: number): Promise<Pair> } })
        .__tryOn;
      const pair = await debug.capturePair(2);
      if (pair.eyes.length !== 4) return null;
      const pixels = async (blob: Blob) => {
        const bitmap = await createImageBitmap(blob);
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const ctx = canvas.getContext('2d')!;
        ctx.drawImage(bitmap, 0, 0);
        return ctx.getImageData(0, 0, bitmap.width, bitmap.height);
      };
      const on = await pixels(pair.withGlasses);
      const off = await pixels(pair.without);
      const { width, height } = on;
      const region = (cx: number, cy: number, r: number) => {
        let sum = 0;
        let count = 0;
        for (let y = Math.max(0, cy - r); y < Math.min(height, cy + r); y++) {
          for (let x = Math.max(0, cx - r); x < Math.min(width, cx + r); x++) {
            const i = (y * width + x) * 4;
            for (let c = 0; c < 3; c++) sum += Math.abs(on.data[i + c]! - off.data[i + c]!);
            count += 3;
          }
        }
        return sum / Math.max(1, count);
      };
      const [lx, ly, rx, ry] = pair.eyes as [number, number, number, number];
      const r = Math.round(Math.hypot((rx - lx) * width, (ry - ly) * height) * 0.45);
      const eyes =
        (region(Math.round(lx * width), Math.round(ly * height), r) +
          region(Math.round(rx * width), Math.round(ry * height), r)) /
        2;
      return { width, height, eyes, corner: region(r, r, r) };
    });
    if (result) return result;
    await page.waitForTimeout(200);
  }
  throw new Error('no face in the kept picture');
}

/** Taps a catalogue cell and waits until its model is downloaded and worn. */
export async function selectGlasses(page: Page, serialNo: string): Promise<void> {
  const cell = page.locator(`.model-cell[data-serial="${serialNo}"]`);
  await cell.click();
  await page
    .locator(`.model-cell[data-serial="${serialNo}"][aria-pressed="true"]`)
    .waitFor({ timeout: 30_000 });
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
