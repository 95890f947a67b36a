// The host configurations the build writes (scripts/lib/host-configs.mjs), served for real: a
// small build served by nginx, by Caddy and by scripts/serve.mjs, and every response read back.
// Each must send the app's security headers (frame-ancestors and the policy over the module
// worker reach the browser only this way), cache only hashed assets forever, render routes as the
// app and keep a missing file or a dotfile a 404. Netlify's `_headers` is read by Netlify's own
// parser. nginx and Caddy come from scripts/ensure-system.sh; a machine without them says so.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseAllHeaders, type Header } from '@netlify/headers-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  caddyfile,
  netlifyHeaders,
  nginxSite,
  SITE_ROOT,
} from '../../scripts/lib/host-configs.mjs';
import { securityHeaders } from '../../scripts/lib/security-headers.mjs';
import { startServer } from '../../scripts/serve.mjs';

const SHOP = 'https://shop.example';
const CDN = 'https://cdn.example';
const HEADERS = securityHeaders({ assetOrigins: [CDN], embedOrigins: [SHOP] });
const SCRIPT = 'console.log("app");'.repeat(100);
/**
 * How long a host may take to answer its first request: a host that never answers is what it
 * catches. npm test runs these tests at the lowest priority beside browsers (scripts/run-tests.sh),
 * where a host's start waits for the CPU the browsers leave.
 */
const START_MS = 45_000;

const installed = (command: string) => spawnSync('which', [command]).status === 0;
const MISSING = ['nginx', 'caddy'].filter((command) => !installed(command));
if (MISSING.length > 0) {
  console.warn(`[host-configs] ${MISSING.join(', ')} not installed: see scripts/ensure-system.sh`);
}

let base: string;
let root: string;
beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'hosts-'));
  root = join(base, 'dist');
  await mkdir(join(root, 'assets'), { recursive: true });
  await mkdir(join(root, 'mediapipe'));
  await writeFile(join(root, 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(join(root, 'assets', 'app-1a2b.js'), SCRIPT);
  await writeFile(join(root, 'assets', 'app-1a2b.js.gz'), gzipSync(SCRIPT));
  await writeFile(join(root, 'mediapipe', 'runtime.wasm'), new Uint8Array([0, 97, 115, 109]));
  await writeFile(join(root, '.env'), 'KEY=secret\n');
  // nginx's workers run as nobody.
  for (const dir of [base, root, join(root, 'assets'), join(root, 'mediapipe')])
    await chmod(dir, 0o755);
});
afterAll(() => rm(base, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts a host and waits (START_MS at most) until it answers. */
async function host(command: string, args: string[], url: string): Promise<ChildProcess> {
  const child = spawn(command, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, HOME: base, XDG_DATA_HOME: base, XDG_CONFIG_HOME: base },
  });
  let log = '';
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const until = Date.now() + START_MS;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${command} exited: ${log}`);
    if (await fetch(url, { signal: AbortSignal.timeout(1_000) }).catch(() => null)) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error(`${command} did not answer within ${START_MS} ms: ${log}`);
}

async function nginx(port: number): Promise<ChildProcess> {
  const site = nginxSite(HEADERS)
    .replace('listen 80;', `listen 127.0.0.1:${port};`)
    .replace(`root ${SITE_ROOT};`, `root ${root};`);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
    (name) => `${name}_temp_path ${join(base, name)};`,
  );
  const conf = [
    `pid ${join(base, 'nginx.pid')};`,
    'events {}',
    'http {',
    'include /etc/nginx/mime.types;',
    'default_type application/octet-stream;',
    'access_log off;',
    ...temp,
    site,
    '}',
  ].join('\n');
  await writeFile(join(base, 'nginx.conf'), conf);
  const args = ['-p', base, '-e', 'stderr', '-c', join(base, 'nginx.conf'), '-g', 'daemon off;'];
  return host('nginx', args, `http://127.0.0.1:${port}/`);
}

async function caddy(port: number): Promise<ChildProcess> {
  const site = caddyfile(HEADERS)
    .replace(':80 {', `http://127.0.0.1:${port} {`)
    .replace(`root * ${SITE_ROOT}`, `root * ${root}`);
  await writeFile(join(base, 'Caddyfile'), `{\n\tadmin off\n}\n${site}`);
  const args = ['run', '--config', join(base, 'Caddyfile'), '--adapter', 'caddyfile'];
  return host('caddy', args, `http://127.0.0.1:${port}/`);
}

const APP = '<title>app</title>';
const YEAR = 'public, max-age=31536000, immutable';
interface Case {
  path: string;
  status: number;
  /** Cache-Control: a 404 may carry none, but never a lifetime. */
  cache: string | RegExp;
  /** What the body is: the app, the script, or neither. */
  is: 'app' | 'script' | 'neither';
  type: RegExp;
  /** Content-Encoding (the request takes gzip; only the script has a .gz copy). */
  encoding: string | null;
}
const NOT_KEPT = /^(no-cache)?$/;
const html = /^text\/html/;
const CASES: Case[] = [
  { path: '/', status: 200, cache: 'no-cache', is: 'app', type: html, encoding: null },
  {
    path: '/home?glasses=001',
    status: 200,
    cache: 'no-cache',
    is: 'app',
    type: html,
    encoding: null,
  },
  { path: '/index.html', status: 200, cache: 'no-cache', is: 'app', type: html, encoding: null },
  {
    path: '/assets/app-1a2b.js',
    status: 200,
    cache: YEAR,
    is: 'script',
    type: /javascript/,
    encoding: 'gzip',
  },
  {
    path: '/mediapipe/runtime.wasm',
    status: 200,
    cache: 'no-cache',
    is: 'neither',
    type: /^application\/wasm$/,
    encoding: null,
  },
  {
    path: '/assets/gone-9z9z.js',
    status: 404,
    cache: NOT_KEPT,
    is: 'neither',
    type: /.*/,
    encoding: null,
  },
  { path: '/gone.png', status: 404, cache: NOT_KEPT, is: 'neither', type: /.*/, encoding: null },
  { path: '/.env', status: 404, cache: NOT_KEPT, is: 'neither', type: /.*/, encoding: null },
];

function checkEach(origin: () => string) {
  it.each(CASES)('$path: $status with the app’s headers', async (c) => {
    const response = await fetch(new URL(c.path, origin()), {
      headers: { 'Accept-Encoding': 'gzip' },
      signal: AbortSignal.timeout(5_000),
    });
    const body = await response.text();
    expect(response.status).toBe(c.status);
    for (const [name, value] of Object.entries(HEADERS))
      expect(response.headers.get(name), name).toBe(value);
    expect(response.headers.get('cache-control') ?? '').toMatch(c.cache);
    expect(response.headers.get('content-type') ?? '').toMatch(c.type);
    expect(response.headers.get('content-encoding')).toBe(c.encoding);
    expect(body.includes(APP)).toBe(c.is === 'app');
    expect(body === SCRIPT).toBe(c.is === 'script');
    expect(body).not.toContain('secret');
  });
}

const hosts = { nginx, caddy };
for (const [name, start] of Object.entries(hosts)) {
  describe.skipIf(MISSING.includes(name))(`${name} with the written configuration`, () => {
    let child: ChildProcess;
    let origin = '';
    beforeAll(async () => {
      const port = await freePort();
      child = await start(port);
      origin = `http://127.0.0.1:${port}`;
    }, START_MS + 5_000);
    afterAll(() => void child?.kill());
    checkEach(() => origin);
  });
}

describe('scripts/serve.mjs', () => {
  let server: { url: string; close(): Promise<void> };
  beforeAll(async () => {
    server = await startServer({ dir: root, port: 0, assetBase: `${CDN}/`, embedOrigins: [SHOP] });
  });
  afterAll(() => server?.close());
  checkEach(() => server.url);
});

describe('_headers (Netlify, Cloudflare Pages)', () => {
  it('gives every path the app’s headers, and hashed assets alone a year', async () => {
    await writeFile(join(base, '_headers'), netlifyHeaders(HEADERS));
    const { headers: rules, errors } = await parseAllHeaders({
      headersFiles: [join(base, '_headers')],
      minimal: false,
      configHeaders: [],
    });
    expect(errors).toEqual([]);
    // minimal: false gives each rule its path's expression (the type does not say so).
    const forPath = (path: string) =>
      (rules as Header[]).filter((rule) => rule.forRegExp.test(path));
    for (const path of ['/', '/home', '/index.html', '/assets/app-1a2b.js', '/sw.js']) {
      const matching = forPath(path);
      const names = matching.flatMap((rule) => Object.keys(rule.values));
      // Cloudflare joins one header from two rules with a comma: none may be set twice.
      expect(new Set(names).size, path).toBe(names.length);
      const sent = Object.assign({}, ...matching.map((rule) => rule.values));
      expect(sent).toEqual({
        ...HEADERS,
        ...(path.startsWith('/assets/') ? { 'Cache-Control': YEAR } : {}),
      });
    }
  });
});
