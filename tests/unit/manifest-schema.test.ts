// The manifest's JSON Schema (docs/manifest.schema.json), for shops' own tools, says what the app
// reads: entries it accepts pass, entries it leaves out fail, each checked by both.
import { readFile } from 'node:fs/promises';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { validateManifest } from '../../src/catalogue/manifest';

const schema: unknown = JSON.parse(await readFile('docs/manifest.schema.json', 'utf8'));
const validate = new Ajv({ allErrors: true }).compile(schema as object);
const builtIn = JSON.parse(await readFile('public/others/manifest.json', 'utf8')) as object[];

const described = {
  value: 'models/2031.glb',
  serialNo: '2031',
  text: '轻钛圆框',
  brand: '明月',
  shape: '圆框',
  rim: 'full',
  material: '钛',
  colour: '金色',
  group: '轻钛圆框 2031',
  swatch: '#c9a227',
  price: 599,
  tags: ['新品', '轻'],
  fit: { unit: 'mm', up: '+z', bridgeOffsetMm: [0, 1, -2] },
  frameWidthMm: 138,
};

describe('the manifest schema', () => {
  it('accepts what the app reads: the built-in list and a described frame', () => {
    const manifest = [...builtIn, described];
    expect(validate(manifest), JSON.stringify(validate.errors)).toBe(true);
    expect(validateManifest(manifest).rejected).toEqual([]);
  });

  it('refuses each entry the app leaves out', () => {
    const bad: Record<string, unknown>[] = [
      { value: '../secret.glb' },
      { value: 'https://evil.example/x.glb' },
      { value: 'models/x.exe' },
      { previewIcon: 'javascript:alert(1).png' },
      { text: '' },
      { text: 'x'.repeat(41) },
      { serialNo: 'x'.repeat(17) },
      { sha256: 'xyz' },
      { size: -1 },
      { frameWidthMm: 20 },
      { fit: { unit: 'inch' } },
      { fit: { scale: 2 } },
      { shape: 'triangle' },
      { rim: 'none' },
      { price: -1 },
      { tags: ['x'.repeat(21)] },
      { productUrl: 'javascript:alert(1)' },
      { group: 'x'.repeat(41) },
      { swatch: 'red' },
      { swatch: '#12345' },
    ];
    for (const change of bad) {
      const entry = { ...described, ...change };
      expect(validate([entry]), JSON.stringify(change)).toBe(false);
      expect(validateManifest([entry]).rejected, JSON.stringify(change)).toHaveLength(1);
    }
  });
});
