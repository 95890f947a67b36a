/** Build-time constants injected by vite.config.ts. */
declare const __ASSET_INTEGRITY__: Record<string, { size: number; sha256: string }>;
declare const __ASSET_BASE__: string;
/** The shop pages allowed to embed the app and talk to it (VITE_EMBED_ORIGINS). */
declare const __EMBED_ORIGINS__: readonly string[];
/**
 * True only in the tests' and the bench's builds (VITE_TEST_HOOKS=1 or VITE_BENCH=1): the test
 * hooks (`window.__tryOn`, the frame log, capturePair, loseContext, the tracking audit) exist
 * there; a production build drops them as dead code (scripts/check-no-test-hooks.mjs).
 */
declare const __TEST_HOOKS__: boolean;
declare const __BUILT_IN_CATALOGUE__: unknown;
