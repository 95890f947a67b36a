import { useSetAtom } from 'jotai';
import { useCallback, useState } from 'react';
import type { TryOnEngine } from '../engine/try-on-engine';
import { t } from '../i18n';
import { fitReasonText } from '../i18n/fit-reasons';
import {
  glassesErrorCode,
  parseFrameSize,
  type GlassesErrorCode,
  type GlassesReport,
} from '../shared/glasses-types';
import { DeadlinePassed } from '../shared/deadline';
import { ENGINE_DEADLINES_MS } from '../shared/ui-constants';
import { fittedFramesAtom, selectedModelAtom, fittedFrameOf } from '../state/atoms';
import { useToast } from '../state/toast';
import { materialMessage } from './glasses-message';
import type { CatalogueEntry } from './manifest';
import type { StoredModel } from './model-files';

/**
 * Why a cell's last tap failed: the download, the engine's deadline for putting it on
 * (ENGINE_DEADLINES_MS.wear), or the model itself (then its reason).
 */
export type CellFailure = 'download' | 'timeout' | GlassesErrorCode | null;

export const wearTimeoutText = () =>
  t('wearTimeout', { seconds: String(ENGINE_DEADLINES_MS.wear / 1000) });

/**
 * A wear's end: the worker's report once the glasses changed, else the refusal's code (null: the
 * worker crashed or outran its deadline, or a later tap superseded this one).
 */
export type WearOutcome =
  { report: GlassesReport } | { report: null; code: GlassesErrorCode | null };
const NOT_WORN: WearOutcome = { report: null, code: null };

/**
 * Puts models on the face through the engine, and says which one is on its way: loading,
 * fitting and (on software GL) letting its shaders link take 1–3 s, long enough that a cell
 * with no sign of it looks like a missed tap.
 */
export function useWear(
  engine: TryOnEngine | null,
  setFailure: (value: string, failure: CellFailure) => void,
) {
  const setSelected = useSetAtom(selectedModelAtom);
  /** The entry being put on: the newest call's; an older one ending leaves it alone. */
  const [wearing, setWearing] = useState<string | null>(null);
  const setFitted = useSetAtom(fittedFramesAtom);
  const toast = useToast();

  /**
   * The worker keeps the previous glasses until this one has loaded, so a refused model leaves
   * the face as it was.
   */
  const wear = useCallback(
    async (
      entry: CatalogueEntry,
      model: StoredModel,
      signal: AbortSignal,
    ): Promise<WearOutcome> => {
      if (!engine || signal.aborted) return NOT_WORN;
      setWearing(entry.value);
      let report: GlassesReport;
      const declared = entry.frameSize ? parseFrameSize(entry.frameSize) : null;
      try {
        report = await engine.commands.setGlasses({
          id: entry.value,
          // A copy crosses to the worker: the caller may still store the original.
          glb: model.glb.slice(0),
          ...(model.materials ? { materials: model.materials } : {}),
          ...(entry.fit ? { fit: entry.fit } : {}),
          ...(declared ? { frameSize: declared } : {}),
        });
        if (report.verdict !== 'ok') {
          const reasons = report.reasons
            .filter((r) => r.level !== 'info')
            .map((r) => fitReasonText(r));
          console.warn('glasses fit', entry.value, report.frameSize, reasons);
        }
        setFitted((f) => ({ ...f, [entry.value]: fittedFrameOf(report, f[entry.value]) }));
      } catch (error) {
        // Past the deadline the load was abandoned; the file is not to blame.
        if (error instanceof DeadlinePassed) {
          setFailure(entry.value, 'timeout');
          toast(wearTimeoutText());
          return NOT_WORN;
        }
        console.error('model parse failure', entry.value, error);
        const code = glassesErrorCode(error);
        setFailure(entry.value, code ?? 'corrupt');
        toast(t('glassesLoadFailed'));
        return { report: null, code };
      } finally {
        setWearing((value) => (value === entry.value ? null : value));
      }
      // The worker's newest request wins there too (scene-content.ts): this one was superseded.
      if (signal.aborted) return NOT_WORN;
      setFailure(entry.value, null);
      setSelected(entry.value);
      return { report };
    },
    [engine, setFailure, setSelected, setFitted, toast],
  );

  /** Said on a tap only: a restarted engine put back on the face says nothing again. */
  const tellMaterial = useCallback(
    (model: StoredModel, report: GlassesReport) => {
      const message = materialMessage(model, report);
      if (message) toast(message);
    },
    [toast],
  );

  return { wear, tellMaterial, wearing };
}
