import { atom } from 'jotai';
import type { Prescription } from '../shared/lens/prescription';
import { NO_TINT, type TintChoice } from '../shared/lens/lens-tint';
import type { GlassesReport } from '../shared/glasses-types';
import type { WorkerStats } from '../shared/try-on-types';

export type FacingMode = 'user' | 'environment';

export const isCameraRunningAtom = atom(false);
export const facingModeAtom = atom<FacingMode>('user');
export const engineStatusAtom = atom<'starting' | 'ready' | 'error'>('starting');
export const engineErrorAtom = atom<string | null>(null);
export const toastAtom = atom<{ text: string; id: number; durationMs: number } | null>(null);
/**
 * A photo or recording waiting for 分享 or 保存 (offered where the browser can share files;
 * elsewhere it is downloaded at once and this stays null).
 */
export interface FileOfferValue {
  file: File;
  kind: 'photo' | 'video';
}
export const fileOfferAtom = atom<FileOfferValue | null>(null);
/** Counts photos taken; the preview flashes once for each. */
export const photoFlashAtom = atom(0);
/** The selected catalogue entry (its `value` path), or null when no glasses are worn. */
export const selectedModelAtom = atom<string | null>(null);

/** The frame pump's figures (src/engine/frame-pump.ts). */
export interface PumpCounters {
  framesIn: number;
  /**
   * Frames the engine took: every one is drawn, a file's a little later (its pose awaited:
   * FrameResult.drawn) or skipped when a later one is due as well; the worker's own count
   * (WorkerStats.drawn) is of frames drawn.
   */
  drawn: number;
  /** Drawn frames posed by a tracking result that came since the frame before (freshPose). */
  freshPoses: number;
  dropped: number;
  failed: number;
  inFlight: number;
  waiting: number;
}

export interface PipelineStats {
  worker: WorkerStats | null;
  pump: PumpCounters;
  /** Where the engine runs: its worker, or the page fallback. */
  path: 'worker' | 'page' | null;
}
export const pipelineStatsAtom = atom<PipelineStats | null>(null);

/** Video file mode (docs/behaviour.md §3 videoMode / isLoading / isRecording). */
export const videoModeAtom = atom(false);
export const videoLoadingAtom = atom(false);
/** A photo is the source (issue 38): its work size, upright (null when none is open). */
export const photoSizeAtom = atom<{ width: number; height: number } | null>(null);
export const isRecordingAtom = atom(false);

/** The prescription entered under 镜片 (issue 39): null when none (or not read yet). */
export const prescriptionAtom = atom<Prescription | null>(null);

/** What fitting a frame (worn, or drawn by 全部试戴) told of its lens openings. */
export interface FittedFrame {
  widthMm: number;
  lensMm: number;
  bridgeMm: number;
  /** One opening's outline (GlassesReport.lensOutlineMm); null when the file marks no lenses. */
  outlineMm: number[] | null;
  /**
   * Its lower rim against the reference head's cheeks (GlassesReport.cheekMm), mm; null: no part
   * over them; absent: not measured (the head not loaded yet).
   */
  cheekMm?: number | null;
}

/**
 * What a fit report tells of a frame (kept per frame: fittedFramesAtom). A report fitted before
 * the head loaded (an engine restarting) keeps the cheek figure `before` had.
 */
export const fittedFrameOf = (report: GlassesReport, before?: FittedFrame): FittedFrame => {
  const cheekMm = report.cheekMm === undefined ? before?.cheekMm : report.cheekMm;
  return {
    widthMm: report.widthMm,
    lensMm: report.frameSize.lensMm,
    bridgeMm: report.frameSize.bridgeMm,
    outlineMm: report.lensOutlineMm,
    ...(cheekMm === undefined ? {} : { cheekMm }),
  };
};

/** By catalogue value: every frame fitted on this page so far. */
export const fittedFramesAtom = atom<Readonly<Record<string, FittedFrame>>>({});

/** The tint and coatings chosen under 镜片 (the default until read). */
export const tintAtom = atom<TintChoice>(NO_TINT);

/** While 按住看无镜片效果 is held: the worn lenses drawn as the file's (no power, tint or coat). */
export const lensEffectHeldOffAtom = atom(false);
