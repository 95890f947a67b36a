import { useRef, useState, type DragEvent } from 'react';
import { useGlassesCheck } from '../features/shop-check/use-glasses-check';
import { CheckCard } from '../features/shop-check/check-card';
import { CheckLive } from '../features/shop-check/check-live';
import { t } from '../i18n';

/** 商家工具: a shop checks its GLB files on this device and copies their manifest entries. */
export function Check() {
  const { items, addFiles, setFit, remove, pack, bytesOf } = useGlassesCheck();
  /** The file worn on the live picture; the engine starts only once one is asked for. */
  const [liveId, setLiveId] = useState<number | null>(null);
  const live = items.find((item) => item.id === liveId && item.state !== 'failed');
  const liveBytes = live ? bytesOf(live.id) : null;
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void addFiles([...event.dataTransfer.files]);
  };
  return (
    <main className={live ? 'check with-live' : 'check'}>
      <div className="check-head">
        <h1>{t('checkTitle')}</h1>
        <p>{t('checkIntro')}</p>
        <p className="check-local">{t('checkLocalOnly')}</p>
        <div
          className={`check-drop${over ? ' over' : ''}`}
          onDragOver={(event) => {
            event.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={drop}
        >
          <button type="button" onClick={() => input.current?.click()}>
            {t('checkPick')}
          </button>
          <input
            ref={input}
            type="file"
            accept=".glb,model/gltf-binary"
            multiple
            hidden
            data-testid="check-files"
            onChange={(event) => {
              const files = [...(event.currentTarget.files ?? [])];
              // Cleared so that choosing the same file again still fires a change.
              event.currentTarget.value = '';
              void addFiles(files);
            }}
          />
          <span className="check-drop-hint">{t('checkDrop')}</span>
        </div>
      </div>
      {live && liveBytes ? (
        <CheckLive
          name={live.name}
          bytes={liveBytes}
          fit={live.fit}
          onClose={() => setLiveId(null)}
        />
      ) : null}
      <div className="check-cards">
        {items.map((item) => (
          <CheckCard
            key={item.id}
            item={item}
            live={item.id === live?.id}
            onFit={(fit) => setFit(item.id, fit)}
            onLive={() => setLiveId(item.id === liveId ? null : item.id)}
            onPack={() => void pack(item.id)}
            onRemove={() => remove(item.id)}
          />
        ))}
      </div>
    </main>
  );
}
