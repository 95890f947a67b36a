// The try-on picture as the screen shows it: a screenshot of the page clipped to the picture's
// box (the composited page, overlays and all), with the boxes of whatever is drawn over the
// picture (labels, hints), which the judge leaves out.
import type { Page } from 'playwright-core';
import type { Picture } from './barcode.mjs';
import { decodePicture, type Rect } from './picture-judge';

export interface Shot {
  png: Buffer;
  /** The same pixels decoded, where the grabber had them (x11-screen.ts). */
  picture?: Picture;
  covered: Rect[];
  /** When it was taken (ms, this process's clock). */
  atMs: number;
  /** Grabbed from the display, which does not wait on the page (x11-screen.ts). */
  grabbed?: true;
}

/**
 * A shot's pixels, decoded once (or as the grabber had them): a wait compares each new shot with
 * the same previous one a few times a second, and a judge reads a shot's code, then the shot.
 */
const decoded = new WeakMap<Shot, Promise<Picture>>();
export function shotPicture(shot: Shot): Promise<Picture> {
  const known = decoded.get(shot);
  if (known) return known;
  const picture = shot.picture ? Promise.resolve(shot.picture) : decodePicture(shot.png);
  decoded.set(shot, picture);
  return picture;
}

/**
 * In the page: the picture's box and, relative to it, the boxes of what paints over it: text,
 * images, and boxes with a background or border (an empty, transparent container paints
 * nothing and covers nothing).
 */
export function pictureBoxesInPage(): { box: Rect; covered: Rect[] } | null {
  const picture = document.querySelector('[data-testid="picture"]');
  if (!picture) return null;
  const r = picture.getBoundingClientRect();
  const covered: Rect[] = [];
  const add = (b: DOMRect) => {
    const [x0, y0] = [Math.max(b.left, r.left), Math.max(b.top, r.top)];
    const [x1, y1] = [Math.min(b.right, r.right), Math.min(b.bottom, r.bottom)];
    if (x1 > x0 && y1 > y0) {
      covered.push({ x: x0 - r.left, y: y0 - r.top, width: x1 - x0, height: y1 - y0 });
    }
  };
  const shown = (el: Element): boolean => {
    for (let e: Element | null = el; e && e !== picture.parentElement; e = e.parentElement) {
      const style = getComputedStyle(e);
      if (style.display === 'none' || style.visibility === 'hidden' || style.opacity === '0') {
        return false;
      }
    }
    return true;
  };
  for (const el of picture.parentElement?.querySelectorAll('*') ?? []) {
    if (el === picture || el.tagName === 'VIDEO' || !shown(el)) continue;
    const style = getComputedStyle(el);
    const paints =
      ['IMG', 'SVG', 'CANVAS'].includes(el.tagName.toUpperCase()) ||
      style.backgroundImage !== 'none' ||
      !/^(transparent|rgba\(.*, 0\))$/.test(style.backgroundColor) ||
      parseFloat(style.borderTopWidth) + parseFloat(style.borderLeftWidth) > 0 ||
      style.boxShadow !== 'none';
    if (paints) add(el.getBoundingClientRect());
    for (const node of el.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      add(range.getBoundingClientRect());
    }
  }
  return { box: { x: r.left, y: r.top, width: r.width, height: r.height }, covered };
}

/**
 * A covering box in the picture's pixels, with a margin: its antialiased edge, spread a pixel
 * further by the judge's smoothing (picture-judge.ts).
 */
export function widen(c: Rect, scale: number): Rect {
  const margin = 3;
  return {
    x: Math.floor(c.x * scale) - margin,
    y: Math.floor(c.y * scale) - margin,
    width: Math.ceil(c.width * scale) + 2 * margin,
    height: Math.ceil(c.height * scale) + 2 * margin,
  };
}

/**
 * Runs before the app: the `?stats` overlay (its figures stay readable in the DOM) is hidden,
 * so that it does not cover the picture the screenshots judge. Through the element's style, which
 * the app's CSP allows (a <style> element it would refuse).
 */
export const HIDE_STATS = `(() => {
  const hide = () => {
    const stats = document.querySelector('[data-testid="pipeline-stats"]');
    if (stats && stats.style.visibility !== 'hidden') stats.style.visibility = 'hidden';
  };
  new MutationObserver(hide).observe(document, { subtree: true, childList: true });
})();`;

/**
 * One screenshot of the picture (device pixels), with what covers it scaled to match: what
 * covered it before the shot and after it, so that an overlay shown meanwhile (the PD badge, once
 * the face is measured) is not taken for glasses. Read before alone, the still camera's check
 * took the badge for part of the frame in two CI runs: 0.69 eye spans above the eyes and
 * rolled 49°, as a badge painted on a good shot reads. tests/e2e/smoke.e2e.ts shows the race.
 */
export async function shootPicture(page: Page): Promise<Shot> {
  const boxes = await page.evaluate(pictureBoxesInPage);
  if (!boxes) throw new Error('no picture on the page');
  const atMs = Date.now();
  const png = await page.screenshot({ clip: boxes.box, animations: 'allow', caret: 'initial' });
  const after = await page.evaluate(pictureBoxesInPage);
  const scale = png.readUInt32BE(16) / boxes.box.width;
  const covered = [...boxes.covered, ...(after?.covered ?? [])].map((c) => widen(c, scale));
  return { png, covered, atMs };
}

/**
 * Screenshots of the picture for `ms`, one every `everyMs` at most: each costs the page a
 * composited frame and its read-back (~0.1 s of a core here), which the app then lacks. With
 * `atLeast`, shooting goes on until that many are taken (a loaded machine takes fewer in `ms`).
 */
export async function shootFor(
  page: Page,
  ms: number,
  everyMs = 250,
  atLeast = 0,
): Promise<Shot[]> {
  const shots: Shot[] = [];
  const end = Date.now() + ms;
  while (Date.now() < end || shots.length < atLeast) {
    const next = Date.now() + everyMs;
    shots.push(await shootPicture(page));
    await page.waitForTimeout(Math.max(0, next - Date.now()));
  }
  return shots;
}
