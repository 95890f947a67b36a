// A recording's plan (workers/capture/record-prep.ts) from an encoder that never answers whether
// it can encode: given up after RECORD_PLAN_MS, planned again at the next press, and the press
// answered (the page records instead) rather than left for the page's deadline to restart the
// engine as stuck.
import { afterEach, expect, it, vi } from 'vitest';
import { DeadlinePassed } from '../../src/shared/deadline';
import { RECORD_PLAN_MS, RecordPrep } from '../../workers/capture/record-prep';
import type { KeptPicture } from '../../workers/pipeline/kept-picture';
import { Recording } from '../../workers/pipeline/recording';

/** WebCodecs whose encoder never says whether it can encode a format. */
const SilentEncoder = { isConfigSupported: vi.fn(() => new Promise<never>(() => {})) };
const kept = { withPicture: (use: (p: null) => unknown) => use(null) } as unknown as KeptPicture;

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

it('gives up a plan the encoder never answers, and plans again when asked', async () => {
  vi.stubGlobal('VideoEncoder', SilentEncoder);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const prep = new RecordPrep();
  const first = prep.plan(640, 480, 2, null).catch((error: unknown) => error);
  await vi.advanceTimersByTimeAsync(RECORD_PLAN_MS);
  expect(await first).toBeInstanceOf(DeadlinePassed);
  const asked = SilentEncoder.isConfigSupported.mock.calls.length;
  expect(asked).toBeGreaterThan(0);
  void prep.plan(640, 480, 2, null).catch(() => {});
  await vi.advanceTimersByTimeAsync(0);
  expect(SilentEncoder.isConfigSupported.mock.calls.length).toBeGreaterThan(asked);
});

it('answers the press: the page records what it shows instead', async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.stubGlobal('VideoEncoder', SilentEncoder);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const recording = new Recording({} as WebGL2RenderingContext, kept);
  const started = recording.start(640, 480, 2, 0);
  await vi.advanceTimersByTimeAsync(RECORD_PLAN_MS);
  expect(await started).toEqual({ ok: false, reason: 'no-webcodecs' });
});
