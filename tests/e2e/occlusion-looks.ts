// How occlusion.e2e.ts judges one look at a turned head: the green temples on the worn picture
// against the bare one (temple-hide.ts), the turn and the nose from the reference detector's
// landmarks on the bare picture, and what each look must show.
import { expect } from 'vitest';
import type { Picture } from '../outside/barcode.mjs';
import type { Rect } from '../outside/picture-judge';
import { templeHide, type Backdrop, type TempleHide } from '../outside/temple-hide';
import type { ReferenceLandmarks } from './reference-eyes';

/**
 * The far temple's pixels allowed on the head (HEAD_MARGIN_PX inside the backdrop's edge), as a
 * share of all the far temple's pixels: none on portrait-turn's photos and on the known face
 * painted from the webcam (playing: PLAYING_GLITCH); 0.037 on the astronaut's known
 * face at 50°, where the temple's front end, seen through the far lens, crosses the nose's
 * outline by 1–2 px. Faults: with the average head, 0.26, 0.20 and 0.28 on portrait-turn's
 * photos and up to 0.44 playing (the known face, the average's shape, passes with it); with no
 * head drawn at all, 0.39 and 0.12 on the known face at 30° and 50° (occlusion.e2e.ts, run each
 * way).
 */
const FAR_ON_HEAD = 0.08;
/**
 * The near temple's pixels on a still turned 18–19°, whole from hinge to ear: 523–666 here;
 * 349–520 with the average head, and 346 with the face fitted but the arms bent to the average
 * head (the fitted cheek then hides their middle).
 */
export const NEAR_SHOWN = 400;
/**
 * The far temple's pixels off the head: 156–166 between the lens's rim and the cheek on
 * portrait-turn's photos, 137–176 playing, 158–190 through the far lens on the known face.
 */
const FAR_OFF_HEAD = 50;

export interface Judged {
  label: string;
  /** The least turn the reference must read on the picture, degrees. */
  minTurnDeg: number;
  yawDeg: number;
  hide: TempleHide;
  /** Whether the backdrop key reads the far side's edge as backdrop, and the nose as the head. */
  key: { edge: boolean; nose: boolean };
}

/** How far a pose (column-major 4×4) turns the face about the picture's vertical, degrees. */
export const poseTurnDeg = (m: number[]) =>
  (Math.asin(Math.min(1, Math.abs(m[2]!) / Math.hypot(m[0]!, m[1]!, m[2]!))) * 180) / Math.PI;

/** One look: `worn` against `bare`, the same picture without the glasses, whose face is `face`. */
export function judgeLook(
  look: { label: string; minTurnDeg: number; backdrop: Backdrop },
  worn: Picture,
  bare: Picture,
  face: ReferenceLandmarks,
  covered: readonly Rect[],
): Judged {
  const { label, minTurnDeg, backdrop } = look;
  const hide = templeHide(worn, bare, face, covered, backdrop);
  const pixel = (x: number, y: number) => Math.round(y) * bare.width + Math.round(x);
  const eyesY = ((face.points[33]!.y + face.points[263]!.y) / 2) * bare.height;
  const nose = face.points[1]!;
  return {
    label,
    minTurnDeg,
    yawDeg: poseTurnDeg(face.matrix),
    hide,
    key: {
      edge: backdrop(bare, pixel(hide.farSide === 'left' ? 0 : bare.width - 1, eyesY)),
      nose: backdrop(bare, pixel(nose.x * bare.width, nose.y * bare.height)),
    },
  };
}

/** Read as the head and backdrop they are, and none of the far temple on the head. */
function expectFarHidden({ label, hide, key }: Judged): void {
  expect(key, `backdrop key (${label})`).toEqual({ edge: true, nose: false });
  const share = hide.farOnHeadPx / Math.max(1, hide.farPx);
  expect(share, `far temple on the head (${label})`).toBeLessThan(FAR_ON_HEAD);
}

/**
 * A playing head: a drawn pose is between two tracking results 150–300 ms apart, and the far
 * temple runs nearly along the cheek's outline, so a pose a few pixels off (the tracker's own
 * noise: the bench's audit p50 is ~3 px) puts 10–20 of its ~150 px on the cheek. Beside three busy
 * loops that was 2 shots of about 150 judged, at 0.137 and 0.154, in 11 runs with the frames
 * drawn at their own poses: one shot of a run may pass FAR_ON_HEAD, none PLAYING_GLITCH. Faults:
 * a pose predicted from earlier results, 2 of 16 shots beside the loops (0.116, 0.178) and 6 of 9
 * under CI's load (0.16–1.0); the picture drawn again with the newest result's pose when glasses
 * are put on, 0.23–0.87 in 1–2 shots (3 runs of 16); no hold at all (every frame of the file drawn
 * at once with a predicted pose), 2 and 3 shots of 21 and 17 (0.09–0.22) in two runs side by side.
 * Under that load the app's own fault shows too: the far temple's first centimetre through the
 * far lens over the skin, 3 of 176 shots in 16 runs (two in one), and in a lane run 2 of 12.
 * Alone, as occlusion.e2e runs (scripts/run-tests.sh), the most in ~290 shots of 16 fresh-clone
 * runs was 0.101: the bound gates on the file playing alone.
 */
const PLAYING_GLITCH = 0.2;

/**
 * Read as the head and backdrop they are; at most one shot with the far temple on the head past
 * FAR_ON_HEAD (expectNoPlayingGlitch bounds that one by PLAYING_GLITCH).
 */
export function expectFarHiddenPlaying(looks: readonly Judged[]): void {
  const shares = looks.map(({ label, hide, key }) => {
    expect(key, `backdrop key (${label})`).toEqual({ edge: true, nose: false });
    return { label, share: hide.farOnHeadPx / Math.max(1, hide.farPx) };
  });
  const over = shares.filter(({ share }) => share >= FAR_ON_HEAD);
  expect(
    over.length,
    `shots with the far temple on the head: ${JSON.stringify(over)}`,
  ).toBeLessThan(2);
}

/** No playing shot with more of the far temple on the head than a few pixels' noise puts there. */
export function expectNoPlayingGlitch(looks: readonly Judged[]): void {
  for (const { label, hide } of looks) {
    const share = hide.farOnHeadPx / Math.max(1, hide.farPx);
    expect(share, `far temple on the head (${label})`).toBeLessThan(PLAYING_GLITCH);
  }
}

/** What a still turned head must show: turned, its near temple whole, the far one hidden. */
export function expectHidden(judged: Judged): void {
  const { label, minTurnDeg, yawDeg, hide } = judged;
  expect(yawDeg, `turn (${label})`).toBeGreaterThan(minTurnDeg);
  expect(hide.nearPx, `near temple (${label})`).toBeGreaterThan(NEAR_SHOWN);
  expectFarHidden(judged);
}

/**
 * The far temple shows off the head (between the lens's rim and the cheek, or through the far
 * lens beyond the nose): the head drawn is not swollen past the real one, hiding the temple
 * whole. Averaged over `looks` (a playing clip's first shots catch the frame still coming in).
 */
export function expectFarBeyondCheek(looks: readonly Judged[]): void {
  const off = looks.map(({ hide }) => hide.farPx - hide.farOnHeadPx);
  const mean = off.reduce((a, b) => a + b, 0) / Math.max(1, off.length);
  expect(mean, `far temple off the head (${looks.map((l) => l.label).join(', ')})`).toBeGreaterThan(
    FAR_OFF_HEAD,
  );
}
