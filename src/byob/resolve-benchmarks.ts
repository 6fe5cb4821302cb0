// What `run`, `profile`, `grade`, `mock-server` and `list --include` name: registered benchmarks by name, and
// definition files (`./my_bench.ts`, `./other.yaml`) by path — each file's benchmarks compiled — with no two of the
// same name.
import path from "node:path";
import { BENCHMARK_NAMES, loadBenchmark, resolveBenchmarkName } from "../benchmarks/registry.js";
import type { Benchmark } from "../benchmarks/types.js";
import { ConfigError } from "../errors.js";
import { compileBenchmark } from "./compile-benchmark.js";
import { isDefinitionPath, loadDefinitionFile } from "./load-definition-file.js";

/** A name or a definition file; paths become absolute (so run.json can be resumed from anywhere). */
export function normalizeBenchmarkReference(reference: string, cwd = process.cwd()): string {
  return isDefinitionPath(reference) ? path.resolve(cwd, reference) : reference;
}

/** The benchmarks a definition file defines, compiled. */
export async function loadDefinedBenchmarks(file: string): Promise<Benchmark[]> {
  return (await loadDefinitionFile(file)).map(compileBenchmark);
}

/**
 * Each reference's benchmarks, in order: a registered name (or alias) gives one, a file all it defines. A user
 * benchmark named like a registered one or like another of the run is a ConfigError saying which to rename.
 */
export async function resolveBenchmarks(references: readonly string[]): Promise<Benchmark[]> {
  const resolved: { benchmark: Benchmark; from: string }[] = [];
  for (const reference of references) {
    if (isDefinitionPath(reference)) {
      const file = path.resolve(reference);
      for (const benchmark of await loadDefinedBenchmarks(file)) resolved.push({ benchmark, from: file });
    } else {
      resolved.push({ benchmark: await loadBenchmark(reference), from: "the registry" });
    }
  }
  const seen = new Map<string, string>();
  for (const { benchmark, from } of resolved) {
    const builtIn = from !== "the registry" && resolveBenchmarkName(benchmark.name) !== undefined;
    if (builtIn) {
      throw new ConfigError(
        `${from} defines "${benchmark.name}", the name of a built-in benchmark (${BENCHMARK_NAMES.join(", ")}); give it another name.`,
      );
    }
    const earlier = seen.get(benchmark.name);
    if (earlier !== undefined) {
      throw new ConfigError(
        `"${benchmark.name}" is named twice in this run (${earlier} and ${from}); name each benchmark once, or rename one.`,
      );
    }
    seen.set(benchmark.name, from);
  }
  return resolved.map(({ benchmark }) => benchmark);
}
