// `/check` judges a chosen file's name and size before reading a byte, and a read that fails
// says so on the card (src/features/shop-check/check-file.ts).
import { describe, expect, it, vi } from 'vitest';
import { readCheckFile } from '../../src/features/shop-check/check-file';
import { zhCN } from '../../src/i18n/zh-CN';
import { GLASSES_MAX_BYTES } from '../../src/shared/storage-constants';

/** A file whose size and reading the test decides. */
const fakeFile = (name: string, size: number, read: () => Promise<ArrayBuffer>) => {
  const arrayBuffer = vi.fn(read);
  return { file: { name, size, arrayBuffer } as unknown as File, arrayBuffer };
};

describe('a file chosen on /check', () => {
  it('is read and hashed when it is a GLB within the limit', async () => {
    const read = await readCheckFile(new File([new TextEncoder().encode('abc')], 'frame.GLB'));
    expect(read).toEqual({
      bytes: expect.any(ArrayBuffer),
      sha256: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    });
  });

  it('is refused by its name or size before a byte is read', async () => {
    const named = fakeFile('frame.obj', 10, () => Promise.resolve(new ArrayBuffer(10)));
    expect(await readCheckFile(named.file)).toEqual({ error: zhCN.checkNotGlb });
    const huge = fakeFile('frame.glb', GLASSES_MAX_BYTES + 1, () => Promise.reject(new Error()));
    expect(await readCheckFile(huge.file)).toEqual({
      error: '模型文件过大（上限 20 MB），无法试戴',
    });
    expect(named.arrayBuffer).not.toHaveBeenCalled();
    expect(huge.arrayBuffer).not.toHaveBeenCalled();
  });

  it('says so when it cannot be read', async () => {
    const gone = fakeFile('frame.glb', 10, () =>
      Promise.reject(new DOMException('moved', 'NotFoundError')),
    );
    expect(await readCheckFile(gone.file)).toEqual({ error: zhCN.checkReadFailed });
  });
});
