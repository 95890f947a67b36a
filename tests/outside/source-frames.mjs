// A clip's source frames as the test decoded them (clips.mjs writes them raw, RGB, in order).
import { open } from 'node:fs/promises';

/**
 * @typedef {import('./clips.mjs').ClipInfo & { raw: string }} RawClip
 * @typedef {import('./barcode.mjs').Picture} Picture
 */

/**
 * Frame `index` of the clip (RGB, the clip's own size).
 * @param {RawClip} clip @param {number} index
 * @returns {Promise<Picture>}
 */
export async function sourceFrame(clip, index) {
  if (!Number.isInteger(index) || index < 0 || index >= clip.frames) {
    throw new Error(`${clip.name} has no frame ${index} (${clip.frames} frames)`);
  }
  const size = clip.width * clip.height * 3;
  const handle = await open(clip.raw);
  try {
    const data = new Uint8Array(size);
    const { bytesRead } = await handle.read(data, 0, size, index * size);
    if (bytesRead !== size) throw new Error(`${clip.raw}: frame ${index} is cut short`);
    return { data, width: clip.width, height: clip.height, channels: 3 };
  } finally {
    await handle.close();
  }
}
