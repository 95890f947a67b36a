import type { RefObject } from 'react';
import { StatsOverlay } from './stats-overlay';

const showStats = new URLSearchParams(location.search).has('stats');

interface Props {
  canvasRef: RefObject<HTMLCanvasElement | null>;
  videoRef: RefObject<HTMLVideoElement | null>;
  canvasKey: number;
  status: string;
}

/**
 * The picture: the worker draws video + glasses into the canvas. The <video> stays underneath,
 * laid out, because browsers only deliver new-frame callbacks for videos that are rendered.
 */
export function TryOnView({ canvasRef, videoRef, canvasKey, status }: Props) {
  return (
    <div className="view" data-status={status}>
      <video ref={videoRef} className="source" playsInline muted />
      <canvas key={canvasKey} ref={canvasRef} className="picture" data-testid="picture" />
      <StatsOverlay visible={showStats} />
    </div>
  );
}
