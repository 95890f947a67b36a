// Writes the host configurations for the build (scripts/lib/host-configs.mjs) from the same
// origin lists the build used: `_headers` into the build for Netlify and Cloudflare Pages, and
// nginx.conf and Caddyfile beside it (in <dir>-hosting/, never served).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT } from './lib/constants.mjs';
import { caddyfile, netlifyHeaders, nginxSite } from './lib/host-configs.mjs';
import { securityHeaders } from './lib/security-headers.mjs';

const { values } = parseArgs({ options: { dir: { type: 'string' } } });
const distDir = values.dir ?? join(PROJECT_ROOT, 'dist');
const hostingDir = `${distDir}-hosting`;
const headers = securityHeaders();
await mkdir(hostingDir, { recursive: true });
await writeFile(join(distDir, '_headers'), netlifyHeaders(headers));
await writeFile(join(hostingDir, 'nginx.conf'), nginxSite(headers));
await writeFile(join(hostingDir, 'Caddyfile'), caddyfile(headers));
console.log(`host-headers: ${join(distDir, '_headers')}, ${hostingDir}/{nginx.conf,Caddyfile}`);
