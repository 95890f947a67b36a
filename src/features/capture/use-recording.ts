import { useAtom, useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { t } from '../../i18n';
import {
  CAPTURE_SCALE,
  RECORDING_LOST_TOAST_MS,
  RECORDING_SMALLER_TOAST_MS,
  recordingFileName,
} from '../../shared/ui-constants';
import { engineErrorAtom, isRecordingAtom } from '../../state/atoms';
import { useToast } from '../../state/toast';
import { noteRecording } from '../../engine/debug-handle';
import { recordCanvas } from './media-recorder-fallback';
import { currentInAppBrowser, inAppName } from '../../engine/in-app-browser';
import type { TryOnEngine } from '../../engine/try-on-engine';
import { epochMs } from '../../shared/engine-commands';
import { useOfferFile } from './use-offer-file';

const TIMER_TICK_MS = 250;

type Session =
  | { kind: 'worker'; engine: TryOnEngine; startedAt: number }
  | { kind: 'page'; stop: () => Promise<{ blob: Blob; ext: string }>; startedAt: number };

/**
 * The record toggle. The worker composes and encodes (WebCodecs + mediabunny); where its
 * encoder is missing the page falls back to MediaRecorder. Stopping hands the file over (share or
 * download); losing the source (camera off, file closed) stops and hands it over too, so nothing
 * recorded is lost.
 */
export function useRecording(
  engine: TryOnEngine | null,
  active: boolean,
  canvasRef: RefObject<HTMLCanvasElement | null>,
) {
  const [recording, setRecording] = useAtom(isRecordingAtom);
  const [elapsedS, setElapsedS] = useState(0);
  const setError = useSetAtom(engineErrorAtom);
  const toast = useToast();
  const offer = useOfferFile();
  const session = useRef<Session | null>(null);
  const busy = useRef(false);

  const fail = useCallback(
    (error: unknown) => {
      console.error('recording failed', error);
      const reason = error instanceof Error ? error.message : String(error);
      setError(t('recordingFailed', { reason }));
    },
    [setError],
  );

  const start = useCallback(async () => {
    if (busy.current || session.current) return;
    // Nothing recorded there could be kept: say what works before anything is recorded.
    const app = currentInAppBrowser();
    if (app) {
      window.alert(t('recordingInApp', { app: inAppName(app) }));
      return;
    }
    if (!active || !engine) {
      window.alert(t('startCameraFirst'));
      return;
    }
    busy.current = true;
    // The file starts at the press (see Recorder), so the timer counts from it too.
    const startedAt = performance.now();
    try {
      const started = await engine.commands.startRecording(CAPTURE_SCALE, epochMs());
      if (started.ok) {
        session.current = { kind: 'worker', engine, startedAt };
        // The encoder could not keep up with the size asked for (record-size.ts): say so, in
        // pixels (the scale is against the video, which the person never sees as a number).
        if (started.scale < CAPTURE_SCALE) {
          const { width, height } = started;
          toast(t('recordingSmaller', { width, height }), RECORDING_SMALLER_TOAST_MS);
        }
      } else if (started.reason === 'no-webcodecs') {
        const fallback = canvasRef.current ? recordCanvas(canvasRef.current) : null;
        if (!fallback) return window.alert(t('recordingUnsupported'));
        session.current = { kind: 'page', stop: fallback.stop, startedAt };
      } else if (started.reason === 'unsupported') return window.alert(t('recordingUnsupported'));
      else return window.alert(t('startCameraFirst')); // no picture has arrived yet
      setElapsedS(0);
      setRecording(true);
    } catch (error) {
      fail(error);
    } finally {
      busy.current = false;
    }
  }, [active, canvasRef, engine, fail, setRecording, toast]);

  const stop = useCallback(async () => {
    const current = session.current;
    if (!current) return;
    session.current = null;
    setRecording(false);
    try {
      if (current.kind === 'worker') {
        const { blob, ext, frames, dropped } =
          await current.engine.commands.stopRecording(epochMs());
        noteRecording(frames, dropped);
        offer(blob, recordingFileName(ext), 'video');
      } else {
        const { blob, ext } = await current.stop();
        offer(blob, recordingFileName(ext), 'video');
      }
    } catch (error) {
      fail(error);
    }
  }, [fail, offer, setRecording]);

  const toggle = useCallback(() => void (session.current ? stop() : start()), [start, stop]);

  // The engine died while recording (use-try-on.ts replaces it): what it held is gone with it,
  // so the recording ends here and says so, instead of waiting on a worker that will not answer.
  useEffect(() => {
    const current = session.current;
    if (current?.kind !== 'worker' || current.engine === engine) return;
    session.current = null;
    setRecording(false);
    toast(t('recordingLost'), RECORDING_LOST_TOAST_MS);
  }, [engine, setRecording, toast]);

  useEffect(() => {
    if (!active && session.current) void stop();
  }, [active, stop]);

  useEffect(() => {
    if (!recording) return;
    const timer = setInterval(() => {
      const startedAt = session.current?.startedAt;
      if (startedAt !== undefined) setElapsedS((performance.now() - startedAt) / 1000);
    }, TIMER_TICK_MS);
    return () => clearInterval(timer);
  }, [recording]);

  // Leaving the page while recording: drop it quietly.
  useEffect(
    () => () => {
      const current = session.current;
      session.current = null;
      setRecording(false);
      if (current?.kind === 'worker')
        void current.engine.commands.stopRecording(epochMs()).catch(() => {});
      else void current?.stop().catch(() => {});
    },
    [setRecording],
  );

  return { recording, elapsedS, toggle };
}
