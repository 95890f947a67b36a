import { useRef, type RefObject } from 'react';
import type { TryOnEngine } from '../engine/try-on-engine';
import { useViewSize } from '../engine/use-view-size';
import { NoFaceHint } from './no-face-hint';
import { ProcessingOverlay } from './processing-overlay';
import { StatsOverlay } from './stats-overlay';

const showStats = new URLSearchParams(location.search).has('stats');

interface Props {
  canvasRef: RefObject<HTMLCanvasElement | null>;
  videoRef: RefObject<HTMLVideoElement | null>;
  canvasKey: number;
  status: string;
  engine: TryOnEngine | null;
  loading: boolean;
  /** A source is running (camera or file). */
  active: boolean;
}

/**
 * The picture: the worker draws video + glasses into the canvas. The <video> stays underneath,
 * laid out, because browsers only deliver new-frame callbacks for videos that are rendered.
 */
export function TryOnView(props: Props) {
  const { canvasRef, videoRef, canvasKey, status, engine, loading, active } = props;
  const viewRef = useRef<HTMLDivElement>(null);
  useViewSize(viewRef, engine);
  return (
    <div ref={viewRef} className="view" data-status={status}>
      <video ref={videoRef} className="source" playsInline muted />
      <canvas key={canvasKey} ref={canvasRef} className="picture" data-testid="picture" />
      <StatsOverlay visible={showStats} />
      <ProcessingOverlay visible={loading} />
      <NoFaceHint active={active && !loading} />
    </div>
  );
}
