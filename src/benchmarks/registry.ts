// The typed, lazily loaded map of benchmarks by name; `llm-bench run NAME` and `list` look them up here.
import { NoSuchBenchmarkError } from "../errors.js";
import type { Benchmark } from "./types.js";

export const benchmarks = {
  aime: () => import("./aime/index.js").then((module) => module.aime),
  aime24: () => import("./aime24/index.js").then((module) => module.aime24),
  aime25: () => import("./aime25/index.js").then((module) => module.aime25),
  math_500: () => import("./math_500/index.js").then((module) => module.math500),
  bfcl: () => import("./bfcl/index.js").then((module) => module.bfcl),
  bigbench: () => import("./bigbench/index.js").then((module) => module.bigbench),
  cnn_dailymail: () => import("./cnn_dailymail/index.js").then((module) => module.cnnDailymail),
  gpqa_diamond: () => import("./gpqa_diamond/index.js").then((module) => module.gpqaDiamond),
  graphwalks: () => import("./graphwalks/index.js").then((module) => module.graphwalks),
  gsm8k: () => import("./gsm8k/index.js").then((module) => module.gsm8k),
  hellaswag: () => import("./hellaswag/index.js").then((module) => module.hellaswag),
  hle: () => import("./hle/index.js").then((module) => module.hle),
  humaneval: () => import("./humaneval/index.js").then((module) => module.humaneval),
  ifeval: () => import("./ifeval/index.js").then((module) => module.ifeval),
  json_mode_eval: () => import("./json_mode_eval/index.js").then((module) => module.jsonModeEval),
  lcb_codegeneration: () =>
    import("./lcb_codegeneration/index.js").then((module) => module.lcbCodegeneration),
  longbench_v2: () => import("./longbench_v2/index.js").then((module) => module.longbenchV2),
  mmlu: () => import("./mmlu/index.js").then((module) => module.mmlu),
  mmlu_pro: () => import("./mmlu_pro/index.js").then((module) => module.mmluPro),
  mrcr: () => import("./mrcr/index.js").then((module) => module.mrcr),
  multi_if: () => import("./multi_if/index.js").then((module) => module.multiIf),
  passkey: () => import("./passkey/index.js").then((module) => module.passkey),
  slimpajama: () => import("./slimpajama/index.js").then((module) => module.slimpajama),
  swe_bench: () => import("./swe_bench/index.js").then((module) => module.sweBench),
  swe_bench_pro: () => import("./swe_bench_pro/index.js").then((module) => module.sweBenchPro),
  tau_bench: () => import("./tau_bench/index.js").then((module) => module.tauBench),
  terminal_bench: () => import("./terminal_bench/index.js").then((module) => module.terminalBench),
  wikitext: () => import("./wikitext/index.js").then((module) => module.wikitext),
  zeroscrolls: () => import("./zeroscrolls/index.js").then((module) => module.zeroscrolls),
} satisfies Record<string, () => Promise<Benchmark>>;

export type BenchmarkName = keyof typeof benchmarks;

/** Every registered name, sorted. */
export const BENCHMARK_NAMES = (Object.keys(benchmarks) as BenchmarkName[]).sort();

/** Other names a benchmark answers to (each benchmark also lists its own in `Benchmark.aliases`). */
export const BENCHMARK_ALIASES: Readonly<Record<string, BenchmarkName>> = { bbh: "bigbench" };

export function isBenchmarkName(name: string): name is BenchmarkName {
  return Object.hasOwn(benchmarks, name);
}

/** The registered name for `name`, resolving aliases (`bbh` → `bigbench`); undefined when unknown. */
export function resolveBenchmarkName(name: string): BenchmarkName | undefined {
  if (isBenchmarkName(name)) return name;
  return Object.hasOwn(BENCHMARK_ALIASES, name) ? BENCHMARK_ALIASES[name] : undefined;
}

/** The benchmark called `name` (or an alias); an unknown name is a NoSuchBenchmarkError listing the registered ones. */
export async function loadBenchmark(name: string): Promise<Benchmark> {
  const resolved = resolveBenchmarkName(name);
  if (resolved === undefined) throw new NoSuchBenchmarkError(name, BENCHMARK_NAMES);
  return benchmarks[resolved]();
}
