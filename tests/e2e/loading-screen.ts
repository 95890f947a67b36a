// What the Loading screen showed, recorded in the page from its first render. Shared by the
// Chromium storage tests and the Firefox/WebKit engine tests.

/**
 * Records each distinct progress bar state (value, bar width, visible text) and each heading
 * ("Hello!" is on screen for only 300 ms) into `window.__screen`. Runs before the app's scripts.
 */
export const SCREEN_RECORDER = `(() => {
  const screen = (window.__screen = { bar: [], headings: [] });
  new MutationObserver(() => {
    const heading = document.querySelector('h1')?.textContent;
    const lastHeading = screen.headings[screen.headings.length - 1];
    if (heading && lastHeading?.text !== heading) {
      screen.headings.push({ text: heading, at: Math.round(performance.now()) });
    }
    const bar = document.querySelector('[role=progressbar]');
    if (!bar) return;
    const state = {
      value: Number(bar.getAttribute('aria-valuenow')),
      width: bar.firstElementChild?.style.width ?? '',
      text: bar.nextElementSibling?.textContent ?? '',
    };
    const last = screen.bar[screen.bar.length - 1];
    if (!last || last.value !== state.value || last.text !== state.text) screen.bar.push(state);
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})();`;

export interface Screen {
  bar: { value: number; width: string; text: string }[];
  /** `at`: ms since the navigation started. */
  headings: { text: string; at: number }[];
}

/** In the page: what SCREEN_RECORDER saw so far. */
export function recordedScreen(): Screen {
  return (window as unknown as { __screen: Screen }).__screen;
}
