// The shop tools and the real loader in Chromium: every corpus variant (Draco, meshopt, KTX2,
// WebP, sparse accessors, …) goes through the app's own worker code and fits like the original;
// every bad file is refused with its reason; `glasses:check` and `glasses:pack` work as commands.
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkGlasses } from '../../scripts/lib/glasses-check.mjs';
import type { GlassesReport } from '../../src/shared/glasses-types';
import { makeBadFiles, makeVariants } from '../corpus/glasses-variants.mjs';

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
}

describe('glasses in the real loader', () => {
  it('fits every export of a frame like the original, decoders included', async () => {
    const variants = await makeVariants(original);
    const results = await checkGlasses(
      [
        { name: 'original.glb', bytes: original },
        ...variants.map((v) => ({ name: `${v.name}.glb`, bytes: v.glb })),
      ],
      { outDir: null },
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
      { outDir: null },
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

const run = (script: string, args: string[]) =>
  spawnSync(process.execPath, [script, ...args], { encoding: 'utf8', timeout: 180_000 });

describe('glasses:check and glasses:pack commands', () => {
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
});
