import { formatFrameSize, type FitOverride, type GlassesReport } from '../../shared/glasses-types';
import { validateManifest, type CatalogueEntry } from '../../catalogue/manifest';

/** What the shop page knows of a checked file. */
export interface CheckedFile {
  name: string;
  size: number;
  sha256: string;
}

/**
 * The manifest entry for a checked file, as the shop pastes it into others/manifest.json: the
 * file under models/, its size and hash, the measured boxing size and front width, and the fit
 * overrides chosen on the page (only those set). The serial number is the shop's own: a
 * placeholder it must replace. Validated as the app validates a manifest, so what is copied loads.
 */
export function manifestEntry(
  file: CheckedFile,
  report: GlassesReport,
  fit: FitOverride,
): CatalogueEntry {
  const chosen = Object.fromEntries(
    Object.entries(fit).filter(([, value]) => value !== undefined),
  ) as FitOverride;
  const entry: CatalogueEntry = {
    value: `models/${file.name.replace(/[^A-Za-z0-9._-]/g, '_')}`,
    serialNo: '000',
    text: file.name.replace(/\.glb$/i, '').slice(0, 40) || 'glasses',
    size: file.size,
    sha256: file.sha256,
    frameSize: formatFrameSize(report.frameSize),
    frameWidthMm: Math.round(report.widthMm * 10) / 10,
    ...(Object.keys(chosen).length > 0 ? { fit: chosen } : {}),
  };
  const { entries, rejected } = validateManifest([entry]);
  if (rejected.length > 0 || !entries[0]) {
    throw new Error(`manifest entry refused: ${rejected[0]?.reason ?? 'unknown'}`);
  }
  return entries[0];
}

/** SHA-256 of a file's bytes, hex, as the manifest's `sha256`. */
export async function sha256Hex(bytes: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
}
