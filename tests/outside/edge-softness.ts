// How soft the glasses' edges are in a saved picture, against the picture without them that the
// test makes itself (the source photo, scaled by the browser's own image smoothing). Run in the
// page (self-contained: Playwright serialises it).
//
// Each pixel's difference D from the bare picture sorts it: a rim pixel (D at least 0.6 of the
// largest in its 5×5 neighbourhood, and well over the noise), the bare picture (D within the
// noise), or between. From every rim pixel, each of the four ways: a hard edge steps straight
// onto the bare picture; a soft one passes through one or two pixels between, which a rim
// crossing them partly leaves (antialiasing). A rim drawn without antialiasing has soft edges
// only where its own shading happens to fall off.

export interface EdgeSoftness {
  /** Rim edges that step straight onto the bare picture. */
  hard: number;
  /** Rim edges that pass through one or two pixels of part of the rim's difference. */
  soft: number;
  /** soft / (soft + hard). */
  softShare: number;
}

/**
 * `saved`: the saved PNG, base64; `bare`: the source picture's bytes, base64, scaled by the
 * browser to the saved size. Differences up to `noise` (the two scalings' own) are the bare picture.
 */
export async function edgeSoftnessInPage([saved, bare, noise]: [
  string,
  string,
  number,
]): Promise<EdgeSoftness> {
  const decode = (base64: string) =>
    createImageBitmap(new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))]));
  const shot = await decode(saved);
  const { width, height } = shot;
  const pixels = (bitmap: ImageBitmap) => {
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d')!;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(bitmap, 0, 0, width, height);
    return ctx.getImageData(0, 0, width, height).data;
  };
  const a = pixels(shot);
  const b = pixels(await decode(bare));
  const d = new Float32Array(width * height);
  for (let p = 0; p < d.length; p++) {
    for (let c = 0; c < 3; c++) d[p] = Math.max(d[p]!, Math.abs(a[p * 4 + c]! - b[p * 4 + c]!));
  }
  const [BARE, BETWEEN, RIM] = [0, 1, 2];
  const kind = new Uint8Array(width * height);
  for (let y = 2; y < height - 2; y++) {
    for (let x = 2; x < width - 2; x++) {
      const here = d[y * width + x]!;
      if (here <= noise) continue;
      let most = 0;
      for (let dy = -2; dy <= 2; dy++)
        for (let dx = -2; dx <= 2; dx++) most = Math.max(most, d[(y + dy) * width + x + dx]!);
      kind[y * width + x] = here >= 0.6 * most && here > 3 * noise ? RIM : BETWEEN;
    }
  }
  let hard = 0;
  let soft = 0;
  for (let y = 3; y < height - 3; y++) {
    for (let x = 3; x < width - 3; x++) {
      const p = y * width + x;
      if (kind[p] !== RIM) continue;
      for (const step of [1, -1, width, -width]) {
        const [one, two, three] = [kind[p + step], kind[p + 2 * step], kind[p + 3 * step]];
        if (one === BARE) hard++;
        else if (one === BETWEEN && (two === BARE || (two === BETWEEN && three === BARE))) soft++;
      }
    }
  }
  return { hard, soft, softShare: soft / Math.max(1, soft + hard) };
}
