// The live picture judged from its shots (screencast or screenshots): how the screen kept pace
// with the source (which source frames it showed, and for how long), and where the glasses sat
// on a sample of them against the reference eyes.
import { expect } from 'vitest';
import { readCode } from './barcode.mjs';
import { judgePicture, percentile, type Reading } from './picture-judge';
import { PRESENT } from './poll-screen';
import type { ReferenceFaces } from './reference-faces';
import { shotPicture, type Shot } from './screen';
import type { RawClip } from './source-frames.mjs';

/** Shots this close (ms) are one burst of a grabber catching up (x11-screen.ts). */
const BURST_MS = 5;

/** A picture on screen this long (s) while the source plays is frozen. */
export const FROZEN_S = 3;

export interface LiveReading {
  shots: number;
  /** Shots whose band names a source frame. */
  readable: number;
  /** Judged shots with a reference face (a sample of the readable ones). */
  judged: Reading[];
  /** The glasses' centre from the reference eyes' midpoint, eye spans. */
  p50: number;
  p95: number;
  /** Different source frames the screen showed per second, and the longest one stayed, s. */
  shownPerS: number;
  longestHoldS: number;
  /** The longest time between two readable shots, s: the shooter's own pauses. */
  longestGapS: number;
}

/** Reads every shot's band, and judges at most `sample` of them spread over the time. */
export async function judgeLive(
  shots: Shot[],
  clip: RawClip,
  faces: ReferenceFaces,
  sample = 40,
): Promise<LiveReading> {
  const coded: { shot: Shot; index: number }[] = [];
  for (const shot of shots) {
    const picture = await shotPicture(shot);
    const code = readCode(picture, Math.ceil((clip.bandRows * picture.height) / clip.height));
    if (code && code.index < clip.frames) coded.push({ shot, index: code.index });
  }
  const { shown, longestHoldS, longestGapS } = holdsOf(
    coded.map(({ shot, index }) => ({ atMs: shot.atMs, index, grabbed: shot.grabbed })),
  );
  const spanS = coded.length > 1 ? (coded.at(-1)!.shot.atMs - coded[0]!.shot.atMs) / 1000 : NaN;
  const step = Math.max(1, coded.length / sample);
  const judged: Reading[] = [];
  for (let k = 0; k < coded.length; k += step) {
    const { shot } = coded[Math.floor(k)]!;
    const picture = await shotPicture(shot);
    const reading = await judgePicture(picture, clip, faces, shot.covered);
    if (reading?.eyes) judged.push(reading);
  }
  const offsets = judged.map((r) => r.offset);
  return {
    shots: shots.length,
    readable: coded.length,
    judged,
    p50: percentile(offsets, 50),
    p95: percentile(offsets, 95),
    shownPerS: shown / spanS,
    longestHoldS,
    longestGapS,
  };
}

export interface SeenFrame {
  atMs: number;
  /** The source frame the shot shows. */
  index: number;
  grabbed?: true;
}

/**
 * How the screen kept pace, from the shots in time order: how many pictures it showed (a change
 * of source frame between two shots starts a new one), how long the longest stayed, and the
 * longest time between two shots, s. A picture is held until a shot shows another. A
 * screenshot waits on the page, so a long gap before the next one is the page's and counts. A
 * display grabber's gap is its own (starved of the CPU, it then catches up with a burst of
 * grabs): what the screen showed meanwhile is unknown, so the hold counts at most one usual
 * interval beyond its last shot, and the gap is reported beside it: a screen that froze while
 * the grabber itself paused is not seen.
 */
export function holdsOf(seen: SeenFrame[]): {
  shown: number;
  longestHoldS: number;
  longestGapS: number;
} {
  const atMs = seen.map((s) => s.atMs);
  const gapsMs = atMs.slice(1).map((t, k) => t - atMs[k]!);
  // The usual interval between shots, a burst's millisecond gaps left out.
  const usualMs = percentile(
    gapsMs.filter((g) => g >= BURST_MS),
    50,
  );
  let shown = 0;
  let longestHoldS = 0;
  for (let i = 0; i < seen.length;) {
    let j = i + 1;
    while (j < seen.length && seen[j]!.index === seen[i]!.index) j++;
    const gapMs = j < seen.length ? atMs[j]! - atMs[j - 1]! : 0;
    const beyondMs = seen[j - 1]!.grabbed ? Math.min(gapMs, usualMs || 0) : gapMs;
    longestHoldS = Math.max(longestHoldS, (atMs[j - 1]! - atMs[i]! + beyondMs) / 1000);
    shown++;
    i = j;
  }
  const longestGapS = gapsMs.length ? Math.max(...gapsMs) / 1000 : NaN;
  return { shown, longestHoldS, longestGapS };
}

/** One line for the log: the figures a note quotes. */
export const liveSummary = (label: string, r: LiveReading) =>
  `${label}: ${r.judged.length} judged of ${r.readable} readable of ${r.shots} shots; glasses ` +
  `centre from the eyes p50 ${r.p50.toFixed(3)}, p95 ${r.p95.toFixed(3)} eye spans; ` +
  `${r.shownPerS.toFixed(1)} source frames shown per s, longest on screen ${r.longestHoldS.toFixed(2)} s ` +
  `(longest between shots ${r.longestGapS.toFixed(2)} s)`;

/**
 * The verdict on a moving face's live picture: nearly every shot names its source frame, enough
 * are judged, the glasses are drawn in each, and the picture moves on (no frame stays FROZEN_S).
 */
export function expectLiveShown(live: LiveReading): void {
  expect(live.readable).toBeGreaterThanOrEqual(0.9 * live.shots);
  expect(live.judged.length).toBeGreaterThanOrEqual(Math.min(30, 0.9 * live.readable));
  expect(live.judged.filter((r) => r.size < PRESENT)).toEqual([]);
  expect(live.longestHoldS).toBeLessThan(FROZEN_S);
}

/** How far behind a moving face they are: half within `p50`, all but one in twenty `p95`. */
export function expectLiveLag(live: LiveReading, bounds: { p50: number; p95: number }): void {
  expect(live.p50).toBeLessThan(bounds.p50);
  expect(live.p95).toBeLessThan(bounds.p95);
}

/** Both: shown live, the glasses drawn in each shot, on the eyes within `bounds`. */
export function expectLiveOnEyes(live: LiveReading, bounds: { p50: number; p95: number }): void {
  expectLiveShown(live);
  expectLiveLag(live, bounds);
}
