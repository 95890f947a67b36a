// A production build carries no test hook (`__TEST_HOOKS__` false): none of the names only the
// tests' and bench's builds expose appears in its scripts; and no source map, neither as a file
// nor as a script's pointer to one. Usage: node scripts/check-no-test-hooks.mjs [dir]
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Names that exist only behind __TEST_HOOKS__ and survive minification (properties, attributes):
 * the page's test hooks and frame log (src/engine/debug-handle.ts), the worker's (testHooks in
 * workers/try-on-host.ts), the track audit and steadiness figures and the stats overlay that
 * shows them, and the engine's DebugInit (src/shared/debug-init.ts).
 */
const HOOK_NAMES = [
  '__tryOn',
  '__tryOnFrames',
  'lastRecording',
  'capturePair',
  'comparePoses',
  'errorPx',
  'auditPx',
  'observeScene',
  'pipeline-stats',
  'data-audit-px',
  'forceDelegate',
  'trackInline',
  'trackMode',
];
/**
 * The URL switches' own words (src/engine/debug-switches.ts), as string literals in any quotes:
 * `?track=audit`, `?draw=half` and `?budget=`. The others (`?stats`, `?engine=`, `?delegate=`, `?track=every`)
 * are words the product uses too; debug-switches.ts reads each under __TEST_HOOKS__ alone.
 */
const SWITCH_WORDS = ['audit', 'draw', 'half', 'budget'];

const dir = process.argv[2] ?? 'dist';
const all = await readdir(dir, { recursive: true });
const files = all.filter((f) => /\.m?js$/.test(f));
if (files.length === 0) throw new Error(`no scripts under ${dir}/: build first`);
const found = all.filter((f) => /\.map(\.(br|gz))?$/.test(f)).map((f) => `${f}: a source map`);
for (const file of files) {
  const text = await readFile(path.join(dir, file), 'utf8');
  for (const name of HOOK_NAMES) if (text.includes(name)) found.push(`${file}: ${name}`);
  for (const word of SWITCH_WORDS) {
    if (['`', "'", '"'].some((q) => text.includes(q + word + q))) found.push(`${file}: '${word}'`);
  }
  if (/^\/\/# sourceMappingURL=/m.test(text)) found.push(`${file}: a source map pointer`);
}
if (found.length > 0) {
  console.error(
    `test hooks or source maps in the production build (${dir}/):\n  ${found.join('\n  ')}`,
  );
  process.exit(1);
}
console.log(`no test hook and no source map in ${files.length} scripts under ${dir}/`);
