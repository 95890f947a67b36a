import { describe, expect, it } from 'vitest';
import { decodeCube, encodeCube, pictureDigest } from '../../workers/render/env-cube-codec';
import { prefilterEquirect, type EquirectPixels } from '../../workers/render/env-prefilter';

/** A small equirect with a bright band, so every face and level holds different values. */
function picture(): EquirectPixels {
  const width = 64;
  const height = 32;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const y = Math.floor(i / width);
    data.set([(i * 7) % 256, y < 10 ? 250 : 40, (i * 3) % 256, 255], i * 4);
  }
  return { data, width, height };
}

const SIZE = 16;
const levels = prefilterEquirect(picture(), SIZE);
const digest = await pictureDigest(new Blob(['studio.png bytes']));

describe('environment cube record', () => {
  it('gives back exactly the cube it was made from', () => {
    const decoded = decodeCube(encodeCube(levels, digest), digest, SIZE);
    expect(decoded?.map((level) => level.size)).toEqual([16, 8]);
    decoded!.forEach((level, l) =>
      level.faces.forEach((face, f) => expect(face).toEqual(levels[l]!.faces[f])),
    );
  });

  it('refuses a record made from another picture', async () => {
    const other = await pictureDigest(new Blob(['another picture']));
    expect(decodeCube(encodeCube(levels, digest), other, SIZE)).toBeNull();
  });

  it('refuses a record of another size, cut short, or with another header', () => {
    const bytes = encodeCube(levels, digest);
    expect(decodeCube(bytes, digest, 32)).toBeNull();
    expect(decodeCube(bytes.slice(0, bytes.byteLength - 4), digest, SIZE)).toBeNull();
    for (const offset of [0, 4, 8]) {
      const changed = bytes.slice(0);
      new DataView(changed).setUint32(offset, 2, true);
      expect(decodeCube(changed, digest, SIZE)).toBeNull();
    }
    expect(decodeCube(new ArrayBuffer(0), digest, SIZE)).toBeNull();
  });

  it('refuses a record holding a value no prefilter makes', () => {
    for (const bad of [Number.NaN, Infinity, -0.5]) {
      const bytes = encodeCube(levels, digest);
      new Float32Array(bytes, 44)[100] = bad;
      expect(decodeCube(bytes, digest, SIZE)).toBeNull();
    }
  });
});
