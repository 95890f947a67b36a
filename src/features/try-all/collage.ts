import { TRY_ALL_HEIGHT, TRY_ALL_JPEG_QUALITY, TRY_ALL_WIDTH } from '../../shared/render-constants';

/** The collage's margins and the gap between its tiles, px; each caption's band under its tile. */
const MARGIN = 16;
const GAP = 8;
export const CAPTION_HEIGHT = 56;
const CAPTION_FONT = '28px system-ui, "PingFang SC", "Noto Sans CJK SC", sans-serif';

export interface Tile {
  x: number;
  y: number;
  /** Where the caption's text starts, on its baseline. */
  captionY: number;
}

export interface CollageLayout {
  width: number;
  height: number;
  tiles: Tile[];
}

/**
 * Where `count` pictures (TRY_ALL_WIDTH × TRY_ALL_HEIGHT each, as compared) go: two side by
 * side, three or four two to a row, in reading order, each with its caption under it.
 */
export function collageLayout(count: number): CollageLayout {
  const columns = count <= 2 ? Math.max(count, 1) : 2;
  const rows = Math.ceil(count / columns);
  const cellHeight = TRY_ALL_HEIGHT + CAPTION_HEIGHT;
  const tiles = Array.from({ length: count }, (_, i) => {
    const x = MARGIN + (i % columns) * (TRY_ALL_WIDTH + GAP);
    const y = MARGIN + Math.floor(i / columns) * (cellHeight + GAP);
    return { x, y, captionY: y + TRY_ALL_HEIGHT + CAPTION_HEIGHT * 0.7 };
  });
  return {
    width: 2 * MARGIN + columns * TRY_ALL_WIDTH + (columns - 1) * GAP,
    height: 2 * MARGIN + rows * cellHeight + (rows - 1) * GAP,
    tiles,
  };
}

/** One JPEG of the compared pictures with their numbers and names (collageLayout). */
export async function makeCollage(items: { image: Blob; caption: string }[]): Promise<Blob> {
  const layout = collageLayout(items.length);
  const canvas = document.createElement('canvas');
  canvas.width = layout.width;
  canvas.height = layout.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, layout.width, layout.height);
  context.fillStyle = '#222222';
  context.font = CAPTION_FONT;
  for (const [i, item] of items.entries()) {
    const tile = layout.tiles[i]!;
    const bitmap = await createImageBitmap(item.image);
    try {
      context.drawImage(bitmap, tile.x, tile.y, TRY_ALL_WIDTH, TRY_ALL_HEIGHT);
    } finally {
      bitmap.close();
    }
    context.fillText(item.caption, tile.x + 8, tile.captionY, TRY_ALL_WIDTH - 16);
  }
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('no collage'))),
      'image/jpeg',
      TRY_ALL_JPEG_QUALITY,
    ),
  );
}
