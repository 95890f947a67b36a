// The shop tools and the real loader in Chromium: every corpus variant (Draco, meshopt, KTX2,
// WebP, sparse accessors, …) goes through the app's own worker code and fits like the original;
// every bad file is refused with its reason; `glasses:check` and `glasses:pack` work as commands,
// and `glasses:check --manifest` reports on every entry of a shop's manifest.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkGlasses } from '../../scripts/lib/glasses-check.mjs';
import { MAX_ENTRIES } from '../../src/catalogue/manifest';
import type { GlassesReport } from '../../src/shared/glasses-types';
import { makeBadFiles, makeVariants } from '../corpus/glasses-variants.mjs';

/**
 * Deadlines for hangs only: the shop tools run at the lowest priority beside every browser suite
 * (scripts/run-tests.sh), where one model's check has taken over the tools' own 60 s default
 * (`--timeout`) and a test near vitest's 240 s. What these tests judge is the reports, not a pace.
 */
const MODEL_TIMEOUT_S = 300;
const TEST_TIMEOUT_MS = 900_000;

let dir: string;
let original: Uint8Array;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'glasses-tools-'));
  original = new Uint8Array(await readFile('public/models/002.glb'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const distance = (a: number[], b: number[]) => Math.hypot(...a.map((v, i) => v - b[i]!));

/** What `glasses:check --json` prints for one file. */
interface CheckJson {
  verdict: string;
  refused?: { code: string; reason: string };
  unit: string;
  widthMm: number;
  frameSize: string;
  temples: string;
  bridge: number[];
  extensions: string[];
  warnings: string[];
  cheekMm: number | null;
}

describe('glasses in the real loader', { timeout: TEST_TIMEOUT_MS }, () => {
  it('fits every export of a frame like the original, decoders included', async () => {
    const variants = await makeVariants(original);
    const results = await checkGlasses(
      [
        { name: 'original.glb', bytes: original },
        ...variants.map((v) => ({ name: `${v.name}.glb`, bytes: v.glb })),
      ],
      { outDir: null, timeoutMs: MODEL_TIMEOUT_S * 1000 },
    );
    const [reference, ...rest] = results;
    expect(reference!.report, reference!.error ?? '').not.toBeNull();
    const ref = reference!.report as GlassesReport;
    for (const [i, result] of rest.entries()) {
      const variant = variants[i]!;
      expect(result.refused, variant.name).toBeNull();
      expect(result.error, variant.name).toBeNull();
      const report = result.report as GlassesReport;
      // Bridge in canonical cm: 1.5 mm = 0.15; width within 2 %.
      expect(distance(report.bridge, ref.bridge), variant.name).toBeLessThanOrEqual(0.15);
      expect(Math.abs(report.widthMm - ref.widthMm) / ref.widthMm, variant.name).toBeLessThan(0.02);
      expect(report.temples, variant.name).toBe('back');
      expect(report.verdict, variant.name).toBe('ok');
      // Converted in the worker (three no longer reads spec-gloss), and said.
      if (variant.extensions.includes('KHR_materials_pbrSpecularGlossiness')) {
        expect(report.reasons.map((r) => r.code)).toContain('material-converted');
      }
      for (const ext of variant.extensions) expect(report.extensions, variant.name).toContain(ext);
      // A picture was drawn (PNG signature).
      expect(result.png?.subarray(1, 4).toString(), variant.name).toBe('PNG');
    }
  });

  it('refuses each bad file with its reason, and wears what only lost a texture', async () => {
    const bad = await makeBadFiles(original);
    const results = await checkGlasses(
      bad.map((b) => ({ name: b.name, bytes: b.bytes })),
      { outDir: null, timeoutMs: MODEL_TIMEOUT_S * 1000 },
    );
    for (const [i, result] of results.entries()) {
      const { name, expected, warns } = bad[i]!;
      expect(result.refused?.code ?? null, name).toBe(expected);
      // Worn, and it says what it left out: a missing or broken texture does not refuse a frame.
      if (warns)
        expect(
          result.report?.reasons.map((r) => r.code),
          name,
        ).toContain(warns);
    }
  });
});

/** A shop tool's command; glasses:check gives each model MODEL_TIMEOUT_S. */
const run = (script: string, args: string[]) => {
  const deadline = script.endsWith('check.mjs') ? ['--timeout', String(MODEL_TIMEOUT_S)] : [];
  return spawnSync(process.execPath, [script, ...args, ...deadline], {
    encoding: 'utf8',
    timeout: TEST_TIMEOUT_MS - 60_000,
  });
};

describe('glasses:check and glasses:pack commands', { timeout: TEST_TIMEOUT_MS }, () => {
  it('check prints the fit and draws it; pack compresses without moving the fit', async () => {
    const variants = await makeVariants(original);
    const zUp = join(dir, 'z-up-mm.glb');
    await writeFile(zUp, variants.find((v) => v.name === 'z-up-mm')!.glb);
    const packed = join(dir, 'packed.glb');
    const pack = run('scripts/glasses-pack.mjs', [zUp, packed, '--compress', 'draco']);
    expect(pack.status, pack.stderr).toBe(0);
    expect((await readFile(packed)).byteLength).toBeLessThan(original.byteLength / 2);

    const check = run('scripts/glasses-check.mjs', [zUp, packed, '--json', '--out', dir]);
    expect(check.status, check.stderr).toBe(0);
    // One JSON object per file and line, for a shop's build to gate on.
    const lines = check.stdout.trim().split('\n');
    const [before, after] = lines.map((line) => JSON.parse(line) as CheckJson);
    expect(lines).toHaveLength(2);
    expect(before).toMatchObject({
      verdict: 'ok',
      unit: 'mm',
      temples: 'back',
      frameSize: '54□18-154',
    });
    expect(after!.extensions).toContain('KHR_draco_mesh_compression');
    expect(distance(after!.bridge, before!.bridge)).toBeLessThan(0.05);
    expect(Math.abs(after!.widthMm - before!.widthMm)).toBeLessThan(0.1);
    expect(after!.frameSize).toBe(before!.frameSize);
    // The lower rim against the reference head's cheeks (贴脸), unmoved by the packing.
    expect(before!.cheekMm).toEqual(expect.any(Number));
    // In tenths of a millimetre, as printed: at most one apart.
    expect(Math.abs(Math.round((after!.cheekMm! - before!.cheekMm!) * 10))).toBeLessThanOrEqual(1);
    expect((await readFile(join(dir, 'packed.png'))).subarray(1, 4).toString()).toBe('PNG');

    const truncated = join(dir, 'truncated.glb');
    await writeFile(truncated, original.subarray(0, 1000));
    const refused = run('scripts/glasses-check.mjs', [truncated]);
    expect(refused.status).toBe(1);
    expect(refused.stdout + refused.stderr).toContain('corrupt');
    // A fit no real frame has is refused too, with its reasons, and the exit code says so.
    const wide = join(dir, 'wide.glb');
    await writeFile(wide, original);
    const told = run('scripts/glasses-check.mjs', [wide, '--json', '--fit', '{"unit":"cm"}']);
    expect(told.status).toBe(1);
    const judged = JSON.parse(told.stdout) as CheckJson;
    expect(judged).toMatchObject({ verdict: 'refused', refused: { code: 'implausible' } });
    expect(judged.warnings.join('\n')).toMatch(/front is .* mm wide/);
    expect(run('scripts/glasses-pack.mjs', [truncated, join(dir, 'x.glb')]).status).not.toBe(0);
  });

  it('check --manifest reports every entry of a manifest, in report.csv and report.json', async () => {
    const shop = join(dir, 'shop');
    await mkdir(join(shop, 'models'), { recursive: true });
    for (const copy of ['good', 'good-copy', 'red', 'blue', 'wide', 'two']) {
      await writeFile(join(shop, `models/${copy}.glb`), original);
    }
    await writeFile(join(shop, 'models/truncated.glb'), original.subarray(0, 1000));
    const declared = {
      size: original.byteLength,
      sha256: createHash('sha256').update(original).digest('hex'),
    };
    /** Each entry, the status its row must have, and a code the row must name. */
    const built: [unknown, string, string?][] = [
      [{ serialNo: 'S001', text: '经典黑框', value: 'models/good.glb', ...declared }, 'ok'],
      // The same file under another spelling of its path, and a copy of its bytes: one check.
      [{ serialNo: 2, text: '经典黑框, "大号"', value: './models/good.glb', ...declared }, 'ok'],
      [{ serialNo: 'S003', text: 'same bytes', value: 'models/good-copy.glb' }, 'ok'],
      // The same bytes with a boxing size 6 mm off the measured 54: a check of its own, worn.
      [
        { serialNo: 'S004', text: '标错尺寸', value: 'models/./good.glb', frameSize: '48□18-154' },
        'warning',
        'size-mismatch',
      ],
      [{ serialNo: 'S005', text: '截断', value: 'models/truncated.glb' }, 'refused', 'corrupt'],
      [
        { serialNo: 'S006', text: '缺文件', value: 'models/gone.glb' },
        'missing-file',
        'missing-file',
      ],
      [
        {
          serialNo: 'S007',
          text: '哈希不对',
          value: 'models/red.glb',
          ...declared,
          sha256: 'ab'.repeat(32),
        },
        'refused',
        'sha256-mismatch',
      ],
      [
        { serialNo: 'S008', text: '大小不对', value: 'models/blue.glb', ...declared, size: 1000 },
        'refused',
        'file-size-mismatch',
      ],
      [
        { serialNo: 'S009', text: '单位错', value: 'models/wide.glb', fit: { unit: 'cm' } },
        'refused',
        'implausible',
      ],
      [
        { serialNo: 'S0100000000000000', text: '编号太长', value: 'models/other.glb' },
        'rejected-entry',
        'invalid-serialNo',
      ],
      [
        { serialNo: 'S011', text: '重复', value: 'models/good.glb' },
        'rejected-entry',
        'duplicate-value',
      ],
      [{ serialNo: 'S012', text: '出站', value: '../good.glb' }, 'rejected-entry', 'invalid-value'],
      // Two colours of one file, each its own material file: both read from that file.
      ...(['black', 'gold'] as const).map((colour, k): [unknown, string] => [
        {
          serialNo: `S01${3 + k}`,
          text: `双色 ${colour}`,
          value: 'models/two.glb',
          materialParameter: `materials/${colour}.json`,
        },
        'ok',
      ]),
    ];
    // Filled up to the app's limit; the two past it (a file that is there, one that is not) are
    // reported as not read, never checked.
    for (let i = built.length; i < MAX_ENTRIES; i++)
      built.push([null, 'rejected-entry', 'not-an-object']);
    built.push([
      { serialNo: 'L1', text: '超出', value: 'models/late.glb' },
      'rejected-entry',
      'over-limit',
    ]);
    built.push([
      { serialNo: 'L2', text: '超出', value: 'models/good-copy.glb' },
      'rejected-entry',
      'over-limit',
    ]);
    const manifest = join(shop, 'manifest.json');
    await writeFile(manifest, JSON.stringify(built.map(([entry]) => entry)));
    const reportDir = join(dir, 'report');

    const check = run('scripts/glasses-check.mjs', [
      ...['--manifest', manifest, '--report', reportDir, '--jobs', '2'],
    ]);
    expect(check.status, check.stderr).toBe(1);
    // Four checks: the good bytes alone, with the wrong boxing size and with the cm override,
    // and the truncated file.
    expect(check.stderr.match(/checked \d+ \/ \d+ files/g)?.at(-1)).toBe('checked 4 / 4 files');

    const report = JSON.parse(await readFile(join(reportDir, 'report.json'), 'utf8')) as {
      entries: ManifestRow[];
    };
    const rows = report.entries;
    // A row for every entry, in order: an entry the tool dropped would fail here.
    expect(rows.map((row) => row.index)).toEqual(built.map((_, i) => i));
    for (const [i, [, status, code]] of built.entries()) {
      const row = rows[i]!;
      expect(row.status, `entry ${i}`).toBe(status);
      // An entry without a code of its own ('ok') has none at all.
      expect(row.codes, `entry ${i}`).toEqual(code ? expect.arrayContaining([code]) : []);
      expect(row.reasons.filter((words) => words.length > 0)).toHaveLength(row.codes.length);
    }
    expect(rows[1]).toMatchObject({
      serialNo: '2',
      text: '经典黑框, "大号"',
      bytes: declared.size,
    });
    expect(rows[0]).toMatchObject({
      verdict: 'ok',
      frameSize: '54□18-154',
      cheekMm: expect.any(Number),
    });
    expect(rows[4]).toMatchObject({ verdict: 'refused', bytes: 1000, picture: null });
    expect(rows[5]).toMatchObject({ verdict: null, bytes: null, picture: null });
    // The entries that share the good bytes share its one picture, on disk as a PNG.
    const shared = [0, 1, 2, 6, 7].map((i) => rows[i]!.picture);
    expect(new Set(shared).size).toBe(1);
    const pictures = new Set([shared[0], rows[3]!.picture, rows[8]!.picture]);
    expect(pictures.size).toBe(3);
    for (const picture of pictures) {
      expect(picture).toMatch(/^pictures\/.+\.png$/);
      const png = await readFile(join(reportDir, String(picture)));
      expect(png.subarray(1, 4).toString()).toBe('PNG');
    }

    // report.csv: a BOM for Excel, then RFC 4180 records that read back to the JSON's rows.
    const csv = await readFile(join(reportDir, 'report.csv'));
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...records] = parseCsv(csv.subarray(3).toString('utf8'));
    expect(new Set(header)).toEqual(new Set(Object.keys(rows[0]!)));
    expect(records).toHaveLength(rows.length);
    const cell = (value: unknown) =>
      value === null ? '' : Array.isArray(value) ? value.join('\n') : String(value);
    for (const [i, record] of records.entries()) {
      const row = rows[i] as unknown as Record<string, unknown>;
      expect(record, `record ${i}`).toEqual(header!.map((column) => cell(row[column])));
    }
  });
});

/** A row of `glasses:check --manifest`'s report.json. */
interface ManifestRow {
  index: number;
  serialNo: string;
  text: string;
  value: string;
  status: string;
  codes: string[];
  reasons: string[];
  verdict: string | null;
  frameSize: string | null;
  bytes: number | null;
  picture: string | null;
}

/**
 * RFC 4180, read here rather than with the tool's own code: fields in quotes may hold commas,
 * line breaks and doubled quotes; records end with CRLF. A line break the writer failed to quote
 * splits nothing here, so it shows as a record that does not match.
 */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      records.push([...record, field]);
      [record, field] = [[], ''];
      i++;
    } else field += c;
  }
  if (field !== '' || record.length > 0) records.push([...record, field]);
  return records;
}
