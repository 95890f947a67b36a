/**
 * The try-on engine's commands: one row each, read by the page's bridge (src/engine/try-on-engine.ts)
 * and the worker's host (workers/try-on-host.ts). A command is a method of the worker's pipeline
 * (workers/pipeline/pipeline.ts) of the same name; adding one means a row here and that method.
 */
import type { TryOnPipeline } from '../../workers/pipeline/pipeline';
import type { ENGINE_DEADLINES_MS } from './ui-constants';

/**
 * What the page does when the answer is later than its deadline: 'restart' counts the engine as
 * stuck (it is restarted as after a crash); 'reject' only fails this call; a command's name sends
 * that command (the engine drops the late work) and fails this call.
 */
export type LateAnswer = 'restart' | 'reject' | 'abandonGlasses';

export interface CommandRule<Args extends unknown[]> {
  /** The deadline's class in ENGINE_DEADLINES_MS. */
  deadline: keyof typeof ENGINE_DEADLINES_MS;
  late: LateAnswer;
  /** What the call moves to the engine rather than copies (a frame, a model's bytes). */
  transfer?: (...args: Args) => Transferable[];
}

type Rules = {
  [K in keyof TryOnPipeline]?: TryOnPipeline[K] extends (...args: infer A) => unknown
    ? CommandRule<A>
    : never;
};

/** Short commands: answered at once, so silence means the engine is stuck. */
const QUICK = { deadline: 'command', late: 'restart' } as const;

export const ENGINE_COMMANDS = {
  processFrame: { deadline: 'frame', late: 'restart', transfer: (frame) => [frame] },
  /** Past its deadline the load is abandoned: a late model never goes on, the worn one stays. */
  setGlasses: { deadline: 'wear', late: 'abandonGlasses', transfer: (input) => [input.glb] },
  abandonGlasses: QUICK,
  clearGlasses: QUICK,
  setLensLook: QUICK,
  showGlasses: QUICK,
  takeOffOwnGlasses: QUICK,
  setOccluder: { deadline: 'scene', late: 'reject', transfer: (glb) => [glb] },
  setEnvironment: {
    deadline: 'scene',
    late: 'reject',
    transfer: (_image, stored) => (stored ? [stored] : []),
  },
  capture: { deadline: 'capture', late: 'reject' },
  tryAllBegin: { deadline: 'capture', late: 'reject' },
  tryAllRender: { deadline: 'wear', late: 'reject', transfer: (input) => [input.glb] },
  tryAllEnd: QUICK,
  startRecording: QUICK,
  stopRecording: { deadline: 'finishRecording', late: 'reject' },
  resetPose: QUICK,
  resize: QUICK,
  reset: QUICK,
} satisfies Rules;

export type CommandName = keyof typeof ENGINE_COMMANDS;

export const COMMAND_NAMES = Object.keys(ENGINE_COMMANDS) as CommandName[];

/** The commands as the page calls them: each answers later, as a promise. */
export type EngineCommands = {
  [K in CommandName]: (
    ...args: Parameters<TryOnPipeline[K]>
  ) => Promise<Awaited<ReturnType<TryOnPipeline[K]>>>;
};

/** Now on the clock frame timestamps use (capture times, epoch ms: see frame-pump.ts). */
export const epochMs = (): number => performance.timeOrigin + performance.now();
