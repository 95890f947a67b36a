import type { ReactNode } from 'react';
import type { useTryOn } from '../engine/use-try-on';
import { EmptyState } from './empty-state';
import { TryOnView } from './try-on-view';
import { VideoFileBar } from './video-file-bar';

/**
 * The picture, with what to do before a source is on and the video bar in file mode: the stage
 * the try-on page and the shop page's live view share.
 */
export function TryOnStage({
  tryOn,
  badge,
}: {
  tryOn: ReturnType<typeof useTryOn>;
  /** Shown over the picture, under the empty state (TryOnView's badge; it hides itself). */
  badge?: ReactNode;
}) {
  const { canvasRef, videoRef, canvasKey, ...controls } = tryOn;
  const { status } = controls;
  const idle = !controls.active && !controls.loading;
  return (
    <>
      <TryOnView
        canvasRef={canvasRef}
        videoRef={videoRef}
        canvasKey={canvasKey}
        status={status}
        engine={controls.engine}
        loading={controls.loading}
        preparing={controls.preparing}
        active={controls.active}
        badge={badge}
      >
        {idle ? (
          <EmptyState
            canStart={status !== 'error'}
            preparing={controls.preparing}
            cameraWaiting={controls.cameraWaiting}
            onCamera={() => void controls.startCamera()}
            onStopCamera={controls.stopCamera}
            onOpenFile={controls.stopCamera}
            onFile={(file) => void controls.openVideoFile(file)}
            onPhoto={(file) => void controls.openPhoto(file)}
          />
        ) : null}
      </TryOnView>
      {controls.videoMode ? <VideoFileBar videoRef={videoRef} /> : null}
    </>
  );
}
