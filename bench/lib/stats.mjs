// Percentiles as the worker computes them (workers/common/stats.ts: nearest rank), so figures agree.

/** @param {readonly number[]} values @param {number} p */
export function percentile(values, p) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? null;
}

/** @param {number | null | undefined} value @param {number} [digits] */
export function round(value, digits = 1) {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/**
 * @param {readonly number[]} values
 * @returns {{ n: number, p50: number | null, p95: number | null, p99: number | null, max: number | null }}
 */
export function summary(values) {
  return {
    n: values.length,
    p50: round(percentile(values, 50), 2),
    p95: round(percentile(values, 95), 2),
    p99: round(percentile(values, 99), 2),
    max: round(values.length ? Math.max(...values) : null, 2),
  };
}

/** @param {number} ms */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Rejects after `ms` with a message naming what hung, so a stuck browser cannot stall CI.
 * @template T @param {Promise<T>} promise @param {number} ms @param {string} what
 * @returns {Promise<T>}
 */
export function withTimeout(promise, ms, what) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
