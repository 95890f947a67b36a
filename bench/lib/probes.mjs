// Page-side probes, installed before any page script runs (context.addInitScript), so the app
// and the bench pages are measured by the same code. Everything lands in `window.__bench`.

/**
 * Self-contained: Playwright serialises this function into every page of the context.
 * - event-loop lag: a chain of 4 ms timers and how late each fires (4 ms is Chrome's clamp for
 *   nested timers, so the chain costs the same whatever the nesting);
 * - requestAnimationFrame intervals, long tasks, and synthetic taps (handler delay and the time
 *   to the task after the next frame, i.e. after its paint);
 * - camera streams (for the track's own frame counter);
 * - a VideoFrame ledger (made / closed / transferred), as in tests/e2e/app-page.ts.
 * Per-frame results (detect, render, capture → result) come from the app's own frame pump, which
 * logs them under `?stats` (`window.__tryOnFrames`, src/engine/debug-handle.ts).
 */
export function installProbes() {
  if ('__bench' in window) return;
  const now = () => performance.now();
  const bench = {
    since: now(),
    lastPointerDown: null,
    lag: [],
    raf: [],
    taps: [],
    longTasks: [],
    streams: [],
    ledger: { made: 0, closed: 0, transferred: 0 },
    reset() {
      for (const list of [bench.lag, bench.raf, bench.taps, bench.longTasks]) list.length = 0;
      if (window.__tryOnFrames) window.__tryOnFrames.length = 0;
      bench.since = now();
    },
  };
  Object.defineProperty(window, '__bench', { value: bench });

  let expected = now() + 4;
  const tick = () => {
    const t = now();
    bench.lag.push(Math.max(0, t - expected));
    expected = t + 4;
    setTimeout(tick, 4);
  };
  setTimeout(tick, 4);

  let lastFrame = 0;
  const frame = () => {
    const t = now();
    if (lastFrame) bench.raf.push(t - lastFrame);
    lastFrame = t;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);

  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        bench.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // No Long Tasks API: the count stays empty and the report says so via busy time.
  }

  addEventListener(
    'pointerdown',
    (event) => {
      bench.lastPointerDown = event.timeStamp;
      const delay = now() - event.timeStamp;
      requestAnimationFrame(() =>
        setTimeout(() => bench.taps.push({ delay, paint: now() - event.timeStamp }), 0),
      );
    },
    { capture: true },
  );

  const devices = navigator.mediaDevices;
  if (devices?.getUserMedia) {
    const open = devices.getUserMedia.bind(devices);
    devices.getUserMedia = async (constraints) => {
      const stream = await open(constraints);
      bench.streams.push(stream);
      return stream;
    };
  }

  const Original = window.VideoFrame;
  if (!Original) return;
  const { ledger } = bench;
  window.VideoFrame = class extends Original {
    constructor(...args) {
      super(...args);
      ledger.made++;
    }
    close() {
      if (this.format !== null) ledger.closed++;
      return super.close();
    }
  };
  // The engine's frames go to its worker, or over a MessagePort to the page fallback.
  for (const Target of [Worker, MessagePort]) {
    const post = Target.prototype.postMessage;
    Target.prototype.postMessage = function (message, transfer) {
      const list = Array.isArray(transfer) ? transfer : (transfer?.transfer ?? []);
      for (const item of list) if (item instanceof Original) ledger.transferred++;
      return post.call(this, message, transfer);
    };
  }
}

/** Clears what the probes gathered (before a memory reading, so their arrays do not count). */
export function resetProbes(page) {
  return page.evaluate(() => window.__bench.reset());
}

/** Reads (and by default clears) what the probes gathered since the last reset. */
export function readProbes(page, { reset = true } = {}) {
  return page.evaluate((reset) => {
    const bench = window.__bench;
    const track = bench.streams
      .flatMap((s) => s.getVideoTracks())
      .filter((t) => t.readyState === 'live')
      .at(-1);
    const result = {
      since: bench.since,
      at: performance.now(),
      lag: [...bench.lag],
      raf: [...bench.raf],
      taps: [...bench.taps],
      longTasks: bench.longTasks.filter((t) => t.start >= bench.since),
      frames: [...(window.__tryOnFrames ?? [])],
      ledger: { ...bench.ledger },
      camera: track
        ? {
            totalFrames: track.stats?.totalFrames ?? null,
            deliveredFrames: track.stats?.deliveredFrames ?? null,
            settings: track.getSettings(),
          }
        : null,
    };
    if (reset) bench.reset();
    return result;
  }, reset);
}
