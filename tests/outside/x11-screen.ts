// The screen itself, where the browser shows on an X display (Firefox and WebKitGTK under Xvfb):
// ffmpeg's x11grab reads the display's pixels, so nothing asks the browser for a picture. (A
// screenshot through Firefox's WebDriver BiDi makes it composite a snapshot of the page, which
// here blocked its try-on worker ~10 s a shot: the observer changed what it observed.)
import { spawn } from 'node:child_process';
import sharp from 'sharp';
import type { Picture } from './barcode.mjs';
import type { Rect } from './picture-judge';
import type { Shot } from './screen';

/** Where on the X screen the picture is, px, and what covers it (relative to the picture). */
export interface ScreenRegion {
  box: Rect;
  covered: Rect[];
}

const display = () => {
  const name = process.env.DISPLAY;
  if (!name) throw new Error('no X display (run under xvfb-run)');
  return name;
};

/**
 * Grabs `region` of the X display `fps` times a second for `ms` (one shot when `ms` is 0): the
 * pictures and their times, straight from the display.
 */
export function grabScreen(region: ScreenRegion, ms: number, fps = 4): Promise<Shot[]> {
  const { box } = region;
  const [x, y] = [Math.round(box.x), Math.round(box.y)];
  const [width, height] = [Math.round(box.width), Math.round(box.height)];
  const size = width * height * 3;
  const args = [
    ...['-loglevel', 'error', '-f', 'x11grab', '-framerate', String(fps)],
    ...['-video_size', `${width}x${height}`, '-i', `${display()}+${x},${y}`],
    ...(ms > 0 ? ['-t', String(ms / 1000)] : ['-frames:v', '1']),
    ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const shots: Promise<Shot>[] = [];
    let pending = Buffer.alloc(0);
    let err = '';
    const started = Date.now();
    child.stdout.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= size) {
        const data = new Uint8Array(pending.subarray(0, size));
        pending = pending.subarray(size);
        const atMs = started + (shots.length * 1000) / fps;
        const picture: Picture = { data, width, height, channels: 3 };
        shots.push(
          sharp(data, { raw: { width, height, channels: 3 } })
            .png({ compressionLevel: 1 })
            .toBuffer()
            .then((png) => ({ png, picture, covered: region.covered, atMs })),
        );
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (err = (err + chunk.toString()).slice(-2000)));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(Promise.all(shots))
        : reject(new Error(`ffmpeg x11grab failed (${code}): ${err}`)),
    );
  });
}
