import { t } from '../../i18n';
import { withDeadline } from '../../shared/deadline';
import { GLASSES_MAX_BYTES } from '../../shared/storage-constants';
import { LOCAL_FILE_READ_MS } from '../../shared/ui-constants';
import { glassesMessage } from '../../catalogue/glasses-message';
import { sha256Hex } from './manifest-entry';

const GLB = /\.glb$/i;

/** A file read for the shop page's check, or why it cannot be checked (in words). */
export type CheckFile = { bytes: ArrayBuffer; sha256: string } | { error: string };

/**
 * Reads a chosen file for `/check`: its name and size are judged before a byte is read (a 2 GB
 * file is never read or hashed), and a read that fails or outruns its deadline (a file moved
 * away, a cloud drive offline) says so instead of leaving the card on 检查中.
 */
export async function readCheckFile(file: File): Promise<CheckFile> {
  if (!GLB.test(file.name)) return { error: t('checkNotGlb') };
  if (file.size > GLASSES_MAX_BYTES) return { error: glassesMessage('too-large') };
  try {
    const bytes = await withDeadline(file.arrayBuffer(), LOCAL_FILE_READ_MS);
    return { bytes, sha256: await sha256Hex(bytes) };
  } catch (error) {
    console.warn('check: cannot read', file.name, error);
    return { error: t('checkReadFailed') };
  }
}
