// Issue 51's big shop catalogue (catalogue.mjs): its figures as lines for the terminal.
import {
  FLICK_PX_PER_S,
  FLICK_STEP_MS,
  KEY_TIMEOUT_MS,
  SCROLL_STEP_MS,
  TARGETS,
} from './catalogue.mjs';
import { serial } from './catalogue-page.mjs';
import { round } from './stats.mjs';

const ms = (value) => round(value, 0);

/** One line per figure, for the terminal. */
export function catalogueLines(shops) {
  const lines = [];
  for (const shop of shops) {
    const at = `catalogue ${shop.size}${shop.raster === 'cpu' ? ' (tiles rasterised on the CPU)' : ''}:`;
    if (shop.error) {
      lines.push(`${at} failed: ${shop.error}`);
      continue;
    }
    const { search, idle, flick, scrolling: scroll, heapBefore: hb, heapCamera: hc } = shop;
    const split = shop.firstCellSplit;
    const lag = (w) =>
      `lag p50 ${round(w.lagMs.p50, 1)} ms, p95 ${round(w.lagMs.p95, 1)} ms, max ${ms(w.lagMs.max)} ms; drawn ${w.drawnFps} fps; ${w.longTasks} long tasks`;
    const blank = ({ frames }) =>
      `frames with part of the grid on screen blank: ${frames.blank} of ${frames.painted}`;
    lines.push(
      `${at} first shop cell in the DOM ${shop.firstCellMs} ms after navigating to /home?stats (target ≤ ${TARGETS.firstCellMs} ms at 2 000); before it, on the same clock: scripts run (DOMContentLoaded) ${split.scriptsRunMs} ms, manifest asked ${split.manifestAskedMs} ms, its last byte in ${split.manifestInMs} ms`,
      `${at} 搜索 key → 共 N 款 changed: p50 ${ms(search.ms.p50)} ms, p95 ${ms(search.ms.p95)} ms, max ${ms(search.ms.max)} ms over ${search.ms.n} of ${search.keys} keys ("${search.query}" typed then deleted; ${search.missed} unanswered in ${KEY_TIMEOUT_MS} ms; 共 ${search.endCount} 款 at the end) (target ≤ ${TARGETS.searchMs} ms)`,
      `${at} camera on, ${serial(0)} worn, idle ${idle.seconds} s: ${lag(idle)}`,
      `${at} scrolling at ${FLICK_PX_PER_S} px/s from the top (${flick.result.steps} steps every ${FLICK_STEP_MS} ms, ${flick.seconds} s): ${lag(flick)}; ${blank(flick.result)} (targets lag p95 ≤ ${TARGETS.lagP95Ms} ms, drawn fps as idle)`,
      `${at} scrolling top to bottom (${scroll.result.steps} scrollBy steps every ${SCROLL_STEP_MS} ms, ${scroll.seconds} s, bottom reached: ${scroll.result.atBottom}): ${lag(scroll)}; ${blank(scroll.result)} (targets lag p95 ≤ ${TARGETS.lagP95Ms} ms, drawn fps as idle)`,
      `${at} .model-grid li in the DOM: ${shop.atTop} at the top, ${shop.atBottom} at the bottom (last cell ${serial(shop.size - 1)} shown: ${shop.lastShown})`,
      `${at} JS heap after GC, page + workers: ${hb.totalMb} MB (${hb.pageMb} + ${hb.workersMb}) before the camera, ${hc.totalMb} MB (${hc.pageMb} + ${hc.workersMb}) with the camera on after scrolling`,
      `${at} ${shop.far} (searched) worn ${shop.farWornMs} ms after the tap (target ≤ ${TARGETS.wornMs} ms)`,
    );
  }
  return lines;
}
