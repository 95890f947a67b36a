// The shop catalogue bench's page side (catalogue.mjs): the generated manifest and its frames,
// answered by routes, and the timings taken in the page, so no round trip to Playwright counts.
// Each page function is self-contained: Playwright serialises it into the page.

/** The shop's serial numbers: S00000, S00001 … */
export const serial = (i) => `S${String(i).padStart(5, '0')}`;

/** A manifest of `size` frames, as a shop writes it (others/manifest.json). */
export function shopManifest(size) {
  return Array.from({ length: size }, (_, i) => ({
    value: `models/shop/${serial(i)}.glb`,
    serialNo: serial(i),
    text: `镜框 ${i}`,
  }));
}

/**
 * Answers the manifest and every shop frame (the bytes of one GLB). Routes do not see a service
 * worker's requests, so the session blocks service workers, as tests/e2e/big-catalogue.e2e.ts does.
 */
export async function serveShop(context, size, glb) {
  const body = JSON.stringify(shopManifest(size));
  await context.route('**/others/manifest.json', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body }),
  );
  await context.route('**/models/shop/*.glb', (route) =>
    route.fulfill({ status: 200, contentType: 'model/gltf-binary', body: glb }),
  );
}

/**
 * Init script: the page's clock (from the navigation's start) when the first shop cell enters the
 * DOM, in `window.__firstShopCellMs`. The document itself is watched, as the body does not exist yet.
 */
export function watchFirstShopCell() {
  const observer = new MutationObserver(() => {
    if (!document.querySelector('.model-cell[data-serial^="S"]')) return;
    window.__firstShopCellMs = performance.now();
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
}

/**
 * For each key typed into 搜索: ms from its keydown (the first listener, capturing on the
 * document) to the moment `.search-count` says another number (a MutationObserver, which runs
 * before the paint), in `window.__searchTimes`.
 */
export function watchSearch() {
  const box = document.querySelector('.catalogue-search');
  const text = () => box.querySelector('.search-count')?.textContent ?? '';
  const times = { pending: null, done: [] };
  window.__searchTimes = times;
  document.addEventListener(
    'keydown',
    (event) => {
      if (!(event.target instanceof HTMLInputElement) || event.target.type !== 'search') return;
      times.pending = { t0: performance.now(), before: text(), key: event.key };
    },
    true,
  );
  new MutationObserver(() => {
    const pending = times.pending;
    if (!pending || text() === pending.before) return;
    times.done.push({ key: pending.key, ms: performance.now() - pending.t0, count: text() });
    times.pending = null;
  }).observe(box, { childList: true, characterData: true, subtree: true });
}

/**
 * In the page: where the time to the first cell goes, on the navigation's clock (ms): the
 * document's scripts run (DOMContentLoaded), the manifest's request sent and its last byte in.
 */
export function firstCellTimes() {
  const [nav] = performance.getEntriesByType('navigation');
  const manifest = performance
    .getEntriesByType('resource')
    .find((e) => e.name.includes('/others/manifest.json'));
  const at = (t) => (t === undefined ? null : Math.round(t));
  return {
    scriptsRunMs: at(nav?.domContentLoadedEventEnd),
    manifestAskedMs: at(manifest?.startTime),
    manifestInMs: at(manifest?.responseEnd),
  };
}

/**
 * Scrolls the window for `ms`, a step every `stepMs`, in a timer task (as a wheel's or a key's
 * scroll: the frame after it runs its scroll events, then paints): with `pxPerS`, at that steady
 * speed (a flick's pace); without, to the page's bottom, each step covering what is left over the
 * steps left, since the grid's height grows as rows are measured. Counts the frames painted with
 * part of the grid on screen blank: at each animation frame (after the frame's scroll events,
 * before its paint), whether the rendered cells cover the part of the grid's box in the window.
 */
export function scrollGrid({ ms, stepMs, pxPerS }) {
  return new Promise((resolve) => {
    const end = performance.now() + ms;
    const frames = { painted: 0, blank: 0 };
    let steps = 0;
    let done = false;
    const watch = () => {
      const grid = document.querySelector('.model-grid');
      const box = grid?.getBoundingClientRect();
      const top = Math.max(box?.top ?? 0, 0);
      const bottom = Math.min(box?.bottom ?? 0, innerHeight);
      if (bottom > top) {
        frames.painted++;
        const items = grid.querySelectorAll(':scope > li');
        const first = items[0]?.getBoundingClientRect().top ?? bottom;
        const last = items[items.length - 1]?.getBoundingClientRect().bottom ?? top;
        if (first > top + 1 || last < bottom - 1) frames.blank++;
      }
      if (!done) requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
    let last = performance.now();
    const step = () => {
      const now = performance.now();
      const left = document.documentElement.scrollHeight - innerHeight - scrollY;
      const stepsLeft = Math.max(1, Math.round((end - now) / stepMs));
      const by = pxPerS ? (pxPerS * (now - last)) / 1000 : left / stepsLeft;
      last = now;
      scrollBy({ top: by, behavior: 'instant' });
      steps++;
      if (now < end) return setTimeout(step, stepMs);
      done = true;
      resolve({
        steps,
        frames,
        atBottom: innerHeight + scrollY >= document.documentElement.scrollHeight - 2,
      });
    };
    step();
  });
}

/**
 * Times the next tap (pointerdown, capturing) until the cell of `serialNo` says it is worn
 * (aria-pressed="true"): the result lands in `window.__wear.ms`.
 */
export function watchWear(serialNo) {
  const wear = { t0: null, ms: null };
  window.__wear = wear;
  addEventListener('pointerdown', () => (wear.t0 ??= performance.now()), { capture: true });
  const selector = `.model-cell[data-serial="${serialNo}"][aria-pressed="true"]`;
  const observer = new MutationObserver(() => {
    if (wear.t0 === null || !document.querySelector(selector)) return;
    wear.ms = performance.now() - wear.t0;
    observer.disconnect();
  });
  observer.observe(document.body, { subtree: true, childList: true, attributes: true });
}
