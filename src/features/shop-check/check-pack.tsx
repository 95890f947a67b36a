import type { PackState } from './use-glasses-check';
import { t } from '../../i18n';

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** `glasses:pack` on the page: compress, then save the packed copy (or read why there is none). */
export function CheckPack({ packed, onPack }: { packed?: PackState; onPack: () => void }) {
  if (packed?.state === 'done') {
    return (
      <a className="button" href={packed.url} download={packed.fileName} data-testid="check-packed">
        {t('checkPackDownload', { before: kb(packed.inputBytes), after: kb(packed.outputBytes) })}
      </a>
    );
  }
  return (
    <>
      <button
        type="button"
        onClick={onPack}
        disabled={packed?.state === 'packing'}
        aria-busy={packed?.state === 'packing'}
      >
        {packed?.state === 'packing' ? t('checkPacking') : t('checkPack')}
      </button>
      {packed?.state === 'failed' ? (
        <p className="check-error" role="status">
          {packed.message}
        </p>
      ) : null}
    </>
  );
}
