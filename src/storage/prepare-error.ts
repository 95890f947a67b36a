import { t } from '../i18n';
import { DownloadError } from '../shared/checked-fetch';
import { DOWNLOAD_STALL_MS } from '../shared/storage-constants';

export type PrepareFailure = 'http' | 'network' | 'integrity' | 'unknown';

/** Preparation failed; `reason` is the sentence shown to the user (localized). */
export class PrepareError extends Error {
  readonly failure: PrepareFailure;
  readonly reason: string;

  constructor(cause: unknown) {
    const { failure, reason } = describe(cause);
    super(reason, { cause });
    this.name = 'PrepareError';
    this.failure = failure;
    this.reason = reason;
  }
}

function describe(cause: unknown): { failure: PrepareFailure; reason: string } {
  if (cause instanceof DownloadError) {
    const name = cause.path.split('/').pop() ?? cause.path;
    switch (cause.kind) {
      case 'http':
        return { failure: 'http', reason: t('downloadFailed', { status: cause.status }) };
      case 'size':
        return { failure: 'integrity', reason: t('downloadIncomplete', { name }) };
      case 'integrity':
        return { failure: 'integrity', reason: t('integrityFailed', { name }) };
      case 'network':
      case 'aborted':
        return { failure: 'network', reason: t('networkFailed') };
      case 'stalled':
        return {
          failure: 'network',
          reason: t('downloadStalled', { seconds: String(DOWNLOAD_STALL_MS / 1000) }),
        };
    }
  }
  const detail = cause instanceof Error ? cause.message : String(cause);
  return { failure: 'unknown', reason: t('prepareFailedUnknown', { detail }) };
}
