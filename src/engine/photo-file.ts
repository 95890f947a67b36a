import { imageSize } from 'image-size';
import type { StringKey } from '../i18n';
import { withDeadline } from '../shared/deadline';
import { jpegFrameWithinLimits } from './jpeg-segments';
import {
  PHOTO_DECODE_TIMEOUT_MS,
  PHOTO_HEADER_MAX_BYTES,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_PX,
  PHOTO_WORK_MAX_PX,
} from '../shared/ui-constants';

/** Why a photo cannot be tried on: a string key of i18n and its placeholders. */
export interface PhotoProblem {
  key: StringKey;
  params?: Record<string, string | number>;
}

export class PhotoRefused extends Error {
  constructor(readonly problem: PhotoProblem) {
    super(problem.key);
    this.name = 'PhotoRefused';
  }
}

/** What the file's header says: the size as shown (EXIF orientation applied) and the format. */
export interface PhotoHeader {
  width: number;
  height: number;
  type: string;
  /** EXIF orientation 1–8 (1 when the file has none). */
  orientation: number;
}

/** A decoded photo, upright and at most PHOTO_WORK_MAX_PX on its long side. */
export interface LoadedPhoto {
  bitmap: ImageBitmap;
  /** The photo's own size, upright. */
  header: PhotoHeader;
}

/** What is wrong with a chosen file before reading it. */
export function photoFileProblem(file: Pick<File, 'size' | 'type'>): PhotoProblem | null {
  if (file.size === 0) return { key: 'photoEmpty' };
  if (file.size > PHOTO_MAX_BYTES)
    return { key: 'photoTooLarge', params: { limit: PHOTO_MAX_BYTES / 1024 / 1024 } };
  // An empty type means the browser does not know (HEIC on many systems): the header decides.
  if (file.type && !file.type.startsWith('image/')) return { key: 'photoNotImage' };
  return null;
}

/**
 * The header of an image file, read without decoding it (a 20 MB file may hold far more pixels
 * than a phone can decode) from its first PHOTO_HEADER_MAX_BYTES; null when it is no image
 * there. Orientations 5–8 turn the picture a quarter, so its shown width is the stored height.
 */
export function readPhotoHeader(bytes: Uint8Array): PhotoHeader | null {
  const head = bytes.subarray(0, PHOTO_HEADER_MAX_BYTES);
  if (!jpegFrameWithinLimits(head)) return null;
  try {
    const size = imageSize(head);
    if (!size.width || !size.height || !size.type) return null;
    const orientation = size.orientation ?? 1;
    const turned = orientation >= 5 && orientation <= 8;
    return {
      width: turned ? size.height : size.width,
      height: turned ? size.width : size.height,
      type: size.type,
      orientation,
    };
  } catch {
    return null;
  }
}

/** A photo over PHOTO_MAX_PX either way round is refused with the limit stated. */
export function photoSizeProblem(
  header: Pick<PhotoHeader, 'width' | 'height'>,
): PhotoProblem | null {
  const long = Math.max(header.width, header.height);
  const short = Math.min(header.width, header.height);
  if (long <= PHOTO_MAX_PX.long && short <= PHOTO_MAX_PX.short) return null;
  return {
    key: 'photoTooManyPixels',
    params: {
      width: header.width,
      height: header.height,
      maxLong: PHOTO_MAX_PX.long,
      maxShort: PHOTO_MAX_PX.short,
    },
  };
}

/** The size a photo is tracked and drawn at: its own, shrunk to PHOTO_WORK_MAX_PX at most. */
export function photoWorkSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, PHOTO_WORK_MAX_PX / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/**
 * Reads, checks and decodes a chosen photo: upright (EXIF orientation applied by the browser's
 * decoder), shrunk to the work size. Rejects with PhotoRefused and the reason to show.
 */
export async function loadPhoto(file: File, signal: AbortSignal): Promise<LoadedPhoto> {
  const problem = photoFileProblem(file);
  if (problem) throw new PhotoRefused(problem);
  const failed = () => new PhotoRefused({ key: 'photoLoadFailed' });
  const bytes = await withDeadline(file.arrayBuffer(), PHOTO_DECODE_TIMEOUT_MS).catch(() => {
    throw failed();
  });
  signal.throwIfAborted();
  const header = readPhotoHeader(new Uint8Array(bytes));
  if (!header) throw new PhotoRefused({ key: 'photoNotImage' });
  const sizeProblem = photoSizeProblem(header);
  if (sizeProblem) throw new PhotoRefused(sizeProblem);
  // Decoded from the bytes already read (not the file again).
  const decoding = decodeUpright(new Blob([bytes], { type: file.type }));
  const full = await withDeadline(decoding, PHOTO_DECODE_TIMEOUT_MS).catch(() => {
    // A decode that ends after its deadline gives its picture back at once.
    decoding.then(
      (late) => late.close(),
      () => undefined,
    );
    throw new PhotoRefused({
      key: 'photoUndecodable',
      params: { format: header.type.toUpperCase() },
    });
  });
  if (signal.aborted) {
    full.close();
    signal.throwIfAborted();
  }
  // Always drawn again, even at its own size: the decoded picture may keep its orientation as a
  // flag that a VideoFrame made from it carries along (Chromium: coded sideways, rotation 90),
  // and the tracker reads the coded pixels. Drawn, the pixels themselves are upright.
  const work = photoWorkSize(full.width, full.height);
  try {
    const canvas = new OffscreenCanvas(work.width, work.height);
    const context = canvas.getContext('2d');
    if (!context) throw failed();
    context.imageSmoothingQuality = 'high';
    context.drawImage(full, 0, 0, work.width, work.height);
    return { bitmap: canvas.transferToImageBitmap(), header };
  } finally {
    full.close();
  }
}

/** The picture as shown (EXIF orientation applied; the default, asked for where it is not). */
async function decodeUpright(file: Blob): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch (error) {
    // An engine that does not know the option says so with a TypeError; a bad picture does not.
    if (!(error instanceof TypeError)) throw error;
    return createImageBitmap(file);
  }
}
