import { useAtomValue } from 'jotai';
import { useRef, type ReactNode, type RefObject } from 'react';
import type { TryOnEngine } from '../engine/try-on-engine';
import { statsSwitch } from '../engine/debug-switches';
import type { Preparing } from '../engine/use-try-on';
import { usePictureAspect, useViewSize } from '../engine/use-view-size';
import { t } from '../i18n';
import {
  facingModeAtom,
  isCameraRunningAtom,
  photoFlashAtom,
  photoSizeAtom,
  selectedModelAtom,
} from '../state/atoms';
import { NoFaceHint } from './no-face-hint';
import { ProcessingOverlay } from './processing-overlay';
import { StatsOverlay } from './stats-overlay';
import { useCompareHold } from './use-compare-hold';

const showStats = statsSwitch();

interface Props {
  canvasRef: RefObject<HTMLCanvasElement | null>;
  videoRef: RefObject<HTMLVideoElement | null>;
  canvasKey: number;
  status: string;
  engine: TryOnEngine | null;
  loading: boolean;
  /** The engine is still getting ready: its step (a file that waits for it says so). */
  preparing?: Preparing | null;
  /** A source is running (camera or file). */
  active: boolean;
  /** Shown over the picture (the empty state before any source is on). */
  children?: ReactNode;
  /** The page's figure over the picture, under the empty state (the true size's badge). */
  badge?: ReactNode;
}

/**
 * The picture: the worker draws video + glasses into the canvas. The <video> stays underneath,
 * laid out, because browsers only deliver new-frame callbacks for videos that are rendered.
 * Pressing and holding it shows the picture without the glasses (before/after).
 */
export function TryOnView(props: Props) {
  const { canvasRef, videoRef, canvasKey, status, engine, loading, active, children } = props;
  const viewRef = useRef<HTMLDivElement>(null);
  useViewSize(viewRef, engine);
  usePictureAspect(videoRef, viewRef);
  const worn = useAtomValue(selectedModelAtom) !== null;
  const flash = useAtomValue(photoFlashAtom);
  const photo = useAtomValue(photoSizeAtom) !== null;
  const cameraRunning = useAtomValue(isCameraRunningAtom);
  const facing = useAtomValue(facingModeAtom);
  const mirrored = cameraRunning && facing === 'user';
  const canCompare = active && worn && !loading && engine !== null;
  const { holding, handlers } = useCompareHold(engine, canCompare);
  return (
    <div
      ref={viewRef}
      className={['view', holding && 'holding', mirrored && 'mirrored'].filter(Boolean).join(' ')}
      data-status={status}
    >
      <video ref={videoRef} className="source" playsInline muted />
      {/* The canvas is the hold-to-compare control: it has no children for a role to hide. */}
      <canvas
        key={canvasKey}
        ref={canvasRef}
        className="picture"
        data-testid="picture"
        {...(canCompare
          ? {
              role: 'button',
              tabIndex: 0,
              'aria-label': t('compareHint'),
              'aria-pressed': holding,
              ...handlers,
            }
          : {})}
      />
      {flash > 0 ? <span key={flash} className="photo-flash" aria-hidden="true" /> : null}
      {canCompare ? (
        <span className="compare-label" aria-hidden="true">
          {holding ? t('compareShowing') : t('compareHint')}
        </span>
      ) : null}
      {__TEST_HOOKS__ && <StatsOverlay visible={showStats} />}
      <ProcessingOverlay visible={loading} preparing={props.preparing} />
      <NoFaceHint active={active && !loading} photo={photo} />
      {props.badge}
      {children}
    </div>
  );
}
