import { useEffect, useState } from 'react';
import { t } from '../../i18n';

/**
 * The photo full screen, for an app's own browser (WeChat, QQ, …): downloads do nothing there,
 * but a long press on an <img> offers to save it to the album or send it. The picture is a data:
 * URL, which those browsers save where a blob: URL often fails.
 */
export function PhotoSheet({ photo, onClose }: { photo: Blob; onClose: () => void }) {
  const src = useDataUrl(photo);
  const title = t('photoReady');
  return (
    <div className="photo-sheet" role="dialog" aria-label={title}>
      {src ? <img className="photo-sheet-image" src={src} alt={title} /> : null}
      <p className="photo-sheet-hint">{t('photoLongPress')}</p>
      <button type="button" onClick={onClose}>
        {t('close')}
      </button>
    </div>
  );
}

function useDataUrl(blob: Blob): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const reader = new FileReader();
    reader.onload = () => setUrl(reader.result as string);
    reader.readAsDataURL(blob);
    return () => reader.abort();
  }, [blob]);
  return url;
}
