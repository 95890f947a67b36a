import { RECORD_FPS } from '../../src/shared/ui-constants';
import { encodeBudgetMs, type PaceProbe } from './encoder-pace';
import { pickRecordFormat, recordSize, type RecordFormat } from './record-format';

/** Scales a recording may fall back to, largest first; the smallest is kept whatever its pace. */
export const FALLBACK_SCALES = [1.5, 1];

/** One size the encoder was timed at. */
export interface PaceTrial {
  scale: number;
  width: number;
  height: number;
  /** ms per frame, Infinity when the probe failed or passed its deadline. */
  paceMs: number;
}

export interface SizedFormat {
  format: RecordFormat;
  scale: number;
  /** Every size timed, in order (empty without a probe). */
  trials: PaceTrial[];
}

type Pick = (width: number, height: number, fps: number) => Promise<RecordFormat | null>;

/**
 * The recording's format at the largest scale (the asked one first, then FALLBACK_SCALES) whose
 * encoder keeps up: it encodes a frame within encodeBudgetMs(), timed by `probe` while drawing and
 * tracking go on. Null when the browser encodes no format at any size. Without a probe (no picture
 * yet) the asked scale is taken.
 */
export async function chooseRecordFormat(
  videoWidth: number,
  videoHeight: number,
  asked: number,
  probe: PaceProbe | null,
  pick: Pick = pickRecordFormat,
): Promise<SizedFormat | null> {
  const scales = [asked, ...FALLBACK_SCALES.filter((s) => s < asked)];
  const trials: PaceTrial[] = [];
  let fallback: SizedFormat | null = null;
  for (const scale of scales) {
    const { width, height } = recordSize(videoWidth, videoHeight, scale);
    // A cap (MAX_RECORD_PIXELS) can give two scales the same size: timed once.
    if (trials.some((t) => t.width === width && t.height === height)) continue;
    const format = await pick(width, height, RECORD_FPS);
    if (!format) continue;
    if (!probe) return { format, scale, trials };
    const paceMs = await probe(format.config).catch(() => Infinity);
    trials.push({ scale, width, height, paceMs });
    fallback = { format, scale, trials };
    if (paceMs <= encodeBudgetMs()) return fallback;
  }
  return fallback;
}

/**
 * What the file says about its size (its comment tag): width × height and how many times the
 * camera picture's width that is (the pixel cap may make it less than the scale), and why a
 * smaller scale than the asked one was taken.
 */
export function sizeNote(chosen: SizedFormat, asked: number, videoWidth: number): string {
  const { width = 0, height = 0 } = chosen.format.config;
  const times = Math.round((width / videoWidth) * 100) / 100;
  const size = `${width}x${height}, ${times}x the camera picture`;
  if (chosen.scale === asked) return `Recorded at ${size}.`;
  const timed = chosen.trials
    .filter((t) => t.scale > chosen.scale)
    .map((t) => `${t.scale}x ${Number.isFinite(t.paceMs) ? `${t.paceMs.toFixed(1)} ms` : 'failed'}`)
    .join(', ');
  const budget = encodeBudgetMs().toFixed(1);
  return `Recorded at ${size}: the encoder took ${timed} a frame, over its ${budget} ms budget.`;
}
