// Chromium's screencast of the page: every frame the compositor produces, with its time, cut to
// the picture's box. What the screen showed, frame by frame, without asking the app.
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import type { Rect } from './picture-judge';
import { pictureBoxesInPage, widen, type Shot } from './screen';

interface CastFrame {
  data: string;
  sessionId: number;
  metadata: { timestamp?: number };
}

/** How the cast is taken: PNG every frame is exact, and costs the page the most. */
export interface CastOptions {
  format?: 'png' | 'jpeg';
  quality?: number;
  everyNthFrame?: number;
}

/** The picture as the screen showed it over `ms`: one shot per composited frame. */
export async function castPicture(
  page: Page,
  context: BrowserContext,
  ms: number,
  { format = 'png', quality = 90, everyNthFrame = 1 }: CastOptions = {},
): Promise<Shot[]> {
  const boxes = await page.evaluate(pictureBoxesInPage);
  if (!boxes) throw new Error('no picture on the page');
  const cdp = await context.newCDPSession(page);
  const frames: { data: string; atMs: number }[] = [];
  cdp.on('Page.screencastFrame', (frame: CastFrame) => {
    frames.push({ data: frame.data, atMs: (frame.metadata.timestamp ?? NaN) * 1000 });
    void cdp.send('Page.screencastFrameAck', { sessionId: frame.sessionId }).catch(() => {});
  });
  await cdp.send('Page.startScreencast', { format, quality, everyNthFrame });
  await page.waitForTimeout(ms);
  await cdp.send('Page.stopScreencast');
  await cdp.detach();
  if (frames.length === 0) return [];
  // The cast's pixels per CSS pixel (its frames are the viewport at the device's scale).
  const first = await sharp(Buffer.from(frames[0]!.data, 'base64')).metadata();
  const ratio = (first.width ?? 0) / (await page.evaluate(() => window.innerWidth));
  const px = (r: Rect): Rect => ({
    x: Math.round(r.x * ratio),
    y: Math.round(r.y * ratio),
    width: Math.round(r.width * ratio),
    height: Math.round(r.height * ratio),
  });
  const box = px(boxes.box);
  const covered = boxes.covered.map((c) => widen(c, ratio));
  const shots: Shot[] = [];
  for (const frame of frames.sort((a, b) => a.atMs - b.atMs)) {
    const png = await sharp(Buffer.from(frame.data, 'base64'))
      .extract({ left: box.x, top: box.y, width: box.width, height: box.height })
      .png({ compressionLevel: 1 })
      .toBuffer();
    shots.push({ png, covered, atMs: frame.atMs });
  }
  return shots;
}
