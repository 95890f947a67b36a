// The one rule for an origin an operator names at build time (VITE_EMBED_ORIGINS,
// VITE_ASSET_BASE): an exact https origin, http only for this machine. Each goes into the CSP
// and the app's postMessage allow-list, so a wildcard, a policy smuggled after a `;` or a
// plain-http shop would widen what the app trusts: the build stops and says why instead.

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
/** A host name as URL normalises it (lower case, punycode), or this machine's IPv6 address. */
const HOST = /^(?:\[::1\]|[a-z0-9-]+(?:\.[a-z0-9-]+)*)$/;

/**
 * @param {string} item as the operator wrote it
 * @param {string} variable named in the error
 * @returns {string} the origin
 */
export function checkedOrigin(item, variable) {
  const example = '(https://shop.example)';
  const url = URL.canParse(item) ? new URL(item) : null;
  if (!url) throw new Error(`${variable}: "${item}" is not an origin ${example}`);
  if (!HOST.test(url.hostname)) {
    throw new Error(
      `${variable}: "${item}" is not one exact host (no wildcard, no ; or policy after it) ${example}`,
    );
  }
  const local = LOCAL_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) {
    throw new Error(`${variable}: "${item}" must be https:// (http:// only for localhost)`);
  }
  if (url.username || url.password) {
    throw new Error(`${variable}: "${item}" carries a user name or password`);
  }
  if (url.origin !== item.replace(/\/$/, '')) {
    throw new Error(`${variable}: "${item}" is not an origin: write it as ${url.origin}`);
  }
  return url.origin;
}
