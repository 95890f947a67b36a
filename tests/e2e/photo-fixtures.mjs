// Photos for the photo source (issue 38), made from the still face of the other fixtures (a
// frontal webcam picture from ../shared, or Debian's astronaut) and cached beside them: the face
// as a JPEG, the same stored sideways with an EXIF orientation that turns it upright, two faces,
// a picture with no face, and files that must be refused.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { stillFacePicture } from '../outside/clips.mjs';
import { CACHE, ffmpegCached } from './fixtures.mjs';

/** @param {string} path @returns {Promise<{ width: number, height: number }>} */
async function pictureSize(path) {
  const out = spawnSync('ffprobe', [
    ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height'],
    ...['-of', 'csv=p=0', path],
  ]);
  const [width = 0, height = 0] = String(out.stdout).trim().split(',').map(Number);
  return { width, height };
}

/** A JPEG segment: marker, then its length (which counts itself) and payload. */
const segment = (/** @type {number} */ marker, /** @type {Buffer} */ payload) => {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xff00 | marker, 0);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
};

/**
 * An EXIF APP1 segment holding only the orientation (tag 0x0112, SHORT), big-endian TIFF.
 * @param {number} orientation 1–8
 */
export function exifOrientation(orientation) {
  const tiff = Buffer.alloc(26);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4); // IFD0 right after the header
  tiff.writeUInt16BE(1, 8); // one entry
  tiff.writeUInt16BE(0x0112, 10);
  tiff.writeUInt16BE(3, 12); // SHORT
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt16BE(orientation, 18);
  tiff.writeUInt32BE(0, 22); // no next IFD
  return segment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]));
}

/**
 * `jpeg` with an EXIF orientation segment right after its start marker.
 * @param {Buffer} jpeg @param {number} orientation
 */
export function withOrientation(jpeg, orientation) {
  if (jpeg.readUInt16BE(0) !== 0xffd8) throw new Error('not a JPEG');
  return Buffer.concat([jpeg.subarray(0, 2), exifOrientation(orientation), jpeg.subarray(2)]);
}

/**
 * The header of a JPEG and nothing else (no picture data): enough for a size reader, not for a
 * decoder. Stored `width`×`height`, with an EXIF orientation when one is given.
 * @param {number} width @param {number} height @param {number} [orientation]
 */
export function jpegHeaderOnly(width, height, orientation) {
  const frame = Buffer.alloc(15);
  frame.writeUInt8(8, 0); // precision
  frame.writeUInt16BE(height, 1);
  frame.writeUInt16BE(width, 3);
  frame.writeUInt8(3, 5); // components: id, sampling, table
  [1, 2, 3].forEach((id, i) => frame.writeUInt8(id, 6 + i * 3));
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    ...(orientation ? [exifOrientation(orientation)] : []),
    // JFIF's APP0, as every encoder writes it (a size reader may skip the first segment unread).
    segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    segment(0xc0, frame),
    Buffer.from([0xff, 0xd9]),
  ]);
}

/**
 * @typedef {{ face: string, turned: string, turnedSize: { width: number, height: number },
 *   twoFaces: string, noFace: string, tooManyPixels: string, tooLarge: string, notImage: string,
 *   width: number, height: number }} PhotoFixtures
 */

/** @returns {Promise<PhotoFixtures>} */
export async function preparePhotoFixtures() {
  // The still face of the outside checks (a plain background: no dark rim hides on it).
  const still = await stillFacePicture();
  const { width, height } = await pictureSize(still);
  const jpeg = ['-frames:v', '1', '-q:v', '3', '-update', '1'];
  const face = join(CACHE, 'photo-face.jpg');
  await ffmpegCached(face, [still], ['-i', still, ...jpeg]);
  // Cut to 4:5 (a shape of its own, so the view's shape tells which photo shows and whether it
  // stands upright), stored turned a quarter anticlockwise; orientation 6 says "turn clockwise".
  const stored = join(CACHE, 'photo-face-stored-turned.jpg');
  const upright = 'crop=trunc(ih*4/5/2)*2:ih';
  await ffmpegCached(stored, [still], ['-i', still, '-vf', `${upright},transpose=2`, ...jpeg]);
  const turned = join(CACHE, 'photo-face-turned.jpg');
  await writeFile(turned, withOrientation(await readFile(stored), 6));
  // The face cut square, and beside it the same at 3/4 size (the glasses belong on the larger):
  // about as wide as the photo, so both faces are as large as a detector wants them.
  const twoFaces = join(CACHE, 'photo-two-faces.jpg');
  const pair =
    '[0:v]crop=ih:ih,split[a][b];[b]scale=trunc(iw*3/8)*2:-2,pad=iw:ih*4/3:0:ih/6:gray[s];' +
    '[a][s]hstack';
  await ffmpegCached(twoFaces, [still], ['-i', still, '-filter_complex', pair, ...jpeg]);
  const noFace = join(CACHE, 'photo-no-face.jpg');
  await ffmpegCached(noFace, [], ['-f', 'lavfi', '-i', 'testsrc2=size=640x480', ...jpeg]);
  // Two pixels wider than the 4000×3000 limit allows (a cheap picture: a flat grey; the encoder
  // keeps widths even).
  const tooManyPixels = join(CACHE, 'photo-4002x3000.jpg');
  await ffmpegCached(
    tooManyPixels,
    [],
    ['-f', 'lavfi', '-i', 'color=gray:size=4002x3000', ...jpeg],
  );
  // A real photo padded past 20 MB (what follows the end marker is ignored by decoders).
  const tooLarge = join(CACHE, 'photo-21mb.jpg');
  await writeFile(tooLarge, Buffer.concat([await readFile(face), Buffer.alloc(21 * 1024 * 1024)]));
  const notImage = join(CACHE, 'photo-not-an-image.jpg');
  await writeFile(notImage, 'These are notes, saved with a photo’s name.\n'.repeat(50));
  const turnedSize = { width: Math.trunc((height * 4) / 5 / 2) * 2, height };
  return {
    ...{ face, turned, turnedSize, twoFaces, noFace, tooManyPixels, tooLarge, notImage },
    ...{ width, height },
  };
}
