import type { WebGLRenderer, WebGLRenderTarget } from 'three';
import { BAND, BAND_TEXELS } from './face-band';
import { EYE_CENTER_Y } from '../common/canonical-face';

/** How often the found lines are read back to tell whether a frame is there (s of picture). */
const TELL_EVERY_S = 1;
/**
 * A read back not answered in this long (ms) is let go, as one that failed: the verdict is "not
 * sure" if there was none yet, and a picture drawn a second later asks again.
 */
const TELL_DEADLINE_MS = 3000;

/** A stretch of the band, cm in the face's space, x from the middle, y from the eyes' height. */
interface Region {
  x: readonly [number, number];
  y: readonly [number, number];
}

/**
 * Where a wearer's frame shows on the band: below the eyes (the lower rims), beside them (the
 * rims' outer edges and the hinges), between them (the bridge), and the whole band. Only the
 * bridge decides (FRAME_SEEN); the others are reported to the tests' stats. Above the eyes the
 * brows read as lines on every face, and are not looked at.
 */
export const FRAME_REGIONS = {
  below: { x: [1.2, 5.4], y: [-2.6, -0.9] },
  beside: { x: [5.0, 6.6], y: [-1.0, 1.0] },
  bridge: { x: [0, 1.0], y: [-0.2, 1.2] },
  whole: { x: [0, BAND.halfWidth], y: [BAND.yLow - EYE_CENTER_Y, BAND.yHigh - EYE_CENTER_Y] },
} as const satisfies Record<string, Region>;

export type FrameRegion = keyof typeof FRAME_REGIONS;

/**
 * The found lines' mean strength (0–1) in each region, both sides of the face together, from
 * the lines target's red channel as read back (RGBA bytes, rows from the band's bottom).
 */
export function lineShares(
  pixels: Uint8Array,
  [width, height]: readonly [number, number] = BAND_TEXELS,
): Record<FrameRegion, number> {
  const shares = {} as Record<FrameRegion, number>;
  for (const [name, { x, y }] of Object.entries(FRAME_REGIONS) as [FrameRegion, Region][]) {
    let sum = 0;
    let count = 0;
    for (let row = 0; row < height; row++) {
      const cy = BAND.yLow + ((row + 0.5) / height) * (BAND.yHigh - BAND.yLow) - EYE_CENTER_Y;
      if (cy < y[0] || cy > y[1]) continue;
      for (let col = 0; col < width; col++) {
        const cx = Math.abs(-BAND.halfWidth + ((col + 0.5) / width) * 2 * BAND.halfWidth);
        if (cx < x[0] || cx > x[1]) continue;
        sum += pixels[4 * (row * width + col)]!;
        count++;
      }
    }
    shares[name] = count ? sum / (255 * count) : 0;
  }
  return shares;
}

/**
 * The found lines' strength between the eyes (the bridge) from which a frame counts as seen, and
 * under which it no longer does; between the two the last verdict holds, so a moving face does
 * not flicker. Read on the shared clips, a second apart (photos, and six readings of each video):
 * the thin metal frame 0.175–0.200; the clear round frame 0–0.068, faces without glasses
 * 0–0.054. Below the eyes the thin frame read only 0.028–0.055 as its face moved, the clear frame
 * up to 0.045; beside them hair reads as much as a rim (0.153 on portrait-turn). The bounds sit
 * about 1.6 times from either side.
 */
export const FRAME_SEEN = { from: 0.11, until: 0.09 } as const;

/** Whether a frame is on the face, given the last verdict (null: none yet). */
export function frameSeen(last: boolean | null, shares: Record<FrameRegion, number>): boolean {
  if (shares.bridge >= FRAME_SEEN.from) return true;
  if (shares.bridge < FRAME_SEEN.until) return false;
  return last ?? false;
}

/**
 * 摘掉我的眼镜's verdict: the found lines (own-glasses.ts's lines target) read back at most every
 * TELL_EVERY_S of the picture's time, without waiting for them (the GPU answers when it has
 * drawn), and whether they show a frame.
 */
export class OwnFrameReading {
  /** The found lines' strength per region at the last read back (null: none since the reset). */
  shares: Record<FrameRegion, number> | null = null;
  /** Whether the wearer's frame is seen (null: not read yet since the reset). */
  seen: boolean | null = null;
  private toldS: number | null = null;
  private asked: object | null = null;
  private deadline: ReturnType<typeof setTimeout> | undefined;
  private readonly pixels = new Uint8Array(BAND_TEXELS[0] * BAND_TEXELS[1] * 4);

  constructor(
    private readonly renderer: WebGLRenderer,
    private readonly lines: WebGLRenderTarget,
    private readonly onVerdict: (seen: boolean) => void,
  ) {}

  /** Forgets what was read: turned on again, the picture is read afresh. */
  reset(): void {
    this.shares = null;
    this.seen = null;
    this.toldS = null;
    this.letGo();
  }

  /** Asks for the lines drawn for the picture at `atS`, if it is time to. */
  tell(atS: number): void {
    if (this.asked) return;
    if (this.toldS !== null && Math.abs(atS - this.toldS) < TELL_EVERY_S) return;
    this.toldS = atS;
    const asked = {};
    this.asked = asked;
    // Unread, the verdict is "not sure" (a still picture is not drawn again to ask once more).
    const unread = () => {
      if (this.asked !== asked) return;
      this.letGo();
      this.judge(this.seen ?? false);
    };
    this.deadline = setTimeout(unread, TELL_DEADLINE_MS);
    const [width, height] = BAND_TEXELS;
    this.renderer
      .readRenderTargetPixelsAsync(this.lines, 0, 0, width, height, this.pixels)
      .then(() => {
        if (this.asked !== asked) return;
        this.letGo();
        this.shares = lineShares(this.pixels);
        this.judge(frameSeen(this.seen, this.shares));
      }, unread);
  }

  private judge(seen: boolean): void {
    const last = this.seen;
    this.seen = seen;
    if (seen !== last) this.onVerdict(seen);
  }

  private letGo(): void {
    clearTimeout(this.deadline);
    this.asked = null;
  }
}
