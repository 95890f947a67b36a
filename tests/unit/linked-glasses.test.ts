import { describe, expect, it } from 'vitest';
import { findLinked, linkedQuery } from '../../src/catalogue/linked-glasses';
import type { CatalogueEntry } from '../../src/catalogue/manifest';

const entry = (serialNo: string, value: string): CatalogueEntry => ({
  serialNo,
  value,
  text: `frame ${serialNo}`,
});
const ENTRIES = [entry('001', 'models/001.glb'), entry('A-7', 'models/shop/Round-Tortoise.glb')];

describe('a shop link to one frame (?glasses=)', () => {
  it('reads the frame asked for, trimmed, and nothing when none is asked', () => {
    expect(linkedQuery('?glasses=001')).toBe('001');
    expect(linkedQuery('glasses=%20A-7%20&embed')).toBe('A-7');
    expect(linkedQuery('?glasses=')).toBeNull();
    expect(linkedQuery('?other=1')).toBeNull();
    expect(linkedQuery(`?glasses=${'x'.repeat(500)}`)).toHaveLength(200);
  });

  it('finds it by serial number, by the manifest path, or by the file name', () => {
    expect(findLinked(ENTRIES, '001')?.value).toBe('models/001.glb');
    expect(findLinked(ENTRIES, 'A-7')?.value).toBe('models/shop/Round-Tortoise.glb');
    expect(findLinked(ENTRIES, 'models/shop/Round-Tortoise.glb')?.serialNo).toBe('A-7');
    expect(findLinked(ENTRIES, 'round-tortoise.GLB')?.serialNo).toBe('A-7');
    expect(findLinked(ENTRIES, 'Round-Tortoise')?.serialNo).toBe('A-7');
  });

  it('finds nothing for a frame the catalogue lacks', () => {
    expect(findLinked(ENTRIES, '002')).toBeNull();
    expect(findLinked(ENTRIES, 'models/002.glb')).toBeNull();
    expect(findLinked([], '001')).toBeNull();
  });
});
