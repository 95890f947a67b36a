// Draws the app icons (public/icons/) from code: a pair of glasses on the theme colour. PNG is
// encoded by hand (zlib + CRC) so no image library is needed. Deterministic; run it again after
// changing the drawing and commit the output: `node scripts/make-icons.mjs`.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { PROJECT_ROOT } from './lib/constants.mjs';

const OUT = join(PROJECT_ROOT, 'public/icons');
const BACKGROUND = [0x1b, 0x1f, 0x24];
const FRAME = [0xff, 0xff, 0xff];
const LENS = [0x6f, 0xa8, 0xdc];
/** Sub-samples per pixel side: 4x4 gives smooth edges without a rasteriser. */
const SS = 4;

/** Glasses in a unit square (0..1), centred; `k` shrinks them into the maskable safe zone. */
function glasses(k) {
  const scale = (v) => 0.5 + (v - 0.5) * k;
  const lensR = 0.15 * k;
  const ring = 0.035 * k;
  const lenses = [0.31, 0.69].map((x) => ({ x: scale(x), y: scale(0.52) }));
  const bridge = { x: 0.5, y: scale(0.47), r: 0.07 * k };
  return (x, y) => {
    for (const c of lenses) {
      const d = Math.hypot(x - c.x, y - c.y);
      if (d <= lensR + ring / 2 && d >= lensR - ring / 2) return FRAME;
    }
    for (const c of lenses) if (Math.hypot(x - c.x, y - c.y) < lensR) return LENS;
    // Bridge: the upper half of a thin ring between the lenses, never over a lens.
    const db = Math.hypot(x - bridge.x, y - bridge.y);
    if (y <= bridge.y && Math.abs(db - bridge.r) <= ring / 2.5) return FRAME;
    return null;
  };
}

/** Rounded-square mask for the plain icon; the maskable one is full bleed. */
function roundedSquare(radius) {
  return (x, y) => {
    const dx = Math.max(radius - x, 0, x - (1 - radius));
    const dy = Math.max(radius - y, 0, y - (1 - radius));
    return Math.hypot(dx, dy) <= radius;
  };
}

function render(size, { maskable }) {
  const inside = maskable ? () => true : roundedSquare(0.2);
  const shape = glasses(maskable ? 0.78 : 1);
  const rgba = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          const x = (px + (sx + 0.5) / SS) / size;
          const y = (py + (sy + 0.5) / SS) / size;
          if (!inside(x, y)) continue;
          const colour = shape(x, y) ?? BACKGROUND;
          for (let c = 0; c < 3; c++) sum[c] += colour[c];
          sum[3] += 1;
        }
      }
      const o = (py * size + px) * 4;
      const n = sum[3];
      for (let c = 0; c < 3; c++) rgba[o + c] = n ? Math.round(sum[c] / n) : 0;
      rgba[o + 3] = Math.round((255 * n) / (SS * SS));
    }
  }
  return encodePng(size, size, rgba);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

function encodePng(width, height, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    rgba.copy(rows, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const hex = (rgb) => `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`;

/** The same drawing as a scalable icon for browsers that take SVG. */
const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
<rect width="100" height="100" rx="20" fill="${hex(BACKGROUND)}"/>
<g stroke="${hex(FRAME)}" stroke-width="3.5" fill="${hex(LENS)}">
<path d="M43 47a7 7 0 0 1 14 0" fill="none" stroke-width="2.8"/>
<circle cx="31" cy="52" r="15"/><circle cx="69" cy="52" r="15"/>
</g>
</svg>
`;

await mkdir(OUT, { recursive: true });
const outputs = [
  ['icon-192.png', render(192, { maskable: false })],
  ['icon-512.png', render(512, { maskable: false })],
  ['maskable-512.png', render(512, { maskable: true })],
  ['icon.svg', Buffer.from(svg)],
];
for (const [name, data] of outputs) {
  await writeFile(join(OUT, name), data);
  console.log(`icons: wrote public/icons/${name} (${data.length} bytes)`);
}
