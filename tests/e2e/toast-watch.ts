import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * Records every message the page's status regions (the toast) show from now on, so a 2 s toast is
 * seen even when a loaded machine lets more than 2 s pass between the test's looks at the page (a
 * polled look missed one in a CI run). It reads what the page puts on the screen, as a screen
 * reader does.
 */
export async function watchToasts(
  page: Page,
): Promise<{ said(text: string): Promise<void>; seen(): Promise<string[]> }> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __toastsSeen: string[] }).__toastsSeen = seen;
    // Each region's text as last seen: a message shown again after its region emptied counts
    // again (a toast said twice), one that stays does not.
    const shown = new Map<Element, string>();
    const look = () => {
      for (const region of document.querySelectorAll('[role="status"]')) {
        const text = region.textContent ?? '';
        if (text && shown.get(region) !== text) seen.push(text);
        shown.set(region, text);
      }
    };
    new MutationObserver(look).observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  });
  const seen = () =>
    page.evaluate(() => (window as unknown as { __toastsSeen: string[] }).__toastsSeen);
  return {
    seen,
    async said(text: string) {
      await expect.poll(seen).toContainEqual(expect.stringContaining(text));
    },
  };
}
