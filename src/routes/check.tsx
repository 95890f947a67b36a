import { useRef, useState, type DragEvent } from 'react';
import { useGlassesCheck } from '../catalogue/use-glasses-check';
import { CheckCard } from '../components/check-card';
import { t } from '../i18n';

/** 商家工具: a shop checks its GLB files on this device and copies their manifest entries. */
export function Check() {
  const { items, addFiles, setFit, remove } = useGlassesCheck();
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void addFiles([...event.dataTransfer.files]);
  };
  return (
    <main className="check">
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
        <span>{t('checkDrop')}</span>
      </div>
      {items.map((item) => (
        <CheckCard
          key={item.id}
          item={item}
          onFit={(fit) => setFit(item.id, fit)}
          onRemove={() => remove(item.id)}
        />
      ))}
    </main>
  );
}
