/**
 * Turns the freshly rendered picture into a VideoFrame of the recording's size. Chromium's
 * VideoEncoder scales a frame of another size to the configured one on its own threads (the
 * WebCodecs spec leaves this open, w3c/webcodecs#407), which costs this thread only the snapshot;
 * elsewhere the picture is drawn into a canvas of the recording's size first.
 *
 * The snapshot is `new VideoFrame(canvas)`: measured on SwiftShader it costs this thread 1–2 ms
 * and no more CPU than the drawing itself, against 10 ms for a readPixels into a pixel-pack buffer
 * (getBufferSubData) and 50 ms for a plain readPixels.
 */
export type FrameScaler = (picture: OffscreenCanvas, timestampUs: number) => VideoFrame;

export async function createFrameScaler(config: VideoEncoderConfig): Promise<FrameScaler> {
  const durationUs = config.framerate ? Math.round(1e6 / config.framerate) : undefined;
  if (await encoderScales(config)) {
    return (picture, timestamp) =>
      new VideoFrame(picture, { timestamp, duration: durationUs, alpha: 'discard' });
  }
  const canvas = new OffscreenCanvas(config.width, config.height);
  const context = canvas.getContext('2d', { alpha: false });
  if (!context) throw new Error('no 2d context for recording');
  return (picture, timestamp) => {
    context.drawImage(picture, 0, 0, canvas.width, canvas.height);
    return new VideoFrame(canvas, { timestamp, duration: durationUs, alpha: 'discard' });
  };
}

const PROBE_SIZE = 64;

/** Encodes one frame of half the configured size and reports whether it came out. */
async function encoderScales(config: VideoEncoderConfig): Promise<boolean> {
  let produced = false;
  let failed = false;
  const encoder = new VideoEncoder({
    output: () => (produced = true),
    error: () => (failed = true),
  });
  try {
    encoder.configure({ ...config, width: PROBE_SIZE, height: PROBE_SIZE, bitrate: 200_000 });
    const half = PROBE_SIZE / 2;
    const frame = new VideoFrame(new Uint8Array(half * half * 4), {
      format: 'RGBX',
      codedWidth: half,
      codedHeight: half,
      timestamp: 0,
    });
    try {
      encoder.encode(frame, { keyFrame: true });
    } finally {
      frame.close();
    }
    await encoder.flush();
    return produced && !failed;
  } catch {
    return false;
  } finally {
    if (encoder.state !== 'closed') encoder.close();
  }
}
