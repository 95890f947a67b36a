// A small equirectangular "blue photo studio" for reflections, plus a dependency-free PNG
// encoder. Layout follows three.js' equirect mapping: u = atan2(dir.z, dir.x) / 2pi + 0.5,
// so +Z (toward the viewer / camera side) is at u = 0.75 and the image top is straight up.
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** Encodes 8-bit RGB pixels (row-major, width*height*3 bytes) as a PNG. */
export function encodePng(width, height, rgb) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter set, no interlace
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0; // filter: none
    rgb.copy(raw, y * (width * 3 + 1) + 1, y * width * 3, (y + 1) * width * 3);
  }
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    sig,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const smooth = (e0, e1, x) => {
  const t = Math.min(1, Math.max(0, (x - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
};
const mix = (a, b, t) => a.map((v, i) => v + (b[i] - v) * t);

// Softboxes in degrees: longitude 0 = +Z (camera side), positive toward +X; soft edges.
const SOFTBOXES = [
  { lon: -35, lat: 22, w: 34, h: 26, level: 255 }, // key, camera left-above
  { lon: 40, lat: 12, w: 22, h: 34, level: 235 }, // fill strip, camera right
  { lon: 0, lat: 62, w: 70, h: 14, level: 245 }, // overhead strip
  { lon: 165, lat: 18, w: 18, h: 30, level: 215 }, // rim light behind the subject
];

export function studioEnvironmentPng(width = 256, height = 128) {
  const rgb = Buffer.alloc(width * height * 3);
  const top = [206, 218, 234];
  const horizon = [150, 168, 192];
  const floor = [84, 96, 114];
  for (let y = 0; y < height; y++) {
    const lat = 90 - ((y + 0.5) / height) * 180;
    // u -> longitude measured from +Z: three's u = 0.75 is +Z, u = 0.5 is +X.
    const base =
      lat >= 0 ? mix(horizon, top, smooth(0, 70, lat)) : mix(horizon, floor, smooth(0, 25, -lat));
    for (let x = 0; x < width; x++) {
      const u = (x + 0.5) / width;
      const lon = -(u - 0.75) * 360;
      let c = base;
      // A soft vignette darkens the backdrop away from the camera side.
      const back = 0.92 + 0.08 * Math.cos((lon * Math.PI) / 180);
      c = c.map((v) => v * back);
      for (const s of SOFTBOXES) {
        let d = lon - s.lon;
        d -= 360 * Math.round(d / 360);
        const fx = 1 - smooth(s.w / 2 - 4, s.w / 2 + 3, Math.abs(d));
        const fy = 1 - smooth(s.h / 2 - 4, s.h / 2 + 3, Math.abs(lat - s.lat));
        c = mix(c, [s.level, s.level, Math.min(255, s.level + 4)], fx * fy);
      }
      rgb.set(
        c.map((v) => Math.max(0, Math.min(255, Math.round(v)))),
        (y * width + x) * 3,
      );
    }
  }
  return encodePng(width, height, rgb);
}
