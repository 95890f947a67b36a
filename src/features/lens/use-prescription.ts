import { useAtom } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import type { Prescription } from '../../shared/lens/prescription';
import { NO_TINT, type TintChoice } from '../../shared/lens/lens-tint';
import { prescriptionAtom, tintAtom } from '../../state/atoms';
import {
  clearPrescription,
  loadPrescription,
  loadTint,
  savePrescription,
  saveTint,
} from '../../storage/prescription';

/**
 * The prescription and the tint entered under 镜片: read once from this device's storage, saved
 * on 保存; 清除处方 removes the prescription. `loaded` is false until read (the form waits).
 */
export function usePrescription() {
  const [prescription, setPrescription] = useAtom(prescriptionAtom);
  const [tint, setTint] = useAtom(tintAtom);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let live = true;
    void Promise.all([loadPrescription().catch(() => null), loadTint().catch(() => NO_TINT)]).then(
      ([stored, storedTint]) => {
        if (!live) return;
        setPrescription(stored);
        setTint(storedTint);
        setLoaded(true);
      },
    );
    return () => {
      live = false;
    };
  }, [setPrescription, setTint]);
  /** True when both were stored (else kept for this page only). */
  const save = useCallback(
    async (rx: Prescription, choice: TintChoice) => {
      setPrescription(rx);
      setTint(choice);
      const [a, b] = await Promise.all([savePrescription(rx), saveTint(choice)]);
      return a && b;
    },
    [setPrescription, setTint],
  );
  const clear = useCallback(() => {
    setPrescription(null);
    return clearPrescription();
  }, [setPrescription]);
  return { prescription, tint, loaded, save, clear };
}
