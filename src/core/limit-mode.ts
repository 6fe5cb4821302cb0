// How a run's samples were cut to N: `--limit` (a seeded subset stratified by task) or `--first` (the first N).

/** Written as `limit_mode` beside `limit` in run.json's `benchmarks[]` and each `<benchmark>.json` config. */
export const LIMIT_MODES = ["stratified", "first"] as const;
export type LimitMode = (typeof LIMIT_MODES)[number];
