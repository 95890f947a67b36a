import type { Delegate, LensQuality, WorkerStats } from '../../src/shared/try-on-types';
import type { FrameLedger } from '../common/frame-ledger';
import type { PipelineMeter } from '../common/stats';
import type { TrackAudit } from '../diagnostics/track-audit';
import type { Steadiness } from '../diagnostics/steadiness';
import type { FacePose } from '../tracking/face-pose';
import type { HeldFrames } from './held-frames';
import type { SceneCuts } from './scene-cuts';
import type { OwnGlasses } from '../render/own-glasses';

/** What the pipeline's figures are read from. */
export interface StatsSources {
  meter: PipelineMeter;
  facePose: FacePose;
  delegate: Delegate | 'pending';
  quality: LensQuality | 'pending';
  frames: FrameLedger;
  cuts: SceneCuts;
  held: HeldFrames;
  /** Whether the last frame was held (a file's, with a tracking worker). */
  holding: boolean;
  audit: TrackAudit | null;
  steadiness: Steadiness | null;
  ownGlasses: OwnGlasses;
}

/** The figures the stats overlay and the tests read (WorkerStats). */
export function workerStats(s: StatsSources): WorkerStats {
  const { facePose, audit, steadiness } = s;
  return {
    ...s.meter.timings(),
    face: facePose.face,
    facesFound: facePose.found,
    soughtFaces: facePose.soughtFaces,
    delegate: s.delegate,
    quality: s.quality,
    alignPx: facePose.alignPx,
    eyes: facePose.eyes,
    measure: facePose.measurer.estimate(),
    openFrames: s.frames.open,
    cuts: s.cuts.count,
    sceneMatchLow: s.cuts.lowest,
    holdMs: s.holding ? s.held.holdMs : 0,
    heldGuessed: s.held.guessed,
    heldSkipped: s.held.skipped,
    ownFrame: s.ownGlasses.verdict,
    ...(__TEST_HOOKS__ && s.ownGlasses.reading.shares
      ? { ownFrameShares: s.ownGlasses.reading.shares }
      : {}),
    ...(__TEST_HOOKS__ && audit
      ? {
          auditPx: [audit.errorPx.p(50), audit.errorPx.p(95)],
          auditSmoothedPx: [audit.smoothedErrorPx.p(50), audit.smoothedErrorPx.p(95)],
        }
      : {}),
    ...(__TEST_HOOKS__ && steadiness ? { steadiness: steadiness.figures } : {}),
  };
}
