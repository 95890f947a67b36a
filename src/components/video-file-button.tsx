import { useRef } from 'react';
import { t } from '../i18n';
import { Icon } from './icons';

interface Props {
  loading: boolean;
  disabled: boolean;
  /** Runs before the file chooser opens (the camera goes off first: docs/behaviour.md §4). */
  onOpen: () => void;
  onFile: (file: File) => void;
  /** Out of sight (and of the accessibility tree) but mounted: a chooser it opened still answers. */
  hidden?: boolean;
}

/** The primary "open video file" button and its hidden file input. */
export function VideoFileButton({ loading, disabled, onOpen, onFile, hidden }: Props) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className="open-video"
        hidden={hidden}
        disabled={disabled || loading}
        onClick={() => {
          onOpen();
          inputRef.current?.click();
        }}
      >
        <Icon name="file" />
        {loading ? t('videoLoading') : t('openVideoFile')}
      </button>
      <input
        ref={inputRef}
        type="file"
        accept="video/*"
        hidden
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          // Cleared so that choosing the same file again still fires a change.
          event.currentTarget.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}
