import { iconPath, type IconName } from './icons';

/** Device pixels per CSS pixel the bitmaps are drawn at: sharp on phones up to 3×. */
const RATIO = 3;

interface BitmapIcon {
  name: IconName;
  /** The style sheet's variable that takes it (styles.css). */
  variable: string;
  /** Its box, CSS px. */
  size: number;
  lineWidth: number;
  /** Each a style sheet variable (`--ok`) or a colour. */
  stroke: string;
  fill?: string;
}

const ICONS: readonly BitmapIcon[] = [
  {
    ...{ name: 'heart', variable: '--icon-heart', size: 22, lineWidth: 2 },
    ...{ stroke: '--muted', fill: 'rgba(255, 255, 255, 0.8)' },
  },
  {
    ...{ name: 'heart', variable: '--icon-heart-kept', size: 22, lineWidth: 2 },
    ...{ stroke: '--kept', fill: '--kept' },
  },
  { name: 'downloaded', variable: '--icon-downloaded', size: 20, lineWidth: 2.2, stroke: '--ok' },
  {
    ...{ name: 'notDownloaded', variable: '--icon-not-downloaded', size: 20, lineWidth: 2.2 },
    stroke: '--muted',
  },
];

let installed = false;

/**
 * Draws the icons every grid cell shows (the heart, ✓ and ↓) once, as bitmaps the style sheet
 * takes from `--icon-*`. As paths (inline SVG, or SVG pictures in the style sheet alike) they are
 * drawn again for every tile a scroll brings in: with tiles rasterised on software GL, the try-on
 * drew 5.7 fps while a 2 000-frame grid scrolled, 13.3 with bitmaps (`npm run bench --
 * --catalogue-only`, bench/README.md). Their colours are the style sheet's; once per page, after
 * the grid's first paint: a page's first 2D canvas costs a start of its own (140 ms of the first
 * icon's 143 on a loaded machine here), which delayed the first shop cell by 200–400 ms in the
 * catalogue bench when the icons were drawn before it.
 */
export function installBitmapIcons(root: HTMLElement = document.documentElement): void {
  if (installed || typeof Path2D === 'undefined') return;
  installed = true;
  const style = getComputedStyle(root);
  const colour = (value: string) =>
    value.startsWith('--') ? style.getPropertyValue(value).trim() : value;
  for (const icon of ICONS) {
    const url = draw(icon, colour);
    if (url) root.style.setProperty(icon.variable, `url("${url}")`);
  }
}

function draw(icon: BitmapIcon, colour: (value: string) => string): string | null {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = icon.size * RATIO;
  // Drawn and read on the CPU: on a GPU context the first read waits for the GPU process.
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.scale(canvas.width / 24, canvas.height / 24);
  const path = new Path2D(iconPath(icon.name));
  if (icon.fill) {
    context.fillStyle = colour(icon.fill);
    context.fill(path);
  }
  context.lineWidth = icon.lineWidth;
  context.lineCap = 'round';
  context.lineJoin = 'round';
  context.strokeStyle = colour(icon.stroke);
  context.stroke(path);
  return canvas.toDataURL('image/png');
}
