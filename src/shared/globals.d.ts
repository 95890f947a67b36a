/** Build-time constants injected by vite.config.ts. */
declare const __ASSET_INTEGRITY__: Record<string, { size: number; sha256: string }>;
declare const __ASSET_BASE__: string;
declare const __BENCH__: boolean;
declare const __BUILT_IN_CATALOGUE__: unknown;
