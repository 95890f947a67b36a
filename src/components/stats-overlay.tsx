import { useAtomValue } from 'jotai';
import { t } from '../i18n';
import { pipelineStatsAtom } from '../state/atoms';

const ms = (value: number | undefined) => (value ?? 0).toFixed(1);

/**
 * Live pipeline figures (shown with `?stats`). People read the text, tests read the data-*
 * attributes: the same numbers.
 */
export function StatsOverlay({ visible }: { visible: boolean }) {
  const stats = useAtomValue(pipelineStatsAtom);
  const w = stats?.worker;
  const p = stats?.pump;
  const data = {
    'data-frames-in': p?.framesIn ?? 0,
    'data-drawn': p?.drawn ?? 0,
    'data-fresh-poses': p?.freshPoses ?? 0,
    'data-dropped': p?.dropped ?? 0,
    'data-failed': p?.failed ?? 0,
    'data-in-flight': (p?.inFlight ?? 0) + (p?.waiting ?? 0),
    'data-fps': w?.fps ?? 0,
    'data-drawn-fps': w?.drawnFps ?? 0,
    'data-longest-gap-ms': Math.round(w?.longestGapMs ?? 0),
    'data-detect-ms': ms(w?.detectMsP50),
    'data-detect-ms-p95': ms(w?.detectMsP95),
    'data-render-ms': ms(w?.renderMsP50),
    'data-render-ms-p95': ms(w?.renderMsP95),
    'data-latency-ms': ms(w?.latencyMsP50),
    'data-latency-ms-p95': ms(w?.latencyMsP95),
    'data-face': w?.face ? 1 : 0,
    'data-faces': w?.faces ?? 0,
    'data-faces-found': w?.facesFound ?? 0,
    'data-sought-faces': w?.soughtFaces ?? 0,
    'data-worker-tracked': w?.tracked ?? 0,
    'data-delegate': w?.delegate ?? 'pending',
    'data-path': stats?.path ?? '',
    'data-quality': w?.quality ?? 'pending',
    'data-align-px': ms(w?.alignPx),
    'data-open-frames': w?.openFrames ?? 0,
    'data-cuts': w?.cuts ?? 0,
    'data-scene-match-low': (w?.sceneMatchLow ?? 1).toFixed(3),
    'data-hold-ms': Math.round(w?.holdMs ?? 0),
    'data-held-guessed': w?.heldGuessed ?? 0,
    'data-held-skipped': w?.heldSkipped ?? 0,
    'data-eyes': (w?.eyes ?? []).map((v) => v.toFixed(4)).join(','),
    'data-audit-px': (w?.auditPx ?? []).map((v) => v.toFixed(2)).join(','),
    'data-audit-smoothed-px': (w?.auditSmoothedPx ?? []).map((v) => v.toFixed(2)).join(','),
    'data-step-px': w?.steadiness?.stepPx.toFixed(3) ?? '',
    'data-spread-px': w?.steadiness?.spreadPx.toFixed(3) ?? '',
    'data-pd-mm': w?.measure ? w.measure.pdMm.toFixed(2) : '',
    'data-pd-error-mm': w?.measure ? w.measure.pdErrorMm.toFixed(2) : '',
    'data-face-width-mm': w?.measure ? w.measure.faceWidthMm.toFixed(1) : '',
    'data-face-scale': w?.measure ? w.measure.scale.toFixed(4) : '',
    'data-camera-scale': w?.measure ? w.measure.cameraScale.toFixed(3) : '',
    'data-measured-frames': w?.measure ? `${w.measure.frames}/${w.measure.refused}` : '',
    'data-own-frame': w?.ownFrame ?? 'off',
    'data-own-frame-shares': Object.entries(w?.ownFrameShares ?? {})
      .map(([region, share]) => `${region}:${share.toFixed(4)}`)
      .join(','),
  };
  return (
    <dl className="stats" data-testid="pipeline-stats" hidden={!visible} {...data}>
      <dt>{t('statsFrames')}</dt>
      <dd>{data['data-frames-in']}</dd>
      <dt>{t('statsDrawn')}</dt>
      <dd>{data['data-drawn']}</dd>
      <dt>{t('statsTracked')}</dt>
      <dd>{data['data-fresh-poses']}</dd>
      <dt>{t('statsDropped')}</dt>
      <dd>{data['data-dropped']}</dd>
      <dt>{t('statsFps')}</dt>
      <dd>
        {data['data-drawn-fps']} / {data['data-fps']}
      </dd>
      <dt>{t('statsLongestGap')}</dt>
      <dd>{data['data-longest-gap-ms']} ms</dd>
      <dt>{t('statsDetect')}</dt>
      <dd>{data['data-detect-ms']} ms</dd>
      <dt>{t('statsRender')}</dt>
      <dd>{data['data-render-ms']} ms</dd>
      <dt>{t('statsHold')}</dt>
      <dd>
        {data['data-hold-ms']} · {data['data-held-guessed']} / {data['data-held-skipped']}
      </dd>
      <dt>{t('statsFace')}</dt>
      <dd>{w?.face ? t('yes') : t('no')}</dd>
      <dt>{t('statsDelegate')}</dt>
      <dd>{data['data-delegate']}</dd>
      <dt>{t('statsQuality')}</dt>
      <dd>{data['data-quality']}</dd>
    </dl>
  );
}
