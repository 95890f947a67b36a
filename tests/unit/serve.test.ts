// `npm run serve` serves the build's own files only: not a dotfile, and not a file a symlink
// leads to outside the directory (a shop's host may keep secrets beside dist/).
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/serve.mjs';

let base: string;
let server: { url: string; close(): Promise<void> };
beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'serve-'));
  const dist = join(base, 'dist');
  await mkdir(join(dist, 'assets'), { recursive: true });
  await mkdir(join(dist, '.git'));
  await writeFile(join(base, 'secret.txt'), 'secret outside\n');
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(join(dist, 'assets', 'app.js'), 'console.log(1);');
  await writeFile(join(dist, '.env'), 'KEY=secret\n');
  await writeFile(join(dist, '.git', 'config'), '[core]\n');
  await symlink(join(base, 'secret.txt'), join(dist, 'leak.txt'));
  await symlink(base, join(dist, 'up'));
  await symlink(join(dist, 'assets', 'app.js'), join(dist, 'alias.js'));
  server = await startServer({ dir: dist, port: 0, embedOrigins: [] });
});
afterAll(async () => {
  await server?.close();
  await rm(base, { recursive: true, force: true });
});

const get = async (path: string) => {
  const response = await fetch(new URL(path, server.url));
  return { status: response.status, body: await response.text() };
};

describe('serve', () => {
  it('serves the build, and a symlink that stays inside it', async () => {
    expect(await get('/assets/app.js')).toEqual({ status: 200, body: 'console.log(1);' });
    expect(await get('/alias.js')).toEqual({ status: 200, body: 'console.log(1);' });
  });

  it.each(['/.env', '/.git/config', '/assets/.env', '/leak.txt', '/up/secret.txt'])(
    'refuses %s',
    async (path) => {
      const { status, body } = await get(path);
      expect(status).toBe(404);
      expect(body).not.toContain('secret');
    },
  );
});
