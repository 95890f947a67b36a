// The origins an operator names at build time go into the CSP and the embed allow-list: only an
// exact https origin (http for this machine) is taken, and anything else stops the build, saying
// why (scripts/lib/origin.mjs).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assetOrigins } from '../../scripts/lib/csp.mjs';
import { embedOrigins } from '../../scripts/lib/embed-origins.mjs';

describe('origins named at build time', () => {
  it('takes exact https origins, and http for this machine only', () => {
    expect(embedOrigins('https://shop.example https://m.shop.example:8443/')).toEqual([
      'https://shop.example',
      'https://m.shop.example:8443',
    ]);
    expect(embedOrigins('http://localhost:47311,http://127.0.0.1:9')).toEqual([
      'http://localhost:47311',
      'http://127.0.0.1:9',
    ]);
    expect(assetOrigins('https://cdn.shop.example/try-on/')).toEqual(['https://cdn.shop.example']);
    expect(assetOrigins('/')).toEqual([]);
    expect(assetOrigins('./')).toEqual([]);
    expect(assetOrigins(undefined)).toEqual([]);
  });

  it.each([
    ['https://*.shop.example', /one exact host/],
    ['https://shop.example;script-src', /one exact host/],
    ['http://shop.example', /must be https/],
    ['https://user:pw@shop.example', /user name or password/],
    ['https://SHOP.example', /write it as https:\/\/shop\.example/],
    // The browser names the page's origin in punycode, so the list must too.
    ['https://商店.example', /write it as https:\/\/xn--czrs0t\.example/],
    ['shop.example', /not an origin/],
  ])('refuses %s as a shop', (item, why) => {
    expect(() => embedOrigins(item)).toThrow(why);
  });

  it.each([
    ['https://*.cdn.example/', /one exact host/],
    ['https://cdn.example/;script-src', /a space, quote, ; or ,/],
    ["https://cdn.example/ 'unsafe-eval'", /a space, quote, ; or ,/],
    ['http://cdn.example/', /must be https/],
    ['//cdn.example/', /neither a path here/],
    ['ftp://cdn.example/', /neither a path here/],
  ])('refuses %s as the asset base', (base, why) => {
    expect(() => assetOrigins(base)).toThrow(why);
  });

  it('stops the build, saying why', () => {
    const out = mkdtempSync(join(tmpdir(), 'bad-origins-'));
    try {
      const build = spawnSync('npx', ['vite', 'build', '--outDir', out, '--logLevel', 'error'], {
        env: { ...process.env, VITE_EMBED_ORIGINS: 'https://*.shop.example' },
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(build.status).not.toBe(0);
      expect(build.stderr + build.stdout).toContain('VITE_EMBED_ORIGINS: "https://*.shop.example"');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
