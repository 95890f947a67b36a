/**
 * The try-on inside a shop's page (`?embed` in an iframe): what it tells the page around it, and
 * what it takes from it. Only pages on the operator's list (VITE_EMBED_ORIGINS, README "Inside a
 * shop's page") hear anything or are heard: each message goes out addressed to a listed origin
 * (the browser drops it for any other parent), and a message in counts only from the parent
 * window at a listed origin. The same list sets who may frame the app at all (frame-ancestors).
 */

/** Tags every message, so the shop's page can tell them from its other messages. */
export const EMBED_SOURCE = 'glasses-try-on';
export const EMBED_PARAM = 'embed';

export type EmbedEvent =
  | { type: 'ready' }
  | { type: 'worn'; serialNo: string }
  /** 去购买 tapped: the shop's page opens the frame's product page itself. */
  | { type: 'buy'; serialNo: string; productUrl: string }
  | { type: 'photo'; blob: Blob }
  /** A code, never the words or an error's text: `serialNo` is the shop's own, echoed. */
  | { type: 'error'; code: 'engine' | 'linked-missing'; serialNo?: string };
export type EmbedCommand = { type: 'wear'; serialNo: string };

/** The page was opened as the embedded try-on (`?embed`) inside another page. */
export function isEmbedded(win: Window = window): boolean {
  return win.parent !== win && new URLSearchParams(win.location.search).has(EMBED_PARAM);
}

/**
 * The listed origin of the page around this one, to name where a photo would go: the browser's
 * own word for it (ancestorOrigins; the referrer where that is missing), or the only listed
 * origin. Null when the parent is not on the list or cannot be told apart: then nothing is offered.
 */
export function shopOrigin(
  win: Window = window,
  origins: readonly string[] = __EMBED_ORIGINS__,
): string | null {
  if (!isEmbedded(win)) return null;
  const referrer = URL.canParse(win.document.referrer) ? new URL(win.document.referrer) : null;
  const named = win.location.ancestorOrigins?.[0] ?? referrer?.origin;
  if (named) return origins.includes(named) ? named : null;
  return origins.length === 1 ? origins[0]! : null;
}

/** Tells the page around this one, if it is at a listed origin; otherwise nobody hears it. */
export function tellParent(
  event: EmbedEvent,
  win: Window = window,
  origins: readonly string[] = __EMBED_ORIGINS__,
): void {
  if (!isEmbedded(win)) return;
  for (const origin of origins) win.parent.postMessage({ source: EMBED_SOURCE, ...event }, origin);
}

/** The command in a message, when it comes from the parent window at a listed origin. */
export function commandOf(
  event: MessageEvent,
  win: Window = window,
  origins: readonly string[] = __EMBED_ORIGINS__,
): EmbedCommand | null {
  if (event.source !== win.parent || win.parent === win || !origins.includes(event.origin)) {
    return null;
  }
  const data: unknown = event.data;
  if (typeof data !== 'object' || data === null) return null;
  const { type, serialNo } = data as Record<string, unknown>;
  if (type !== 'wear' || typeof serialNo !== 'string' || serialNo.length > 200) return null;
  return { type, serialNo };
}
