/**
 * The page scripts/glasses-check.mjs drives (one or more side by side): one worker per page for
 * the whole run, models fetched from a URL that node answers (page.route) so their bytes never
 * pass through JSON, results back as JSON. A manifest is validated here too, by the app's own
 * validateManifest, so the command's verdict on an entry is the app's and no second copy of the
 * rules can drift from it.
 */
import * as Comlink from 'comlink';
import { validateManifest, type ValidationResult } from '../../src/catalogue/manifest';
import { en } from '../../src/i18n/en';
import { fitReasonText } from '../../src/i18n/fit-reasons';
import {
  formatFrameSize,
  parseFrameSize,
  type FitOverride,
  type GlassesReport,
} from '../../src/shared/glasses-types';
import type { GlassesCheckApi } from '../../workers/glasses-check.worker';

/** The report with each reason also in English words, for the terminal. */
export type PageResult =
  | { ok: true; report: GlassesReport; reasons: string[]; frameSize: string; png: string }
  | { ok: false; name: string; message: string };

export interface GlassesCheckPage {
  /** Resolves to null once the head and environment are loaded, or to why they are not. */
  ready: Promise<string | null>;
  check(url: string, title: string, fit?: FitOverride, size?: string): Promise<PageResult>;
  /** The app's verdict on a manifest (parsed JSON), entry by entry. */
  validate(json: unknown): ValidationResult;
}

declare global {
  interface Window {
    glassesCheck?: GlassesCheckPage;
  }
}

const worker = new Worker(new URL('../../workers/glasses-check.worker.ts', import.meta.url), {
  type: 'module',
});
const api = Comlink.wrap<GlassesCheckApi>(worker);

/** A worker that fails to start never answers Comlink, so its error event settles `ready`. */
const failed = new Promise<string>((resolve) => {
  worker.addEventListener('error', (event) =>
    resolve(
      `the worker failed: ${event.message || 'its script did not load (see the errors above)'}`,
    ),
  );
});
const ready = Promise.race([
  api.init().then(
    () => null,
    (error: unknown) => describe(error).message,
  ),
  failed,
]);

function describe(error: unknown): { name: string; message: string } {
  if (typeof error === 'object' && error !== null) {
    const { name, message } = error as { name?: unknown; message?: unknown };
    return { name: String(name ?? 'Error'), message: String(message ?? error) };
  }
  return { name: 'Error', message: String(error) };
}

function base64(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  let text = '';
  // Chunks keep String.fromCharCode under the engine's argument limit.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(text);
}

async function check(
  url: string,
  title: string,
  fit?: FitOverride,
  size?: string,
): Promise<PageResult> {
  const problem = await ready;
  if (problem) return { ok: false, name: 'SetupError', message: problem };
  try {
    const declared = size === undefined ? undefined : parseFrameSize(size);
    if (declared === null)
      throw new Error(`--frame-size ${size}: not a boxing size like 52□18-140`);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    const bytes = await response.arrayBuffer();
    const { report, png, noPicture } = await api.check(
      Comlink.transfer(bytes, [bytes]),
      title,
      fit,
      declared,
    );
    if (!png) throw new Error(`no picture: ${noPicture}`);
    const reasons = report.reasons.map((r) => `${r.level}: ${fitReasonText(r, en)}`);
    const frameSize = formatFrameSize(report.frameSize);
    return { ok: true, report, reasons, frameSize, png: base64(png) };
  } catch (error) {
    return { ok: false, ...describe(error) };
  }
}

window.glassesCheck = { ready, check, validate: validateManifest };
