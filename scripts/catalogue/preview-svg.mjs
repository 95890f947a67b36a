// Front-view line-art icon of a frame, drawn from the same outline, rim widths and layout
// the 3D model is built from, so the icon always matches the GLB.
import { GROOVE, browIndices, browScale, rimScale } from './front.mjs';

const f1 = (v) => (Math.round(v * 10) / 10).toString();

function shade(hex, amount) {
  // amount > 0 mixes toward white, < 0 toward black.
  const n = parseInt(hex.slice(1), 16);
  const ch = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) =>
    Math.round(amount > 0 ? c + (255 - c) * amount : c * (1 + amount)),
  );
  return `#${ch.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** SVG path data; y is flipped because the model's Y points up. */
const poly = (pts, closed) =>
  `M${pts.map(([x, y]) => `${f1(x)} ${f1(-y)}`).join('L')}${closed ? 'Z' : ''}`;

export function previewSvg(style, L, drawing) {
  const point = (i, s) => [
    L.cx + L.outline[i][0] + L.normals[i][0] * s,
    L.cy + L.outline[i][1] + L.normals[i][1] * s,
  ];
  const mirror = (pts) => pts.map(([x, y]) => [-x, y]);
  const all = L.outline.map((_, i) => i);
  const lens = style.lensMat;
  const metal = style.frame.kind === 'metal';
  const out = [];
  const fill = (d, extra = '') => out.push(`<path d="${d}" fill="url(#g)"${extra}/>`);
  const stroke = (d, width, cap = 'round') =>
    out.push(
      `<path d="${d}" fill="none" stroke="url(#g)" stroke-width="${f1(width)}" stroke-linejoin="round" stroke-linecap="${cap}"/>`,
    );
  const bothSides = (pts, draw) => [pts, mirror(pts)].forEach(draw);

  const lensFill = lens.tinted ? lens.color : '#dce8f2';
  const lensOpacity = lens.tinted ? 0.88 : 0.55;
  bothSides(
    all.map((i) => point(i, 0)),
    (p) =>
      out.push(`<path d="${poly(p, true)}" fill="${lensFill}" fill-opacity="${lensOpacity}"/>`),
  );
  // A soft diagonal glint sells "glass" at icon size.
  bothSides(
    [
      [L.cx - 0.22 * L.A, L.cy + 0.28 * L.B],
      [L.cx - 0.02 * L.A, L.cy + 0.06 * L.B],
    ],
    (p) =>
      out.push(
        `<path d="${poly(p)}" stroke="#fff" stroke-opacity="0.7" stroke-width="2.2" stroke-linecap="round"/>`,
      ),
  );
  if (style.pads) {
    for (const x of [1, -1].map((s) => s * (style.bridge / 2 + 0.6))) {
      const y = -(L.cy + 0.02 * L.B);
      out.push(
        `<ellipse cx="${f1(x)}" cy="${f1(y)}" rx="1.4" ry="4.5" fill="${shade(style.frame.color, 0.3)}" fill-opacity="0.7"/>`,
      );
    }
  }

  const { rim } = style;
  if (rim.kind === 'acetate') {
    // Filled ring (outer outline + inner outline, even-odd) keeps the bolder top visible.
    const outer = all.map((i) => point(i, rim.width * rimScale(style, L, i) - GROOVE));
    const inner = all.map((i) => point(i, -GROOVE));
    bothSides(outer, (p, k) => {
      const hole = k ? mirror(inner) : inner;
      fill(`${poly(p, true)}${poly(hole, true)}`, ' fill-rule="evenodd"');
    });
  }
  if (rim.kind === 'wire')
    bothSides(
      all.map((i) => point(i, 0.3)),
      (p) => stroke(poly(p, true), rim.width),
    );
  if (rim.kind === 'none') {
    bothSides(
      all.map((i) => point(i, 0)),
      (p) =>
        out.push(`<path d="${poly(p, true)}" fill="none" stroke="#8d96a0" stroke-width="0.7"/>`),
    );
  }
  if (style.brow) {
    const idx = browIndices(L);
    const w = style.brow.width;
    const outer = idx.map((i, k) => point(i, w * browScale(k, idx.length) - GROOVE));
    const inner = idx.map((i) => point(i, -GROOVE)).reverse();
    bothSides(outer.concat(inner), (p) =>
      fill(poly(p, true), ' stroke="url(#g)" stroke-width="0.8" stroke-linejoin="round"'),
    );
  }

  const bridgeWidth = style.bridgeKind === 'acetate' ? Math.min(6.4, rim.width * 1.4) : 2;
  let run = [];
  for (const p of [...drawing.bridgePath, null]) {
    if (p) run.push(p);
    else if (run.length) {
      stroke(poly(run), bridgeWidth);
      run = [];
    }
  }
  bothSides(drawing.endPath, (p) => stroke(poly(p), drawing.endHeight, 'butt'));

  const half = Math.max(...drawing.endPath.map((p) => p[0])) + 5;
  const size = f1(2 * half);
  const [yTop, yBottom] = [-(L.cy + L.B / 2 + 6), -(L.cy - L.B / 2 - 6)].map(f1);
  const stops = [
    [0, shade(style.frame.color, metal ? 0.45 : 0.22)],
    [0.5, style.frame.color],
    [1, shade(style.frame.color, -0.35)],
  ]
    .map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`)
    .join('');
  const gradient = `<linearGradient id="g" gradientUnits="userSpaceOnUse" x1="0" y1="${yTop}" x2="0" y2="${yBottom}">${stops}</linearGradient>`;
  const viewBox = `${f1(-half)} ${f1(-L.cy - half)} ${size} ${size}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}" width="256" height="256"><defs>${gradient}</defs>${out.join('')}</svg>\n`;
}
