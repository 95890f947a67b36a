import { rememberChoices, rememberedChoices } from './engine-choices';
import { forcedEnginePath } from './debug-switches';
import { isSoftwareGl } from '../shared/gl-renderer';

/** Where the try-on code runs: its worker, or the same code on the page (the fallback). */
export type EnginePath = 'worker' | 'page';

/**
 * What a module worker can do here: draw WebGL into an OffscreenCanvas and pass VideoFrames by
 * transfer (it makes one and sends it over, so the page's own frame accounting stays exact). The
 * check runs in a tiny worker of its own (a blob: URL the CSP allows) and gives up after
 * PROBE_MS, as an engine that never answers would.
 */
const PROBE = `
self.onmessage = () => {
  let gl = false;
  let frame = null;
  try {
    const canvas = new OffscreenCanvas(1, 1);
    gl = !!(canvas.getContext('webgl2') || canvas.getContext('webgl'));
  } catch {}
  try {
    const picture = new OffscreenCanvas(2, 2);
    picture.getContext('2d').fillRect(0, 0, 2, 2);
    frame = new VideoFrame(picture, { timestamp: 0 });
  } catch {}
  self.postMessage({ gl, frame }, frame ? [frame] : []);
};`;
/**
 * Long enough for a busy device: a loaded 2-core machine can take more than 4 s to answer, and a
 * probe that times out runs that visit's engine on the page. The probe runs beside the stored
 * assets' read, and only until a verdict is remembered.
 */
const PROBE_MS = 10_000;

/** True or false as the probe answered; null when it did not answer in time (a busy device). */
async function workerCanDraw(): Promise<boolean | null> {
  if (
    typeof Worker === 'undefined' ||
    typeof OffscreenCanvas === 'undefined' ||
    typeof VideoFrame === 'undefined' ||
    !('transferControlToOffscreen' in HTMLCanvasElement.prototype)
  ) {
    return false;
  }
  const url = URL.createObjectURL(new Blob([PROBE], { type: 'text/javascript' }));
  const worker = new Worker(url, { type: 'module' });
  try {
    const answer = new Promise<{ gl: boolean; frame: unknown }>((resolve, reject) => {
      worker.onmessage = (event) => resolve(event.data);
      worker.onerror = () => reject(new Error('probe failed'));
      setTimeout(() => reject(new Error('probe timed out')), PROBE_MS);
    });
    worker.postMessage(null);
    const { gl, frame } = await answer;
    // By its tag, not instanceof: test harnesses wrap the page's VideoFrame class.
    const frames = Object.prototype.toString.call(frame) === '[object VideoFrame]';
    if (frames) (frame as VideoFrame).close();
    return gl && frames;
  } catch (error) {
    return error instanceof Error && error.message === 'probe timed out' ? null : false;
  } finally {
    worker.terminate();
    URL.revokeObjectURL(url);
  }
}

/** What the page itself draws WebGL with: nothing, the CPU, or a GPU. */
export function pageGl(): 'none' | 'software' | 'gpu' {
  try {
    const canvas = document.createElement('canvas');
    const gl = canvas.getContext('webgl2') || canvas.getContext('webgl');
    if (!gl) return 'none';
    const software = isSoftwareGl(gl);
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return software ? 'software' : 'gpu';
  } catch {
    return 'none';
  }
}

/**
 * Firefox on software GL draws from a worker with stalls: its render worker stops answering for
 * 10 s at a time, so the screen holds one picture and the engine restarts, while the same code on
 * the page draws the file at its pace (docs/architecture.md, Browsers). Firefox on a GPU keeps the
 * worker path: it is not measured here.
 */
const workerStalls = (): boolean =>
  /\bFirefox\/\d/.test(navigator.userAgent) && pageGl() === 'software';

/**
 * The worker path where it can draw, else the page; null where nothing can draw WebGL. `?engine=`
 * forces a path (tests' and bench's builds, debug-switches.ts); a measured verdict is remembered
 * per browser.
 */
export async function chooseEnginePath(): Promise<EnginePath | null> {
  const forced = forcedEnginePath();
  if (forced) return forced;
  // Before a remembered verdict: an earlier version may have remembered the worker there.
  if (workerStalls()) return 'page';
  const remembered = rememberedChoices().path;
  if (remembered) return remembered;
  const worker = await workerCanDraw();
  const path: EnginePath | null = worker ? 'worker' : pageGl() !== 'none' ? 'page' : null;
  if (path === 'page') {
    console.warn(
      `[engine] on the page: ${worker === null ? 'probe timed out' : 'no worker WebGL'}`,
    );
  }
  // A probe that timed out proves nothing: the page path works now, the probe runs again next time.
  if (path && worker !== null) rememberChoices({ path });
  return path;
}
