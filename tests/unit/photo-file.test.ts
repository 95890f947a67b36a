import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  loadPhoto,
  PhotoRefused,
  photoFileProblem,
  photoSizeProblem,
  photoWorkSize,
  readPhotoHeader,
} from '../../src/engine/photo-file';
import {
  PHOTO_DECODE_TIMEOUT_MS,
  PHOTO_HEADER_MAX_BYTES,
  PHOTO_MAX_BYTES,
  PHOTO_WORK_MAX_PX,
} from '../../src/shared/ui-constants';
import { format } from '../../src/i18n';
import { zhCN } from '../../src/i18n/zh-CN';
import { jpegHeaderOnly } from '../e2e/photo-fixtures.mjs';
import { JPEG_MAX_SEGMENTS } from '../../src/engine/jpeg-segments';

describe('a photo file', () => {
  it('is refused before reading when empty, over 20 MB or not an image, with the limit stated', () => {
    expect(photoFileProblem({ size: 0, type: 'image/jpeg' })?.key).toBe('photoEmpty');
    const large = photoFileProblem({ size: PHOTO_MAX_BYTES + 1, type: 'image/jpeg' });
    expect(format(zhCN, large!.key, large!.params)).toBe('照片文件过大，请选择小于 20MB 的照片');
    expect(photoFileProblem({ size: PHOTO_MAX_BYTES, type: 'image/jpeg' })).toBeNull();
    expect(photoFileProblem({ size: 10, type: 'video/mp4' })?.key).toBe('photoNotImage');
    // HEIC often comes with no type: its header decides.
    expect(photoFileProblem({ size: 10, type: '' })).toBeNull();
  });

  it('reads its size as shown: EXIF orientations 5–8 turn it a quarter', () => {
    expect(readPhotoHeader(jpegHeaderOnly(400, 300))).toEqual({
      width: 400,
      height: 300,
      type: 'jpg',
      orientation: 1,
    });
    for (const orientation of [1, 2, 3, 4])
      expect(readPhotoHeader(jpegHeaderOnly(400, 300, orientation))).toMatchObject({
        width: 400,
        height: 300,
        orientation,
      });
    for (const orientation of [5, 6, 7, 8])
      expect(readPhotoHeader(jpegHeaderOnly(400, 300, orientation))).toMatchObject({
        width: 300,
        height: 400,
        orientation,
      });
  });

  it('finds its size behind large metadata, but not past its first 512 kB', () => {
    const header = jpegHeaderOnly(400, 300);
    const app = (marker: number, length: number) => {
      const head = Buffer.from([0xff, marker, (length + 2) >> 8, (length + 2) & 0xff]);
      return Buffer.concat([head, Buffer.alloc(length)]);
    };
    // EXIF, XMP and ICC at their 64 kB most: the size is still read.
    const rich = Buffer.concat([
      header.subarray(0, 2),
      app(0xe1, 65_533),
      app(0xe1, 65_533),
      app(0xe2, 65_533),
      header.subarray(2),
    ]);
    expect(readPhotoHeader(rich)).toMatchObject({ width: 400, height: 300 });
    // 20 MB of empty segments ahead of the size (~2 s for the reader on the page): refused.
    const buried = Buffer.concat([
      header.subarray(0, 2),
      Buffer.alloc(PHOTO_MAX_BYTES - 64, Buffer.from([0xff, 0xe1, 0x00, 0x02])),
      header.subarray(2),
    ]);
    expect(buried.indexOf(Buffer.from([0xff, 0xc0]))).toBeGreaterThan(PHOTO_HEADER_MAX_BYTES);
    expect(readPhotoHeader(buried)).toBeNull();
    // Many small segments within the bytes read: up to JPEG_MAX_SEGMENTS the size is read; past
    // them the file is refused before image-size walks them (~1 µs each on the page).
    const segments = (n: number) =>
      Buffer.concat([
        header.subarray(0, 2),
        ...Array.from({ length: n }, () => app(0xfe, 0)),
        header.subarray(2),
      ]);
    expect(readPhotoHeader(segments(JPEG_MAX_SEGMENTS - 2))).toMatchObject({ width: 400 });
    expect(readPhotoHeader(segments(JPEG_MAX_SEGMENTS + 1))).toBeNull();
  });

  it('is no photo when its header is not an image’s', () => {
    expect(readPhotoHeader(new TextEncoder().encode('notes saved as .jpg'))).toBeNull();
    expect(readPhotoHeader(new Uint8Array(0))).toBeNull();
  });

  it('is refused over 4000×3000 pixels either way round, with its size and the limit', () => {
    expect(photoSizeProblem({ width: 4000, height: 3000 })).toBeNull();
    expect(photoSizeProblem({ width: 3000, height: 4000 })).toBeNull();
    const wide = photoSizeProblem({ width: 4001, height: 3000 });
    expect(format(zhCN, wide!.key, wide!.params)).toBe(
      '照片尺寸为 4001×3000 像素，超过上限 4000×3000，请先缩小再打开',
    );
    expect(photoSizeProblem({ width: 3001, height: 3001 })).not.toBeNull();
    // A header-only file says 8000×6000 (48 MP): refused before anything is decoded.
    expect(photoSizeProblem(readPhotoHeader(jpegHeaderOnly(6000, 8000, 6))!)?.params).toMatchObject(
      { width: 8000, height: 6000 },
    );
  });

  it('is worked on at 1280 px on its long side at most, its shape kept', () => {
    expect(photoWorkSize(640, 480)).toEqual({ width: 640, height: 480 });
    expect(photoWorkSize(4000, 3000)).toEqual({ width: PHOTO_WORK_MAX_PX, height: 960 });
    expect(photoWorkSize(3000, 4000)).toEqual({ width: 960, height: PHOTO_WORK_MAX_PX });
    expect(photoWorkSize(4000, 1)).toEqual({ width: PHOTO_WORK_MAX_PX, height: 1 });
  });
});

describe('a photo decoded after its deadline', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is refused, and its picture is given back once the decoder ends', async () => {
    vi.useFakeTimers();
    const late = { close: vi.fn(), width: 400, height: 300 };
    let finish: (bitmap: typeof late) => void = () => undefined;
    vi.stubGlobal('createImageBitmap', () => new Promise((resolve) => (finish = resolve)));
    const file = new File([jpegHeaderOnly(400, 300)], 'face.jpg', { type: 'image/jpeg' });
    const loading = loadPhoto(file, new AbortController().signal);
    const refused = expect(loading).rejects.toBeInstanceOf(PhotoRefused);
    await vi.advanceTimersByTimeAsync(PHOTO_DECODE_TIMEOUT_MS + 1);
    await refused;
    finish(late);
    await vi.advanceTimersByTimeAsync(0);
    expect(late.close).toHaveBeenCalledTimes(1);
  });
});
