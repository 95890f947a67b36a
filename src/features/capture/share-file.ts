/**
 * The system share sheet (Web Share API level 2, files): on phones it reaches the photo album and
 * chat apps, which a download does not. Where it is missing the caller downloads instead.
 */
export function canShareFile(file: File): boolean {
  try {
    return (
      typeof navigator.share === 'function' && navigator.canShare?.({ files: [file] }) === true
    );
  } catch {
    return false; // some engines throw on file types they do not share
  }
}

/** Opens the share sheet; false when the user closed it without sharing (not an error). */
export async function shareFile(file: File, title: string): Promise<boolean> {
  try {
    await navigator.share({ files: [file], title });
    return true;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return false;
    throw error;
  }
}
