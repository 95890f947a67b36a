import { useAtom } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import type { Prescription } from '../shared/prescription';
import { prescriptionAtom } from '../state/atoms';
import { clearPrescription, loadPrescription, savePrescription } from '../storage/prescription';

/**
 * The prescription entered under 镜片: read once from this device's storage, saved on 保存,
 * removed on 清除. `loaded` is false until read (the form waits for it).
 */
export function usePrescription() {
  const [prescription, setPrescription] = useAtom(prescriptionAtom);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let live = true;
    void loadPrescription()
      .catch(() => null)
      .then((stored) => {
        if (!live) return;
        setPrescription(stored);
        setLoaded(true);
      });
    return () => {
      live = false;
    };
  }, [setPrescription]);
  const save = useCallback(
    (rx: Prescription) => {
      setPrescription(rx);
      return savePrescription(rx);
    },
    [setPrescription],
  );
  const clear = useCallback(() => {
    setPrescription(null);
    return clearPrescription();
  }, [setPrescription]);
  return { prescription, loaded, save, clear };
}
