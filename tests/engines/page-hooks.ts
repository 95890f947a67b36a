// Code that runs in every page before the app (served by hook-server.mjs), and the in-page readers
// for what it records. The same for both engines, so both are observed the same way.
import { SCREEN_RECORDER } from '../e2e/loading-screen';
import { HIDE_STATS } from '../outside/screen';

/**
 * - Console lines, page errors and alerts go to sessionStorage: they survive the navigations a
 *   test makes, and WebKit's WebDriver has no console API. Page realm only (not the worker's).
 * - alert() is recorded instead of shown: a modal would stall WebDriver, and 录像's "not
 *   supported" answer is an alert.
 * - Downloads: saveBlob() clicks an `<a download>` on a blob: URL. The click is recorded with its
 *   Blob instead of starting a real download, because neither driver can observe one here
 *   (WebKitWebDriver has no download API and MiniBrowser would open a save dialog; puppeteer's
 *   download events are CDP-only, not BiDi). The test then checks the very bytes the user would
 *   get: file name, MIME type, size, and the content itself (PNG header, ffprobe).
 */
const HOOKS = `(() => {
  const KEY = '__engineConsole';
  const text = (value) => {
    if (value && typeof value === 'object' && 'message' in value && 'name' in value)
      return value.name + ': ' + value.message;
    if (value && typeof value === 'object') {
      try { return JSON.stringify(value); } catch { return String(value); }
    }
    return String(value);
  };
  const keep = (line) => {
    try {
      const lines = JSON.parse(sessionStorage.getItem(KEY) || '[]');
      lines.push(line.slice(0, 600));
      sessionStorage.setItem(KEY, JSON.stringify(lines.slice(-500)));
    } catch {}
  };
  for (const level of ['log', 'info', 'warn', 'error', 'debug']) {
    const original = console[level];
    console[level] = function (...args) {
      keep(level + ': ' + args.map(text).join(' '));
      return original.apply(this, args);
    };
  }
  addEventListener('error', (e) => keep('pageerror: ' + (e.error ? text(e.error) : e.message)));
  addEventListener('unhandledrejection', (e) => keep('pageerror: unhandled ' + text(e.reason)));

  const alerts = (window.__alerts = []);
  window.alert = (message) => {
    alerts.push(String(message));
    keep('alert: ' + message);
  };

  const blobs = new Map();
  const createObjectURL = URL.createObjectURL;
  URL.createObjectURL = function (object) {
    const url = createObjectURL.call(URL, object);
    if (object instanceof Blob) blobs.set(url, object);
    return url;
  };
  const downloads = (window.__downloads = []);
  const click = HTMLAnchorElement.prototype.click;
  HTMLAnchorElement.prototype.click = function () {
    const blob = this.download ? blobs.get(this.href) : undefined;
    if (!blob) return click.call(this);
    downloads.push({ name: this.download, blob });
  };
})();`;

export const PAGE_HOOKS = `${HOOKS}\n${SCREEN_RECORDER}\n${HIDE_STATS}`;

export interface DownloadInfo {
  name: string;
  type: string;
  size: number;
  /** The first 32 bytes (file signature, PNG size). */
  head: number[];
}

/** In the page: the downloads so far. */
export async function downloadsInPage(): Promise<DownloadInfo[]> {
  const list = (window as unknown as { __downloads?: { name: string; blob: Blob }[] }).__downloads;
  return Promise.all(
    (list ?? []).map(async ({ name, blob }) => ({
      name,
      type: blob.type,
      size: blob.size,
      head: [...new Uint8Array(await blob.slice(0, 32).arrayBuffer())],
    })),
  );
}

/** In the page: one download's bytes as base64 (to read it back with ffprobe). */
export async function downloadBase64InPage(index: number): Promise<string> {
  const list = (window as unknown as { __downloads: { blob: Blob }[] }).__downloads;
  const bytes = new Uint8Array(await list[index]!.blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** In the page: the alerts so far. */
export function alertsInPage(): string[] {
  return (window as unknown as { __alerts?: string[] }).__alerts ?? [];
}

/**
 * The app's own count of the last recording's pictures and of those it left out (a busy
 * encoder's, a second in one slot): for the report beside the file's holds, never a verdict.
 */
export function lastRecordingInPage(): { frames: number; dropped: number } | null {
  type Hooks = { __tryOn?: { lastRecording?: { frames: number; dropped: number } } };
  return (window as unknown as Hooks).__tryOn?.lastRecording ?? null;
}
