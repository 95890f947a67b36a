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

const GRAB_SLACK_MS = 30_000;

/**
 * Grabs `region` of the X display `fps` times a second for `ms` (one shot when `ms` is 0): the
 * pictures and the times they were grabbed, straight from the display. The times are the
 * grabber's own (showinfo's pts_time), each picture as grabbed (`-fps_mode passthrough`): a
 * grabber starved of the CPU for seconds catches up with a burst of grabs within milliseconds,
 * which a fixed 1/fps spacing, or ffmpeg's default constant-rate output, would stamp as seconds
 * of one picture on the screen.
 */
export function grabScreen(region: ScreenRegion, ms: number, fps = 4): Promise<Shot[]> {
  const { box } = region;
  const [x, y] = [Math.round(box.x), Math.round(box.y)];
  const [width, height] = [Math.round(box.width), Math.round(box.height)];
  const size = width * height * 3;
  const args = [
    ...[
      '-hide_banner',
      '-nostats',
      '-loglevel',
      'info',
      '-f',
      'x11grab',
      '-framerate',
      String(fps),
    ],
    ...['-video_size', `${width}x${height}`, '-i', `${display()}+${x},${y}`],
    ...(ms > 0 ? ['-t', String(ms / 1000)] : ['-frames:v', '1']),
    ...['-fps_mode', 'passthrough', '-vf', 'showinfo'],
    ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const shots: Promise<Omit<Shot, 'atMs'>>[] = [];
    const grabbedS: number[] = [];
    let pending = Buffer.alloc(0);
    let lines = '';
    let err = '';
    const started = Date.now();
    // A grab that outlives its length by this much is stuck: ended, and said so.
    const deadline = setTimeout(() => child.kill('SIGKILL'), ms + GRAB_SLACK_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= size) {
        const data = new Uint8Array(pending.subarray(0, size));
        pending = pending.subarray(size);
        const picture: Picture = { data, width, height, channels: 3 };
        shots.push(
          sharp(data, { raw: { width, height, channels: 3 } })
            .png({ compressionLevel: 1 })
            .toBuffer()
            .then((png) => ({ png, picture, covered: region.covered })),
        );
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      lines += chunk.toString();
      const whole = lines.split('\n');
      lines = whole.pop() ?? '';
      for (const line of whole) {
        const grabbed = /showinfo.* n: *(\d+) .*pts_time:([\d.]+)/.exec(line);
        if (grabbed) grabbedS[Number(grabbed[1])] = Number(grabbed[2]);
        else err = (err + line + '\n').slice(-2000);
      }
    });
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(deadline);
      if (code !== 0) return reject(new Error(`ffmpeg x11grab failed (${code}): ${err}`));
      const untimed = shots.findIndex((_, n) => !Number.isFinite(grabbedS[n]));
      if (untimed >= 0) {
        return reject(
          new Error(`ffmpeg x11grab: no grab time for shot ${untimed} of ${shots.length}`),
        );
      }
      resolve(
        Promise.all(shots).then((all) =>
          all.map((shot, n) => ({
            ...shot,
            atMs: started + grabbedS[n]! * 1000,
            grabbed: true as const,
          })),
        ),
      );
    });
  });
}
