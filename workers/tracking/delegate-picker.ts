import { NUM_FACES } from '../../src/shared/render-constants';
import type { Delegate } from '../../src/shared/try-on-types';
import {
  createTracker,
  type FaceLandmarker,
  type FaceLandmarkerResult,
  type TrackerSource,
  warmUpTracker,
} from './tracker';
import type { TrackResult } from '../common/track-result';
import { median } from '../common/stats';
import { FrameUpload } from '../render/frame-upload';
import { type GlKind, probeGl } from '../common/software-gl';

/** Samples per delegate, after the warm-up frames that compile shaders and allocate buffers. */
const TRIAL_SAMPLES = 6;
const WARMUP_FRAMES = 2;
/** The GPU candidate is built only after this many CPU frames, so the first face shows at once. */
const TRIAL_START_FRAMES = 15;

interface Candidate {
  delegate: Delegate;
  tracker: FaceLandmarker;
  samples: number[];
  seen: number;
}

/**
 * Picks the faster delegate by measuring both on the first real frames. Tracking starts at once
 * on the CPU tracker; the GPU one is created in the background and, while the trial lasts, the
 * two take turns. The loser is closed. A GPU that fails to start leaves the CPU in charge.
 */
export class DelegatePicker {
  private candidates: Candidate[] = [];
  private chosen: Candidate | null = null;
  private turn = 0;
  /** Faces the trackers seek (face-count.ts). */
  private faces = NUM_FACES;
  /** The last still picture's detection, settled (detectStill). */
  private stillDone: Promise<void> = Promise.resolve();
  /** What MediaPipe's own WebGL uploads for a frame (frame-upload.ts). */
  private readonly upload: FrameUpload;

  private constructor(
    private readonly onDecided: (delegate: Delegate) => void,
    swiftShader: boolean,
  ) {
    this.upload = new FrameUpload(swiftShader);
  }

  /**
   * Makes the first tracker. What WebGL here is (`probe`) is asked after it is made, where it can
   * wait: only a remembered GPU needs the answer first (software GL makes the GPU lose). So in a
   * tracking worker the CPU tracker's runtime and model load while the render worker makes its
   * own first WebGL context (workers/README.md, "Every frame drawn, tracked beside").
   */
  static async start(
    source: TrackerSource,
    onDecided: (delegate: Delegate) => void,
    probe: () => GlKind = probeGl,
  ): Promise<DelegatePicker> {
    let kind: GlKind | undefined;
    const gl = () => (kind ??= probe());
    const { forced, remembered } = source;
    let first: Delegate = forced ?? (remembered === 'GPU' && !gl().software ? 'GPU' : 'CPU');
    // A forced or remembered GPU that cannot start here: the CPU tracks, and says so.
    const tracker = await createTracker(source, first).catch(async (error: unknown) => {
      if (first === 'CPU') throw error;
      console.warn('GPU delegate unavailable, tracking on the CPU', error);
      first = 'CPU';
      return createTracker(source, 'CPU');
    });
    const picker = new DelegatePicker(onDecided, gl().swiftShader);
    picker.candidates.push({ delegate: first, tracker, samples: [], seen: 0 });
    // Untried: a delegate named or remembered, or software GL, where the GPU cannot win.
    if (forced || remembered || gl().software) picker.decide(picker.candidates[0]!);
    else picker.source = source;
    return picker;
  }

  private source: TrackerSource | null = null;
  private closed = false;

  private startGpuCandidate(): void {
    const source = this.source;
    this.source = null;
    if (!source) return;
    void createTracker(source, 'GPU', this.faces).then(
      (gpu) => {
        if (this.chosen || this.closed) gpu.close();
        else this.candidates.push({ delegate: 'GPU', tracker: gpu, samples: [], seen: 0 });
      },
      (error: unknown) => {
        console.warn('GPU delegate unavailable, staying on CPU', error);
        this.decide(this.candidates[0]!);
      },
    );
  }

  get delegate(): Delegate | 'pending' {
    return this.chosen?.delegate ?? 'pending';
  }

  /**
   * Runs the CPU tracker once on a plain picture before any frame (see warmUpTracker); the GPU
   * one would compile its shaders for seconds, and its trial waits for real frames anyway.
   */
  warmUp(timestampMs: number): void {
    const only = this.candidates[0];
    if (this.candidates.length === 1 && only?.delegate === 'CPU' && only.seen === 0) {
      warmUpTracker(only.tracker, timestampMs);
    }
  }

  detect(frame: VideoFrame, timestampMs: number): TrackResult {
    const candidate = this.chosen ?? this.nextInTrial();
    const start = performance.now();
    const result = candidate.tracker.detectForVideo(this.upload.source(frame), timestampMs);
    if (!this.chosen) this.record(candidate, performance.now() - start);
    if (this.source && candidate.seen >= TRIAL_START_FRAMES) this.startGpuCandidate();
    return this.trackResult(result);
  }

  /** Resolves once no still picture's detection holds the tracker in IMAGE mode. */
  get ready(): Promise<void> {
    return this.stillDone;
  }

  /**
   * Tracks a picture that stands on its own (a photo, a paused or kept frame) in IMAGE mode: the
   * face is sought afresh on it. In VIDEO mode MediaPipe looks where the face was in the frame it
   * tracked last, and a file's kept picture is older than that (its frames are held while newer
   * ones are tracked: pipeline/held-frames.ts): a photo of a looping file's last frame, looked
   * for where the face is after the loop, was posed 0.34 eye spans too high, 3 times of 3. The
   * mode is switched there and back, each a graph rebuild (as long as a detection); the tracker
   * then starts afresh, as after a seek.
   */
  detectStill(frame: VideoFrame): Promise<TrackResult> {
    const run = async () => {
      const { tracker } = this.chosen ?? this.candidates[0]!;
      await tracker.setOptions({ runningMode: 'IMAGE' });
      try {
        return this.trackResult(tracker.detect(frame));
      } finally {
        await tracker.setOptions({ runningMode: 'VIDEO' });
      }
    };
    const result = this.stillDone.then(run);
    this.stillDone = result.then(
      () => {},
      () => {},
    );
    return result;
  }

  private trackResult(result: FaceLandmarkerResult): TrackResult {
    return {
      faceLandmarks: result.faceLandmarks,
      faceBlendshapes: result.faceBlendshapes,
      facialTransformationMatrixes: result.facialTransformationMatrixes,
      soughtFaces: this.faces,
    };
  }

  /** Seeks `faces` faces from the next detection on (a graph rebuild, as long as a detection). */
  async setFaceCount(faces: number): Promise<void> {
    if (faces === this.faces) return;
    this.faces = faces;
    await Promise.all(this.candidates.map((c) => c.tracker.setOptions({ numFaces: faces })));
  }

  close(): void {
    this.source = null;
    this.closed = true;
    for (const candidate of this.candidates) candidate.tracker.close();
    this.candidates = [];
  }

  private nextInTrial(): Candidate {
    const pending = this.candidates.filter((c) => c.samples.length < TRIAL_SAMPLES);
    const pick = pending[this.turn++ % Math.max(1, pending.length)] ?? this.candidates[0]!;
    return pick;
  }

  private record(candidate: Candidate, ms: number): void {
    candidate.seen++;
    if (candidate.seen > WARMUP_FRAMES) candidate.samples.push(ms);
    const done = this.candidates.every((c) => c.samples.length >= TRIAL_SAMPLES);
    if (this.candidates.length === 2 && done) {
      const [a, b] = this.candidates as [Candidate, Candidate];
      this.decide(median(a.samples) <= median(b.samples) ? a : b);
    }
  }

  private decide(winner: Candidate): void {
    if (this.chosen) return;
    this.chosen = winner;
    for (const c of this.candidates) if (c !== winner) c.tracker.close();
    this.candidates = [winner];
    this.onDecided(winner.delegate);
  }
}
