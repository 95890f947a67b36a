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
  /** A video file (the default) or a photo. */
  kind?: 'video' | 'photo';
}

const KINDS = {
  video: { className: 'open-video', label: 'openVideoFile', accept: 'video/*', icon: 'file' },
  // Any image the browser may decode (HEIC where it can): the photo's header decides.
  photo: { className: 'open-photo', label: 'openPhoto', accept: 'image/*', icon: 'photo' },
} as const;

/** The "open video file" (or "open photo") button and its hidden file input. */
export function VideoFileButton(props: Props) {
  const { loading, disabled, onOpen, onFile, hidden } = props;
  const kind = KINDS[props.kind ?? 'video'];
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className={kind.className}
        hidden={hidden}
        disabled={disabled || loading}
        onClick={() => {
          onOpen();
          inputRef.current?.click();
        }}
      >
        <Icon name={kind.icon} />
        {loading ? t('videoLoading') : t(kind.label)}
      </button>
      <input
        ref={inputRef}
        type="file"
        accept={kind.accept}
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
