import { useAtomValue, useSetAtom } from 'jotai';
import { createPortal } from 'react-dom';
import { t } from '../../i18n';
import { fileOfferAtom, type FileOfferValue } from '../../state/atoms';
import { useToast } from '../../state/toast';
import { saveBlob } from './save-file';
import { canShareFile, shareFile } from './share-file';
import { currentInAppBrowser } from '../../engine/in-app-browser';
import { shopOrigin, tellParent } from '../../engine/embed-channel';
import { BlobImage } from '../../components/blob-image';
import { PhotoSheet } from './photo-sheet';

/**
 * The finished photo or recording, where the browser can share files: 分享 opens the system
 * sheet (photo album, chat apps), 保存 downloads it under its specified name. A tap is needed
 * because the share sheet only opens on a user gesture, and encoding may outlast the one that
 * took the photo. Inside a shop's page, a photo also offers 发送 to that page, named by its
 * origin: it leaves the frame only on that tap.
 */
export function FileOffer() {
  const offer = useAtomValue(fileOfferAtom);
  // Outside the app's root: over 全部试戴's sheet too, which makes the root inert while open.
  return offer ? createPortal(<Offer offer={offer} />, document.body) : null;
}

function Offer({ offer }: { offer: FileOfferValue }) {
  const setOffer = useSetAtom(fileOfferAtom);
  const toast = useToast();
  if (offer.kind === 'photo' && currentInAppBrowser()) {
    return <PhotoSheet photo={offer.file} onClose={() => setOffer(null)} />;
  }
  const title = t(offer.kind === 'photo' ? 'photoReady' : 'videoReady');
  const share = () =>
    void shareFile(offer.file, title)
      .then((shared) => {
        if (shared) setOffer(null);
      })
      .catch((error: unknown) =>
        toast(t('shareFailed', { reason: error instanceof Error ? error.message : String(error) })),
      );
  const save = () => {
    saveBlob(offer.file, offer.file.name);
    setOffer(null);
  };
  const shop = offer.kind === 'photo' ? shopOrigin() : null;
  const send = () => {
    tellParent({ type: 'photo', blob: offer.file });
    toast(t('photoSentToShop'));
    setOffer(null);
  };
  return (
    <div className="file-offer" role="dialog" aria-label={title}>
      {offer.kind === 'photo' ? (
        <BlobImage className="file-offer-thumb" blob={offer.file} alt="" />
      ) : null}
      <p className="file-offer-title">{shop ? t('sendPhotoToShop', { origin: shop }) : title}</p>
      <div className="file-offer-actions">
        {shop ? (
          <button type="button" className="primary" onClick={send}>
            {t('send')}
          </button>
        ) : null}
        {canShareFile(offer.file) ? (
          <button type="button" className={shop ? '' : 'primary'} onClick={share}>
            {t('share')}
          </button>
        ) : null}
        <button type="button" onClick={save}>
          {t('save')}
        </button>
        <button type="button" onClick={() => setOffer(null)}>
          {t('close')}
        </button>
      </div>
    </div>
  );
}
