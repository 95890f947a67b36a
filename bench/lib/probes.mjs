// Page-side probes, installed before any page script runs (context.addInitScript), so the app
// and the bench pages are measured by the same code. Everything lands in `window.__bench`.

/**
 * Self-contained: Playwright serialises this function into every page of the context.
 * - event-loop lag: a chain of 4 ms timers and how late each fires (4 ms is Chrome's clamp for
 *   nested timers, so the chain costs the same whatever the nesting);
 * - requestAnimationFrame intervals, long tasks, and synthetic taps (handler delay and the time
 *   to the task after the next frame, i.e. after its paint);
 * - camera streams (for the track's own frame counter);
 * - a VideoFrame ledger (made / closed / transferred), as in tests/e2e/app-page.ts;
 * - per-frame results: the worker's replies to processFrame (Comlink RAW replies), matched by
 *   message id to the capture time of the frame sent (worker or page-fallback MessagePort).
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
    frames: [],
    streams: [],
    ledger: { made: 0, closed: 0, transferred: 0 },
    reset() {
      for (const list of [bench.lag, bench.raf, bench.taps, bench.longTasks, bench.frames])
        list.length = 0;
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
  const sent = new Map();
  // The engine's frames go to its worker, or over a MessagePort to the page fallback.
  for (const Target of [Worker, MessagePort]) {
    const post = Target.prototype.postMessage;
    Target.prototype.postMessage = function (message, transfer) {
      const list = Array.isArray(transfer) ? transfer : (transfer?.transfer ?? []);
      for (const item of list) {
        if (!(item instanceof Original)) continue;
        ledger.transferred++;
        if (message?.id !== undefined) sent.set(message.id, item.timestamp / 1000);
      }
      return post.call(this, message, transfer);
    };
  }
  const onReply = (event) => {
    const data = event.data;
    if (!data || !sent.has(data.id)) return;
    const capturedAt = sent.get(data.id);
    sent.delete(data.id);
    const value = data.value;
    if (typeof value?.detectMs !== 'number') return;
    const latency = performance.timeOrigin + now() - capturedAt;
    bench.frames.push({
      tracked: value.tracked !== false,
      detect: value.detectMs,
      render: value.renderMs,
      latency,
      face: value.face,
    });
  };
  const OriginalWorker = window.Worker;
  window.Worker = class extends OriginalWorker {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', onReply);
    }
  };
  const OriginalChannel = window.MessageChannel;
  window.MessageChannel = class extends OriginalChannel {
    constructor() {
      super();
      this.port1.addEventListener('message', onReply);
    }
  };
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
      frames: [...bench.frames],
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
