import { afterEach, describe, expect, it, vi } from 'vitest';
import { isSoftwareGl, isSwiftShader } from '../../src/shared/gl-renderer';
import { DRAW_LIMIT_MS, FrameUpload } from '../../workers/render/frame-upload';

/** A frame of the given display size. */
const frame = (width: number, height: number) =>
  ({ displayWidth: width, displayHeight: height }) as unknown as VideoFrame;

/** Node has no OffscreenCanvas: one whose 2D context records what is drawn, or has no context. */
function installCanvas(context: 'works' | 'none' | 'throws' = 'works') {
  const drawn: { frame: VideoFrame; size: [number, number] }[] = [];
  const options: unknown[] = [];
  class FakeCanvas {
    constructor(
      public width: number,
      public height: number,
    ) {}
    getContext(_kind: string, settings: unknown) {
      options.push(settings);
      if (context === 'none') return null;
      return {
        canvas: this,
        drawImage: (f: VideoFrame) => {
          if (context === 'throws') throw new TypeError('cannot draw a VideoFrame');
          drawn.push({ frame: f, size: [this.width, this.height] });
        },
      };
    }
  }
  vi.stubGlobal('OffscreenCanvas', FakeCanvas);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'info').mockImplementation(() => {});
  return { drawn, options };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A WebGL context that names its renderer (through WEBGL_debug_renderer_info). */
function gl(renderer: string) {
  const info = { UNMASKED_RENDERER_WEBGL: 0x9246 };
  const fake = { RENDERER: 0x1f01, getExtension: () => info, getParameter: () => renderer };
  return fake as unknown as WebGL2RenderingContext;
}

describe('which GL a frame is drawn on a canvas for', () => {
  it.each([
    ['ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero)), SwiftShader driver)', true, true],
    ['llvmpipe (LLVM 15.0.6, 256 bits)', true, false],
    ['ANGLE (NVIDIA, NVIDIA GeForce RTX 3060)', false, false],
  ])('%s: software %s, SwiftShader %s', (name, software, swiftShader) => {
    expect([isSoftwareGl(gl(name)), isSwiftShader(gl(name))]).toEqual([software, swiftShader]);
  });
});

describe('what WebGL uploads for a frame', () => {
  it('on SwiftShader: the frame drawn on a 2D canvas kept in memory, sized to each frame', () => {
    const { drawn, options } = installCanvas();
    const upload = new FrameUpload(true);
    const first = frame(436, 384);
    const canvas = upload.source(first);
    expect(canvas).not.toBe(first);
    const turned = frame(384, 436);
    expect(upload.source(turned)).toBe(canvas);
    expect(drawn).toEqual([
      { frame: first, size: [436, 384] },
      { frame: turned, size: [384, 436] },
    ]);
    expect(options).toEqual([{ willReadFrequently: true }]);
  });

  it('elsewhere: the frame itself', () => {
    const { drawn } = installCanvas();
    const f = frame(436, 384);
    expect(new FrameUpload(false).source(f)).toBe(f);
    expect(drawn).toEqual([]);
  });

  it.each(['none', 'throws'] as const)(
    'uploads frames as they are for good where a 2D canvas cannot draw them (%s)',
    (context) => {
      const { drawn, options } = installCanvas(context);
      const upload = new FrameUpload(true);
      const frames = [frame(436, 384), frame(436, 384)];
      expect(frames.map((f) => upload.source(f))).toEqual(frames);
      expect(drawn).toEqual([]);
      expect(options).toHaveLength(1);
    },
  );

  /** A clock on which each drawing takes the next of `costs` ms. */
  function clock(costs: number[]) {
    let t = 0;
    let drawing = false;
    return () => {
      if (drawing) t += costs.shift() ?? 0;
      drawing = !drawing;
      return t;
    };
  }

  it('keeps the canvas where drawing a frame on it is cheap (the first frame not counted)', () => {
    installCanvas();
    const costs = [40, 2, DRAW_LIMIT_MS, 1.5, 50, 50, 50];
    const upload = new FrameUpload(true, clock(costs));
    const frames = Array.from({ length: 7 }, () => frame(436, 384));
    const sources = frames.map((f) => upload.source(f));
    expect(sources.filter((s, i) => s === frames[i])).toEqual([]);
  });

  it('uploads frames as they are once drawing them on a canvas costs more (read back)', () => {
    const { drawn } = installCanvas();
    const costs = [40, 13, 2, 12];
    const upload = new FrameUpload(true, clock(costs));
    const frames = Array.from({ length: 6 }, () => frame(436, 384));
    const sources = frames.map((f) => upload.source(f));
    // The fourth frame ends the trial and is drawn from the canvas; every later one as it is.
    expect(sources.map((s, i) => s === frames[i])).toEqual([
      false,
      false,
      false,
      false,
      true,
      true,
    ]);
    expect(drawn).toHaveLength(4);
  });
});
