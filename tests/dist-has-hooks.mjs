// vitest globalSetup of the browser suites: they drive the app through its test hooks, which
// only a tests' build has (`npm run build:test`, __TEST_HOOKS__). A production dist/ would fail
// every test with "window.__tryOn is undefined"; this says what to do instead.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export default async function distHasHooks() {
  const dir = process.env.E2E_DIST ?? 'dist';
  const scripts = (await readdir(dir, { recursive: true }).catch(() => [])).filter((f) =>
    /^assets\/index-.*\.js$/.test(f.split(path.sep).join('/')),
  );
  for (const file of scripts) {
    if ((await readFile(path.join(dir, file), 'utf8')).includes('__tryOn')) return;
  }
  throw new Error(
    `${dir}/ is not a tests' build (no test hooks in its page script): run \`npm run build:test\` first`,
  );
}
