// Shared by the benchmark scripts: medians and percentiles, and timing a function repeatedly.

/** The q-quantile by the nearest-rank method; the median of an even count is the mean of the middle two. */
export function quantile(values, q) {
  const v = [...values].sort((a, b) => a - b);
  if (v.length === 0) return NaN;
  if (q === 0.5 && v.length % 2 === 0) return (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  const rank = Math.min(v.length, Math.max(1, Math.ceil(q * v.length)));
  return v[rank - 1];
}

export const median = (values) => quantile(values, 0.5);

/** Runs `f` `warmup` times, then `samples` times; returns milliseconds per unit, one per sample. */
export function timeRuns(f, samples, units = 1, warmup = 1) {
  for (let i = 0; i < warmup; i++) f();
  const out = [];
  for (let i = 0; i < samples; i++) {
    const start = performance.now();
    f();
    out.push((performance.now() - start) / units);
  }
  return out;
}
