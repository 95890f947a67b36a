import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { t } from '../../i18n';
import { fileOfferAtom } from '../../state/atoms';
import { useToast } from '../../state/toast';
import { saveBlob } from './save-file';
import { canShareFile } from './share-file';
import { shopOrigin } from '../../engine/embed-channel';
import { currentInAppBrowser } from '../../engine/in-app-browser';

/**
 * Hands a finished photo or recording to the user: offered for 分享 and 保存 where the browser can
 * share files (phones), shown to long-press in an app's own browser (downloads do nothing there),
 * offered to send to the shop's page around it (?embed, file-offer.tsx), otherwise downloaded
 * under its specified name with a short confirmation.
 */
export function useOfferFile() {
  const setOffer = useSetAtom(fileOfferAtom);
  const toast = useToast();
  return useCallback(
    (blob: Blob, fileName: string, kind: 'photo' | 'video') => {
      const file = new File([blob], fileName, { type: blob.type });
      const toShop = kind === 'photo' && shopOrigin() !== null;
      if (currentInAppBrowser() || canShareFile(file) || toShop) return setOffer({ file, kind });
      saveBlob(blob, fileName);
      toast(t(kind === 'photo' ? 'photoSaved' : 'videoSaved'));
    },
    [setOffer, toast],
  );
}
