// Property-based tests (fast-check) for every parser of data from outside the code: the shop's
// manifest and its fit overrides, material files, and what storage hands back (ModelDB JSON
// records, the remembered engine choices, favourites). Whatever comes in, none throws, and what it lets
// through keeps every rule.
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { Color, MeshPhysicalMaterial, Vector2 } from 'three';
import { describe, expect, it, vi } from 'vitest';
import { checkFitOverride } from '../../src/catalogue/fit-override';
import { validateManifest } from '../../src/catalogue/manifest';
import {
  FAVOURITES_MAX,
  GLASSES_MAX_BYTES,
  STORAGE_DEADLINE_MS,
} from '../../src/shared/storage-constants';
import { parseFavourites } from '../../src/storage/favourites';
import { physical } from '../../workers/assets/material-params';
import { deferred } from './deferred';
import { installLocation } from './storage-fakes';

installLocation();
// These read the page location when they load.
const { getJson, hasKey, putBlob } = await import('../../src/storage/model-db');
const { readModel, validMaterials } = await import('../../src/catalogue/model-files');
const { sha256Hex } = await import('../../src/shared/checked-fetch');
const { parseChoices } = await import('../../src/engine/engine-choices');
const RUNS = { numRuns: 300 };

const segment = fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/);
const safePath = (ext: string) =>
  fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => `${parts.join('/')}${ext}`);
const hostile = fc.constantFrom(
  '../x.glb',
  '/abs.glb',
  '//evil.example/x.glb',
  'https://evil.example/x.glb',
  'javascript:alert(1).glb',
  'a\\b.glb',
  'a/../../b.glb',
  'models/x.glb?y=1',
  'models/%2e%2e/x.glb',
);
const label = fc.oneof(
  fc.string({ minLength: 1, maxLength: 60 }),
  fc.constantFrom('<img src=x onerror=alert(1)>', '<script>alert(1)</script>', '&lt;b&gt;'),
);
const validFit = fc.record(
  {
    unit: fc.constantFrom('m', 'cm', 'mm'),
    pantoscopicDeg: fc.double({ min: -30, max: 30, noNaN: true }),
    bridgeOffsetMm: fc.tuple(...[0, 1, 2].map(() => fc.double({ min: -30, max: 30, noNaN: true }))),
  },
  { requiredKeys: [] },
);
const entry = fc.record(
  {
    value: fc.oneof(safePath('.glb'), hostile),
    serialNo: fc.oneof(fc.string({ maxLength: 20 }), fc.integer()),
    text: label,
    previewIcon: fc.oneof(safePath('.svg'), hostile),
    materialParameter: fc.oneof(safePath('.json'), hostile),
    size: fc.oneof(fc.integer(), fc.double()),
    sha256: fc.oneof(fc.stringMatching(/^[0-9a-fA-F]{64}$/), fc.string()),
    fit: fc.oneof(validFit, fc.jsonValue()),
    frameWidthMm: fc.oneof(fc.double({ min: 60, max: 300 }), fc.double(), fc.jsonValue()),
  },
  { requiredKeys: [] },
);
const outside = fc.oneof(
  fc.jsonValue(),
  fc.array(fc.oneof(entry, fc.jsonValue()), { maxLength: 30 }),
);

const SAFE = /^(?!\/)(?!.*\.\.)(?!.*\/\/)[A-Za-z0-9._\-/]+$/;

describe('manifest (property)', () => {
  it('never throws; every kept entry is safe, and every input item is kept or explained', () => {
    fc.assert(
      fc.property(outside, (json) => {
        const { entries, rejected, overLimit } = validateManifest(json);
        if (!Array.isArray(json)) {
          expect(entries).toEqual([]);
          expect(rejected).toHaveLength(1);
          return;
        }
        expect(entries.length + rejected.length + overLimit).toBe(json.length);
        expect(new Set(entries.map((e) => e.value)).size).toBe(entries.length);
        for (const e of entries) {
          expect(e.value).toMatch(SAFE);
          expect(e.value.toLowerCase().endsWith('.glb')).toBe(true);
          for (const path of [e.previewIcon, e.materialParameter]) {
            if (path !== undefined) expect(path).toMatch(SAFE);
          }
          expect(e.text).toBe(e.text.trim());
          expect(e.text.length).toBeGreaterThan(0);
          expect(e.text.length).toBeLessThanOrEqual(40);
          if (e.size !== undefined) {
            expect(Number.isInteger(e.size) && e.size > 0 && e.size <= GLASSES_MAX_BYTES).toBe(
              true,
            );
          }
          if (e.sha256 !== undefined) expect(e.sha256).toMatch(/^[0-9a-f]{64}$/);
          if (e.frameWidthMm !== undefined) {
            expect(e.frameWidthMm).toBeGreaterThanOrEqual(60);
            expect(e.frameWidthMm).toBeLessThanOrEqual(300);
          }
        }
      }),
      RUNS,
    );
  });

  it('keeps a label with markup as the same text (it is never parsed as HTML)', () => {
    fc.assert(
      fc.property(label, (text) => {
        const { entries } = validateManifest([{ value: 'models/a.glb', serialNo: '1', text }]);
        const trimmed = text.trim();
        if (trimmed && text.length <= 40) expect(entries[0]?.text).toBe(trimmed);
        else expect(entries).toEqual([]);
      }),
      RUNS,
    );
  });
});

describe('fit override (property)', () => {
  it('accepts every override within bounds as it is', () => {
    fc.assert(
      fc.property(validFit, (fit) => {
        expect(checkFitOverride(fit)).toEqual(fit);
      }),
      RUNS,
    );
  });

  it('never throws, and whatever it accepts is within bounds', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), validFit, fc.anything()), (raw) => {
        const fit = checkFitOverride(raw);
        if (typeof fit === 'string') return;
        expect(Object.keys(fit).every((k) => k in (raw as object))).toBe(true);
        if (fit.pantoscopicDeg !== undefined)
          expect(Math.abs(fit.pantoscopicDeg)).toBeLessThanOrEqual(30);
        for (const v of fit.bridgeOffsetMm ?? []) expect(Math.abs(v)).toBeLessThanOrEqual(30);
        if (fit.up && fit.front) expect(fit.up[1]).not.toBe(fit.front[1]);
      }),
      RUNS,
    );
  });

  it('refuses any field it does not know', () => {
    fc.assert(
      fc.property(validFit, segment, fc.jsonValue(), (fit, key, value) => {
        fc.pre(!['unit', 'up', 'front', 'bridgeOffsetMm', 'pantoscopicDeg'].includes(key));
        expect(typeof checkFitOverride({ ...fit, [key]: value })).toBe('string');
      }),
      RUNS,
    );
  });
});

describe('material file (property)', () => {
  const defaults = new MeshPhysicalMaterial();
  const fields = (m: MeshPhysicalMaterial) => m as unknown as Record<string, unknown>;
  const props = fc.dictionary(
    fc.oneof(fc.constantFrom(...Object.keys(defaults), 'id', 'version', 'type'), fc.string()),
    fc.oneof(fc.jsonValue(), fc.constantFrom(NaN, Infinity, -Infinity)),
  );

  it('keeps only items naming a mesh, and nothing else', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.array(props)), (json) => {
        const items = validMaterials(json);
        if (items === undefined) return;
        expect(items.length).toBeGreaterThan(0);
        for (const item of items) {
          expect(typeof item.modelArrayOrder).toBe('string');
          expect(json).toContain(item);
        }
      }),
      RUNS,
    );
  });

  it('leaves every material field of its own kind, finite, and three its bookkeeping', () => {
    fc.assert(
      fc.property(props, (raw) => {
        const material = physical(raw);
        for (const key of Object.keys(defaults)) {
          const before = fields(defaults)[key];
          const after = fields(material)[key];
          if (before === null || typeof before !== 'object') {
            expect(typeof after).toBe(typeof before);
          } else {
            expect(Object.getPrototypeOf(after)).toBe(Object.getPrototypeOf(before));
          }
          // Only what the file set must be finite (attenuationDistance defaults to Infinity).
          if (typeof after === 'number' && !Object.is(after, before)) {
            expect(Number.isFinite(after)).toBe(true);
          }
        }
        expect(material.color).toBeInstanceOf(Color);
        expect(material.normalScale).toBeInstanceOf(Vector2);
        expect(material.type).toBe('MeshPhysicalMaterial');
        expect(material.version).toBe(defaults.version);
      }),
      RUNS,
    );
  });

  it('names each field it refused for its kind, and only those', () => {
    const refused: string[] = [];
    physical(
      { metalness: 'shiny', roughness: 0.3, color: 42, transparent: 'yes', opacity: 0.5, nope: 1 },
      refused,
    );
    expect(refused.sort()).toEqual(['color', 'metalness', 'transparent']);
  });
});

describe('stored records (property)', () => {
  it('reads any bytes in a JSON record as JSON or nothing, never throwing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.uint8Array({ maxLength: 64 }),
          fc.json().map((s) => new TextEncoder().encode(s)),
        ),
        async (bytes) => {
          await putBlob('prop/record.json', new Blob([bytes as BlobPart]));
          const value = await getJson('prop/record.json');
          const text = new TextDecoder().decode(bytes);
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = undefined;
          }
          expect(value).toEqual(parsed);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('hands back a stored model only if it is the published file, and deletes none', async () => {
    const published = new Uint8Array([103, 108, 84, 70, 2, 0, 0, 0]);
    const entry = {
      value: 'models/prop.glb',
      serialNo: '1',
      text: 'x',
      size: published.length,
      sha256: await sha256Hex(published),
    };
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constant(published), fc.uint8Array({ maxLength: 16 })),
        async (bytes) => {
          await putBlob(entry.value, new Blob([bytes as BlobPart]));
          const same =
            bytes.length === published.length && bytes.every((b, i) => b === published[i]);
          const stored = await readModel(entry);
          expect(stored !== undefined).toBe(same);
          // Another list may name these bytes (the shop's, while the built-in one is shown).
          expect(await hasKey(entry.value)).toBe(true);
          if (stored) expect(new Uint8Array(stored.glb)).toEqual(published);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('drops only the stored model it cannot read back, so the next tap downloads it', async () => {
    const bytes = new Uint8Array([103, 108, 84, 70, 2, 0, 0, 0]);
    const entry = { value: 'models/unreadable.glb', serialNo: '2', text: 'x' };
    await putBlob(entry.value, new Blob([bytes]));
    await putBlob('models/other.glb', new Blob([bytes]));
    const arrayBuffer = Blob.prototype.arrayBuffer;
    Blob.prototype.arrayBuffer = () => Promise.reject(new DOMException('gone', 'NotReadableError'));
    const said: string[] = [];
    try {
      expect(await readModel(entry, () => said.push('unreadable'))).toBeUndefined();
    } finally {
      Blob.prototype.arrayBuffer = arrayBuffer;
    }
    expect(await hasKey(entry.value)).toBe(false);
    expect(await hasKey('models/other.glb')).toBe(true);
    // The user hears of it (use-catalogue's toast), once.
    expect(said).toEqual(['unreadable']);
  });

  it('keeps a stored model that reads back too slowly, and the tap downloads it', async () => {
    const entry = { value: 'models/slow.glb', serialNo: '3', text: 'x' };
    await putBlob(entry.value, new Blob([new Uint8Array([103, 108, 84, 70])]));
    const arrayBuffer = Blob.prototype.arrayBuffer;
    const reading = deferred();
    Blob.prototype.arrayBuffer = () => (reading.resolve(), new Promise<ArrayBuffer>(() => {}));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const said: string[] = [];
    try {
      const stored = readModel(entry, () => said.push('unreadable'));
      await reading.promise;
      await vi.advanceTimersByTimeAsync(STORAGE_DEADLINE_MS);
      expect(await stored).toBeUndefined();
    } finally {
      vi.useRealTimers();
      Blob.prototype.arrayBuffer = arrayBuffer;
    }
    // Slow is not wrong: the record stays, and nothing is said of a damaged file.
    expect(await hasKey(entry.value)).toBe(true);
    expect(said).toEqual([]);
  });

  it('keeps only known engine choices, for this browser only', () => {
    const ua = 'TestBrowser/1';
    const saved = fc.record(
      {
        ua: fc.oneof(fc.constant(ua), fc.string()),
        delegate: fc.oneof(fc.constantFrom('CPU', 'GPU'), fc.jsonValue()),
        quality: fc.oneof(fc.constantFrom('transmission', 'fast'), fc.jsonValue()),
        path: fc.oneof(fc.constantFrom('worker', 'page'), fc.jsonValue()),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(
        fc.oneof(
          saved.map((s) => JSON.stringify(s)),
          fc.string(),
          fc.constant(null),
        ),
        (text) => {
          const choices = parseChoices(text, ua);
          expect(['CPU', 'GPU', undefined]).toContain(choices.delegate);
          expect(['transmission', 'fast', undefined]).toContain(choices.quality);
          expect(['worker', 'page', undefined]).toContain(choices.path);
          if (Object.keys(choices).length > 0) expect(JSON.parse(text!).ua).toBe(ua);
        },
      ),
      RUNS,
    );
  });

  it('keeps favourites as unique, bounded strings, whatever the record holds', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.record({ version: fc.constant(1), values: fc.array(fc.anything()) }),
          fc.record({ version: fc.constant(1), values: fc.array(fc.string()) }),
        ),
        (data) => {
          const values = parseFavourites(data);
          expect(new Set(values).size).toBe(values.length);
          expect(values.length).toBeLessThanOrEqual(FAVOURITES_MAX);
          for (const value of values) {
            expect(typeof value).toBe('string');
            expect(value.length).toBeGreaterThan(0);
            expect(value.length).toBeLessThanOrEqual(500);
          }
        },
      ),
      RUNS,
    );
  });
});
