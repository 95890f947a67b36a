// Pieces both engine drivers share: how a click target is found, polling, and the console lines
// the page hooks keep.

/**
 * `text=拍照` → the button with that text (as XPath, which both drivers and the page understand);
 * anything else is a CSS selector.
 * @param {string} target
 * @returns {{ kind: 'css' | 'xpath', value: string }}
 */
export function parseTarget(target) {
  if (!target.startsWith('text=')) return { kind: 'css', value: target };
  const text = target.slice('text='.length);
  if (text.includes("'")) throw new Error(`quote in button text: ${text}`);
  return { kind: 'xpath', value: `//button[normalize-space(.)='${text}']` };
}

/**
 * In the page: whether the target is rendered and not disabled (what a user could click); if so,
 * it is scrolled to the middle of the view.
 * @param {'css' | 'xpath'} kind
 * @param {string} value
 */
export function clickableInPage(kind, value) {
  const el =
    kind === 'css'
      ? document.querySelector(value)
      : document.evaluate(value, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null)
          .singleNodeValue;
  if (!(el instanceof HTMLElement)) return false;
  if (/** @type {HTMLButtonElement} */ (el).disabled || el.getClientRects().length === 0) {
    return false;
  }
  // In the middle of the view: a driver that scrolls it only just into view may leave it under
  // the sticky picture or the control bar, and its click lands on those (WebKitWebDriver).
  el.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
  return true;
}

/**
 * In the page: the lines page-hooks.ts keeps in sessionStorage (none on about:blank).
 * @returns {string[]}
 */
export function hookedConsoleInPage() {
  try {
    return JSON.parse(sessionStorage.getItem('__engineConsole') ?? '[]');
  } catch {
    return [];
  }
}

/**
 * Calls `check` every 250 ms until it returns truthy; a check that throws (a page mid-navigation)
 * counts as not yet.
 * @param {() => Promise<unknown>} check
 * @param {number} timeoutMs
 * @param {string} what
 */
export async function pollUntil(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  for (;;) {
    try {
      if (await check()) return;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const cause = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${cause}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * waitFor for either driver, on top of its evaluate.
 * @param {(fn: Function, ...args: unknown[]) => Promise<unknown>} evaluate
 * @param {string | Function} predicate CSS selector or in-page function
 * @param {{ timeoutMs?: number, args?: unknown[], what?: string }} [options]
 */
export function waitInPage(evaluate, predicate, { timeoutMs = 30_000, args = [], what } = {}) {
  if (typeof predicate === 'string') {
    const selector = predicate;
    return pollUntil(
      () => evaluate((css) => document.querySelector(css) !== null, selector),
      timeoutMs,
      what ?? selector,
    );
  }
  return pollUntil(() => evaluate(predicate, ...args), timeoutMs, what ?? predicate.name);
}

/**
 * The picture as the X display shows it (tests/outside/x11-screen.ts): one shot when `ms` is 0.
 * @param {(fn: Function, ...args: unknown[]) => Promise<any>} evaluate
 * @param {number} ms @param {number} [fps]
 * @returns {Promise<import('../outside/screen').Shot[]>}
 */
export async function grabPicture(evaluate, ms, fps) {
  const { pictureBoxesInPage } = await import('../outside/screen');
  const { grabScreen } = await import('../outside/x11-screen');
  const where = await evaluate(screenRegionInPage);
  const boxes = await evaluate(pictureBoxesInPage);
  if (!where || !boxes) throw new Error('no picture on the page');
  const { origin, ratio, box } = where;
  const { widen } = await import('../outside/screen');
  const shots = await grabScreen(
    {
      box: {
        x: (origin.x + box.x) * ratio,
        y: (origin.y + box.y) * ratio,
        width: box.width * ratio,
        height: box.height * ratio,
      },
      covered: boxes.covered.map((/** @type {import('../outside/picture-judge').Rect} */ c) =>
        widen(c, ratio),
      ),
    },
    ms,
    fps,
  );
  // What covers the picture at the grab's end too: an overlay shown meanwhile (the PD badge, once
  // the face is measured) is no glasses. Read at the start alone, WebKit's live check took the
  // badge, shown from its fourth shot on, for part of the frame: p50 0.94 eye spans, the
  // glasses on the eyes in every shot (once listed as 'file-lag'; seen when Firefox ran first).
  const after = await evaluate(pictureBoxesInPage);
  const late = (after?.covered ?? []).map(
    (/** @type {import('../outside/picture-judge').Rect} */ c) => widen(c, ratio),
  );
  return shots.map((shot) => ({ ...shot, covered: [...shot.covered, ...late] }));
}

/**
 * In the page: the picture's box and what covers it (tests/outside/screen.ts), with the box moved
 * to X screen pixels: Firefox says where its viewport is on the screen (mozInnerScreenX/Y);
 * elsewhere the window's place plus its frame (the toolbar above the viewport, borders even).
 */
export function screenRegionInPage() {
  const picture = document.querySelector('[data-testid="picture"]');
  if (!picture) return null;
  const w = /** @type {Window & { mozInnerScreenX?: number, mozInnerScreenY?: number }} */ (window);
  const originX = w.mozInnerScreenX ?? w.screenX + (w.outerWidth - w.innerWidth) / 2;
  const originY = w.mozInnerScreenY ?? w.screenY + (w.outerHeight - w.innerHeight);
  const r = picture.getBoundingClientRect();
  return {
    origin: { x: originX, y: originY },
    ratio: devicePixelRatio,
    box: { x: r.left, y: r.top, width: r.width, height: r.height },
  };
}
