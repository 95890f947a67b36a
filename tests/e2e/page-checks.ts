// Page checks that need no particular driver: the stats parser and functions that run inside the
// page. Playwright (tests/e2e), puppeteer and WebDriver (tests/engines) all serialize a function
// with toString(), so the in-page ones must stay self-contained: no imports, no outer variables.

export interface Stats {
  framesIn: number;
  /** Frames the engine drew, and those posed by a fresh tracking result (the pump's counts). */
  drawn: number;
  freshPoses: number;
  dropped: number;
  failed: number;
  inFlight: number;
  /** Tracked and drawn frames per second (the worker's last second). */
  fps: number;
  drawnFps: number;
  /** The longest gap between two drawn frames since the source started. */
  longestGapMs: number;
  detectMs: number;
  renderMs: number;
  face: number;
  faces: number;
  /** Faces in the last tracking result. */
  facesFound: number;
  soughtFaces: number;
  workerTracked: number;
  delegate: string;
  /** 'worker' or 'page' once the engine chose where to run; '' before. */
  path: string;
  quality: string;
  alignPx: number;
  openFrames: number;
  /** Scene cuts the worker noticed in the file since the source started. */
  cuts: number;
  /** The lowest correlation between two compared frames of the file (1 before any). */
  sceneMatchLow: number;
  /** A file's frames' wait for their poses (ms), those drawn before theirs came, those skipped. */
  holdMs: number;
  heldGuessed: number;
  heldSkipped: number;
  eyes: number[];
  pdMm: number | null;
  faceWidthMm: number | null;
  faceScale: number | null;
  /** Tests' builds: the drawn bridge's RMS step and spread, camera px (null before glasses). */
  stepPx: number | null;
  spreadPx: number | null;
}

/** Stats from the data-* attributes of `[data-testid="pipeline-stats"]`. */
export function parseStats(data: Record<string, string | undefined>): Stats {
  const n = (key: string) => Number(data[key] ?? 0);
  return {
    framesIn: n('framesIn'),
    drawn: n('drawn'),
    freshPoses: n('freshPoses'),
    dropped: n('dropped'),
    failed: n('failed'),
    inFlight: n('inFlight'),
    fps: n('fps'),
    drawnFps: n('drawnFps'),
    longestGapMs: n('longestGapMs'),
    detectMs: n('detectMs'),
    renderMs: n('renderMs'),
    face: n('face'),
    faces: n('faces'),
    facesFound: n('facesFound'),
    soughtFaces: n('soughtFaces'),
    workerTracked: n('workerTracked'),
    delegate: data.delegate ?? '',
    path: data.path ?? '',
    quality: data.quality ?? '',
    alignPx: n('alignPx'),
    openFrames: n('openFrames'),
    cuts: n('cuts'),
    sceneMatchLow: Number(data.sceneMatchLow ?? 1),
    holdMs: n('holdMs'),
    heldGuessed: n('heldGuessed'),
    heldSkipped: n('heldSkipped'),
    eyes: (data.eyes ?? '').split(',').filter(Boolean).map(Number),
    // Empty until the face's size is measured (null then).
    pdMm: data.pdMm ? Number(data.pdMm) : null,
    faceWidthMm: data.faceWidthMm ? Number(data.faceWidthMm) : null,
    faceScale: data.faceScale ? Number(data.faceScale) : null,
    stepPx: data.stepPx ? Number(data.stepPx) : null,
    spreadPx: data.spreadPx ? Number(data.spreadPx) : null,
  };
}

/** In the page: the stats element's dataset as a plain object ({} before it renders). */
export function statsDataset(): Record<string, string | undefined> {
  const el = document.querySelector<HTMLElement>('[data-testid="pipeline-stats"]');
  return el ? { ...el.dataset } : {};
}

/** Polls `read` until `check` passes; the error carries the last stats seen. */
export async function pollStats(
  read: () => Promise<Stats>,
  check: (s: Stats) => boolean,
  timeoutMs = 90_000,
): Promise<Stats> {
  const deadline = Date.now() + timeoutMs;
  let last = await read();
  while (!check(last)) {
    if (Date.now() > deadline) throw new Error(`stats condition not met: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
    last = await read();
  }
  return last;
}

export interface EyeComparison {
  width: number;
  height: number;
  /** Mean absolute RGB difference with vs. without glasses, around the eyes and in a far corner. */
  eyes: number;
  /** Distance between the eye centres, and the square root of the area the glasses change, px. */
  eyeSpanPx: number;
  glassesSizePx: number;
  /**
   * The front's height through the eyes, px: on the lines across the eye line within 0.12 of the
   * eyes' span of each eye centre, from the first to the last pixel the glasses change
   * (rim to rim, with the shadow under it), the middle half's mean, both eyes' mean. No temple
   * runs through those lines on a face turned less than about 30°.
   */
  frontHeightPx: number;
  /**
   * Roll in the picture, degrees clockwise: the long axis of the pixels the glasses change, and
   * the tracked eye line.
   */
  glassesRollDeg: number;
  eyesRollDeg: number;
  /** The centre of the pixels the glasses change, as fractions of the picture's width and height. */
  glassesCentre: [number, number];
  corner: number;
  /** With `averageSize`: the same picture and pose judged with the glasses at this face's size. */
  atTrueSize?: EyeComparison;
}

/** How glassesAtEyesInPage judges: the picture and whose eyes. */
export interface EyeCheck {
  /** The glasses at the average face's size instead of this face's. */
  averageSize?: boolean;
  /** Judge the picture stashPairInPage kept, at these eyes (an independent detector's). */
  eyes?: number[];
}

/**
 * In the page: the frame the source <video> shows now, as a PNG data URL at the video's size.
 * Read from the page's video, not asked of the app (a pair the worker renders and encodes took
 * about 0.9 s a picture at 1280×720: tests/e2e/true-size.e2e.ts reads twenty).
 */
export function sourcePictureInPage(): string {
  const video = document.querySelector<HTMLVideoElement>('video.source')!;
  const canvas = document.createElement('canvas');
  [canvas.width, canvas.height] = [video.videoWidth, video.videoHeight];
  canvas.getContext('2d')!.drawImage(video, 0, 0);
  return canvas.toDataURL('image/png');
}

/**
 * In the page (`?stats`): renders one picture with and without glasses, keeps both for a second
 * look at other eyes, and returns the bare one as a data URL with the eyes the app found there.
 * At 2× the video unless `scale` says (a reading that needs no more pixels than the video's: the
 * face detector sees 256 px of it).
 */
export async function stashPairInPage(
  options: boolean | { averageSize?: boolean; scale?: number } = false,
): Promise<{ bare: string; appEyes: number[] }> {
  type Pair = { withGlasses: Blob; without: Blob; eyes: number[] };
  type Debug = { capturePair(s: number, averageSize: boolean): Promise<Pair> };
  const { averageSize = false, scale = 2 } =
    typeof options === 'boolean' ? { averageSize: options } : options;
  const debug = (window as unknown as { __tryOn: Debug }).__tryOn;
  const pair = await debug.capturePair(scale, averageSize);
  (window as unknown as { __testPair: Pair }).__testPair = pair;
  const bare = await new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsDataURL(pair.without);
  });
  return { bare, appEyes: pair.eyes };
}

/**
 * In the page (`?stats`): renders one picture with and without glasses and compares the pixels
 * around the eyes of that same picture: the eyes the app tracked, or (`check.eyes`) the eyes an
 * independent detector found on the picture stashPairInPage kept. Null when the picture had no
 * face (retry).
 */
export async function glassesAtEyesInPage(check: EyeCheck = {}): Promise<EyeComparison | null> {
  type Pair = { withGlasses: Blob; without: Blob; eyes: number[]; withTrueSize?: Blob };
  type Debug = { capturePair(s: number, averageSize: boolean): Promise<Pair> };
  const debug = (window as unknown as { __tryOn: Debug }).__tryOn;
  const pair = check.eyes
    ? { ...(window as unknown as { __testPair: Pair }).__testPair, eyes: check.eyes }
    : await debug.capturePair(2, check.averageSize ?? false);
  if (pair.eyes.length !== 4) return null;
  const pixels = async (blob: Blob) => {
    const bitmap = await createImageBitmap(blob);
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(bitmap, 0, 0);
    return ctx.getImageData(0, 0, bitmap.width, bitmap.height);
  };
  const off = await pixels(pair.without);
  const judged = judge(await pixels(pair.withGlasses));
  if (!pair.withTrueSize) return judged;
  return { ...judged, atTrueSize: judge(await pixels(pair.withTrueSize)) };

  function judge(on: ImageData): EyeComparison {
    const { width, height } = on;
    const region = (cx: number, cy: number, r: number) => {
      let sum = 0;
      let count = 0;
      for (let y = Math.max(0, cy - r); y < Math.min(height, cy + r); y++) {
        for (let x = Math.max(0, cx - r); x < Math.min(width, cx + r); x++) {
          const i = (y * width + x) * 4;
          for (let c = 0; c < 3; c++) sum += Math.abs(on.data[i + c]! - off.data[i + c]!);
          count += 3;
        }
      }
      return sum / Math.max(1, count);
    };
    const [lx, ly, rx, ry] = pair.eyes as [number, number, number, number];
    const eyeSpanPx = Math.hypot((rx - lx) * width, (ry - ly) * height);
    const r = Math.round(eyeSpanPx * 0.45);
    const eyes =
      (region(Math.round(lx * width), Math.round(ly * height), r) +
        region(Math.round(rx * width), Math.round(ry * height), r)) /
      2;
    const changedAt = (i: number) => {
      let d = 0;
      for (let c = 0; c < 3; c++) d += Math.abs(on.data[i + c]! - off.data[i + c]!);
      return d > 30;
    };
    // The front's height about one eye, across the eye line: a rolled head rolls the front, and
    // upright columns read a rim's slant as height (true-size.e2e's growth: 2.6 % too much at 30°
    // of roll). Each line across it reaches an eye span either side of the eye line.
    // The eye line's direction, a unit vector in pixels.
    const [ux, uy] = [((rx - lx) * width) / eyeSpanPx, ((ry - ly) * height) / eyeSpanPx];
    const heightAt = (ex: number, ey: number) => {
      const half = Math.max(1, Math.round(eyeSpanPx * 0.12));
      const reach = Math.round(eyeSpanPx);
      const heights: number[] = [];
      for (let along = -half; along <= half; along++) {
        let [top, bottom] = [NaN, NaN];
        for (let across = -reach; across < reach; across++) {
          const x = Math.round(ex + along * ux - across * uy);
          const y = Math.round(ey + along * uy + across * ux);
          if (x < 0 || y < 0 || x >= width || y >= height) continue;
          if (!changedAt((y * width + x) * 4)) continue;
          if (Number.isNaN(top)) top = across;
          bottom = across;
        }
        heights.push(Number.isNaN(top) ? 0 : bottom - top + 1);
      }
      // The middle half's mean: a line that catches a temple or misses a thin rim is left out,
      // and the rest average below a pixel.
      heights.sort((a, b) => a - b);
      const middle = heights.slice(
        Math.floor(heights.length / 4),
        Math.ceil((heights.length * 3) / 4),
      );
      return middle.reduce((sum, h) => sum + h, 0) / middle.length;
    };
    const frontHeightPx =
      (heightAt(Math.round(lx * width), Math.round(ly * height)) +
        heightAt(Math.round(rx * width), Math.round(ry * height))) /
      2;
    // How large the glasses are: the square root of the area they change (any shape, any turn);
    // their roll: that area's long axis, from its second moments.
    let changed = 0;
    const sum = { x: 0, y: 0, xx: 0, yy: 0, xy: 0 };
    for (let i = 0; i < on.data.length; i += 4) {
      if (!changedAt(i)) continue;
      changed++;
      const x = (i / 4) % width;
      const y = Math.floor(i / 4 / width);
      sum.x += x;
      sum.y += y;
      sum.xx += x * x;
      sum.yy += y * y;
      sum.xy += x * y;
    }
    const n = Math.max(1, changed);
    const [mx, my] = [sum.x / n, sum.y / n];
    const [cxx, cyy, cxy] = [sum.xx / n - mx * mx, sum.yy / n - my * my, sum.xy / n - mx * my];
    const degrees = (radians: number) => (radians * 180) / Math.PI;
    const glassesRollDeg = degrees(0.5 * Math.atan2(2 * cxy, cxx - cyy));
    // Either eye may come first: the line's angle is folded into ±90°.
    const line = degrees(Math.atan2((ry - ly) * height, (rx - lx) * width));
    const eyesRollDeg = line > 90 ? line - 180 : line < -90 ? line + 180 : line;
    const glassesSizePx = Math.sqrt(changed);
    const corner = region(r, r, r);
    const glassesCentre: [number, number] = [mx / width, my / height];
    return {
      width,
      height,
      eyes,
      corner,
      eyeSpanPx,
      glassesSizePx,
      frontHeightPx,
      glassesRollDeg,
      eyesRollDeg,
      glassesCentre,
    };
  }
}
