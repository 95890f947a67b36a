// RESULTS.md's section for issue 37's clips (motion.mjs): the figures and their targets; and a face
// file playing.
import { FILE_RECORDING_S, FILE_WINDOW_S } from './motion.mjs';

/** Issue 37: a still face's glasses move at most this much (RMS, camera pixels). */
const STILL_RMS_PX = 0.3;

const yesNo = (met) => (met === null ? 'n/a' : met ? '✅ yes' : '❌ no');

/** @param {any} motion the run's `motion` (run.mjs) */
export function motionSection(motion) {
  if (!motion) return [];
  const { still, cut, file } = motion;
  const lines = [
    '## Still face, scene cut (issue 37) and a file playing',
    '',
    'Still face: one webcam picture looped with a camera’s noise (±6 grey levels per frame,',
    'tests/e2e/motion-fixtures.mjs), the drawn bridge over the last ~5 s in the camera’s pixels.',
    `Cut clip: ${cut?.runs?.length ?? 0} runs through a file that cuts from one face to another`,
    'at 3 s; the cut’s time comes from the video’s own frame callback, not from the app.',
    'File playing: portrait-turn opened as a file, its frames held until their poses are known',
    '(workers/pipeline/held-frames.ts); the app’s own figures (frame log, stats).',
    '',
    '| Figure | Value | Target | Met |',
    '| --- | --- | --- | --- |',
  ];
  if (still) {
    const { stepPx, spreadPx } = still;
    lines.push(
      `| Still face: bridge step between frames, RMS px | ${stepPx} | ≤ ${STILL_RMS_PX} | ${yesNo(stepPx <= STILL_RMS_PX)} |`,
      `| Still face: bridge spread about its mean, RMS px | ${spreadPx} | ≤ ${STILL_RMS_PX} | ${yesNo(spreadPx <= STILL_RMS_PX)} |`,
      `| Still face: drawn / tracked fps | ${still.drawnFps} / ${still.trackedFps} | — | — |`,
    );
  }
  if (cut) {
    const back = cut.runs.map((r) => r?.backAfterMs ?? '—').join(' / ');
    const worn = cut.runs.map((r) => r?.wornBefore ?? '—').join(' / ');
    const judged = cut.runs.every((r) => r && r.wornBefore > 0);
    lines.push(
      `| Cut: frames drawn with a pose from before the cut (all runs) | ${cut.stale} | 0 | ${yesNo(judged ? cut.stale === 0 : null)} |`,
      `| Cut: glasses back on the new face after, ms per run | ${back} | — | — |`,
      `| Cut: frames with glasses in the second before the cut, per run | ${worn} | > 0 | ${yesNo(judged)} |`,
    );
  }
  if (file) {
    lines.push(
      `| File playing: frames drawn / tracked a second (${FILE_WINDOW_S} s of portrait-turn) | ${file.drawnFps} / ${file.trackedFps} | — | — |`,
      `| File playing: capture to drawn, ms p50 / p95 (the hold included) | ${file.latencyMs.join(' / ')} | — | — |`,
      `| File playing: the hold at the end, ms | ${file.holdMs} | — | — |`,
      `| File playing: frames drawn before their pose came / skipped | ${file.guessed} / ${file.skipped} | — | — |`,
      `| File playing: pictures in a ${FILE_RECORDING_S} s recording / left out | ${file.recorded} / ${file.recordingDropped} | — | — |`,
    );
  }
  for (const error of motion.errors) lines.push('', `**${error.config} failed:** ${error.message}`);
  return [...lines, ''];
}
