// Reads literal values from src/shared/*-constants.ts so that the .mjs scripts (which Node 20
// cannot load TypeScript into) share one source of truth with the app instead of copies.
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Work that only depends on its inputs' content (brotli of vendor files) is kept per user, not
 * per checkout, so that a fresh clone on the same machine (every CI run) reuses it.
 * TRY_ON_CACHE_DIR moves it; entries are named by content hash, so clones never disagree.
 */
export const USER_CACHE_DIR =
  process.env.TRY_ON_CACHE_DIR ??
  join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'glasses-try-on');
const CONSTANTS_FILES = ['ui', 'storage', 'render'].map((concern) =>
  fileURLToPath(new URL(`../../src/shared/${concern}-constants.ts`, import.meta.url)),
);

/** @type {string | undefined} */
let source;

/** @param {string} raw */
function parseLiteral(raw) {
  const text = raw.trim();
  const quoted = /^(['"`])(.*)\1$/s.exec(text);
  if (quoted) return /** @type {string} */ (quoted[2]);
  if (/^-?[\d_]+(\.\d+)?$/.test(text)) return Number(text.replaceAll('_', ''));
  // An integer product such as 20 * 1024 * 1024 (how byte sizes read best).
  if (/^[\d_]+(\s*\*\s*[\d_]+)+$/.test(text)) {
    return text
      .split('*')
      .reduce((product, factor) => product * Number(factor.trim().replaceAll('_', '')), 1);
  }
  if (text === 'true' || text === 'false') return text === 'true';
  return undefined;
}

/**
 * Returns the value of `export const NAME = <literal>;` where the literal is a string, a number
 * (underscores allowed), a boolean, or a flat object of those. Anything computed is refused
 * loudly: silently guessing a value would defeat the point of a single source of truth.
 * @param {string} name
 * @returns {any}
 */
export function readConst(name) {
  source ??= CONSTANTS_FILES.map((file) => readFileSync(file, 'utf8')).join('\n');
  const match = new RegExp(`export const ${name}\\s*(?::[^=]+)?=\\s*([^;]+);`).exec(source);
  if (!match) throw new Error(`${name} is not exported by src/shared/*-constants.ts`);
  const body = /** @type {string} */ (match[1]).replace(/\s+as const\s*$/, '').trim();
  if (body.startsWith('{')) {
    /** @type {Record<string, unknown>} */
    const result = {};
    const inner = body
      .replace(/^\{|\}$/g, '')
      .replace(/^\s*\/\/.*$/gm, '')
      .replace(/\/\*[\s\S]*?\*\//g, '');
    for (const entry of inner.matchAll(/(\w+)\s*:\s*('[^']*'|"[^"]*"|[^,\n]+)/g)) {
      const value = parseLiteral(/** @type {string} */ (entry[2]));
      if (value === undefined) throw new Error(`${name}.${entry[1]} is not a plain literal`);
      result[/** @type {string} */ (entry[1])] = value;
    }
    return result;
  }
  const value = parseLiteral(body);
  if (value === undefined) throw new Error(`${name} is not a plain literal: ${body}`);
  return value;
}
