import { describe, expect, it } from 'vitest';
import { findLinked } from '../../src/catalogue/linked-glasses';
import {
  isModelValue,
  MAX_ENTRIES,
  modelPath,
  validateManifest,
} from '../../src/catalogue/manifest';
import { searchText } from '../../src/features/grid/catalogue-filter';

const good = {
  value: 'models/001.glb',
  serialNo: '001',
  text: '经典圆框',
  previewIcon: 'previews/001.svg',
  materialParameter: 'materials/001.json',
  size: 1234,
  sha256: 'a'.repeat(64),
};

describe('validateManifest', () => {
  it('keeps valid entries and explains each skipped one', () => {
    const { entries, rejected } = validateManifest([
      good,
      { ...good, value: '../secret.glb' },
      { ...good, value: 'https://evil.example/x.glb' },
      { ...good, value: '//evil.example/x.glb' },
      { ...good, value: '/abs/x.glb' },
      { ...good, value: 'models/x.exe' },
      { ...good, value: 'models/002.glb', previewIcon: 'javascript:alert(1).png' },
      { ...good, value: 'models/003.glb', materialParameter: 'data:,x.json' },
      { ...good, value: 'models/004.glb', size: -1 },
      { ...good, value: 'models/005.glb', sha256: 'xyz' },
      { ...good, value: 'models/006.glb', text: '' },
      { ...good }, // duplicate
      null,
      'models/007.glb',
      { value: 'models/008.glb', serialNo: 8, text: '儿童款' },
    ]);
    expect(entries.map((e) => e.value)).toEqual(['models/001.glb', 'models/008.glb']);
    expect(entries[1]!.serialNo).toBe('8');
    expect(rejected).toHaveLength(13);
    for (const r of rejected) expect(r.reason).toBeTruthy();
  });

  it('names apart the colours of one GLB that differ in their material file', () => {
    const colour = (serialNo: string, materialParameter?: string) => ({
      value: 'models/2031.glb',
      serialNo,
      text: '轻钛圆框',
      group: '2031',
      ...(materialParameter ? { materialParameter } : {}),
    });
    const manifest = [
      colour('B', 'materials/black.json'),
      colour('G', 'materials/gold.json'),
      colour('G2', 'materials/gold.json'), // the same colour again
      colour('O'), // the model's own materials
      colour('O2'),
    ];
    const { entries, rejected } = validateManifest(manifest);
    const names = (list: typeof entries) =>
      Object.fromEntries(list.map((e) => [e.serialNo, [e.value, modelPath(e)]]));
    expect(names(entries)).toEqual({
      B: ['models/2031.glb#materials/black.json', 'models/2031.glb'],
      G: ['models/2031.glb#materials/gold.json', 'models/2031.glb'],
      O: ['models/2031.glb#', 'models/2031.glb'],
    });
    // Whatever their order: a 收藏 or a stored colour never moves to another colour.
    const reversed = validateManifest(manifest.toReversed());
    const { B, G, O } = names(entries);
    expect(names(reversed.entries)).toEqual({ B, G2: G, O2: O });
    expect(reversed.entries.map((e) => e.serialNo)).toEqual(['O2', 'G2', 'B']);
    // A file listed once keeps its path as its name.
    expect(validateManifest([colour('B', 'materials/black.json')]).entries[0]!.value).toBe(
      'models/2031.glb',
    );
    expect(entries.every((e) => isModelValue(e.value))).toBe(true);
    expect(isModelValue('materials/black.json')).toBe(false);
    expect(rejected).toEqual([
      { index: 2, reason: 'duplicate value' },
      { index: 4, reason: 'duplicate value' },
    ]);
    // Searched and linked by the file they wear: a link to the file wears its first colour.
    expect(searchText(entries[1]!)).toContain('2031.glb');
    expect(findLinked(entries, '2031')?.serialNo).toBe('B');
    expect(findLinked(entries, 'G')?.serialNo).toBe('G');
  });

  it("reads a big shop's 5 000 frames whole, and counts what is past the limit", () => {
    const entry = (i: number) => ({ ...good, value: `models/${i}.glb`, serialNo: String(i) });
    const shop = validateManifest(Array.from({ length: 5_000 }, (_, i) => entry(i)));
    expect(shop.entries).toHaveLength(5_000);
    expect(shop.overLimit).toBe(0);
    const over = validateManifest(Array.from({ length: MAX_ENTRIES + 7 }, (_, i) => entry(i)));
    expect(over.entries).toHaveLength(MAX_ENTRIES);
    expect(over.overLimit).toBe(7);
  });

  it('never throws on random JSON (fuzz)', () => {
    let seed = 42;
    const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)]!;
    const randomValue = (depth: number): unknown => {
      const kind = Math.floor(rand() * (depth > 3 ? 5 : 8));
      switch (kind) {
        case 0:
          return null;
        case 1:
          return rand() * 1e6 - 5e5;
        case 2:
          return pick(['', 'models/a.glb', '../x', 'é', '\u0000', 'a'.repeat(300), 'x.json']);
        case 3:
          return rand() > 0.5;
        case 4:
          return undefined;
        case 5:
          return Array.from({ length: Math.floor(rand() * 5) }, () => randomValue(depth + 1));
        default: {
          const o: Record<string, unknown> = {};
          for (const k of [
            'value',
            'serialNo',
            'text',
            'previewIcon',
            'materialParameter',
            'size',
            'sha256',
            '__proto__',
          ]) {
            if (rand() > 0.4) o[k] = randomValue(depth + 1);
          }
          return o;
        }
      }
    };
    for (let i = 0; i < 5000; i++) {
      const input =
        rand() > 0.2
          ? Array.from({ length: Math.floor(rand() * 6) }, () => randomValue(0))
          : randomValue(0);
      const result = validateManifest(input);
      for (const e of result.entries) {
        expect(e.value).toMatch(/^[A-Za-z0-9._\-/]+\.glb$/);
        expect(e.value).not.toContain('..');
      }
    }
  });
});
