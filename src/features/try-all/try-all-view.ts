import type { CatalogueEntry } from '../../catalogue/manifest';

/** 全部试戴's sheet as use-try-all.ts keeps it and try-all-sheet.tsx shows it. */
export type TryAllCellState = 'waiting' | 'downloading' | 'drawing' | 'done' | 'failed';

export interface TryAllCell {
  entry: CatalogueEntry;
  state: TryAllCellState;
  /** 0..1 while downloading. */
  progress: number;
  /** The picture wearing this frame (JPEG, the same crop for every cell), once drawn. */
  image: Blob | null;
  /** The front's width as fitted, mm. */
  frameWidthMm?: number;
}

export interface TryAllView {
  phase: 'countdown' | 'starting' | 'drawing' | 'done' | 'failed';
  /** Seconds left before a live camera's picture is taken. */
  countdown: number;
  /** Why it failed (phase 'failed'), in the user's language. */
  message: string | null;
  /** The kept picture without glasses, and its eyes ([x0, y0, x1, y1] px). */
  bare: Blob | null;
  eyes: number[];
  cells: TryAllCell[];
  /** Frames in the list it began with; TRY_ALL_BATCH of them are drawn at a time. */
  total: number;
}

export const waiting = (entry: CatalogueEntry): TryAllCell => ({
  entry,
  state: 'waiting',
  progress: 0,
  image: null,
});
