// `list --include PATH`: the definition files a path names — the file itself, or every .ts/.js/.yaml file of a
// folder (not its subfolders, node_modules never) — and the benchmarks in them. A folder's file that defines no
// benchmark (a shared scorer module) is passed over; one whose definition is wrong is an error.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import type { Benchmark } from "../benchmarks/types.js";
import { ConfigError } from "../errors.js";
import { isDefinitionPath } from "./load-definition-file.js";
import { loadDefinedBenchmarks } from "./resolve-benchmarks.js";

/** Test files and declaration files are never definitions. */
const NOT_DEFINITIONS = /\.(test|spec)\.[cm]?[jt]s$|\.d\.[cm]?ts$/;

export async function findDefinedBenchmarks(include: readonly string[]): Promise<Benchmark[]> {
  const found: Benchmark[] = [];
  for (const entry of include) {
    const target = path.resolve(entry);
    if (!existsSync(target)) throw new ConfigError(`--include ${entry}: no such file or folder (${target}).`);
    if (!statSync(target).isDirectory()) {
      found.push(...(await loadDefinedBenchmarks(target)));
      continue;
    }
    const files = readdirSync(target)
      .filter((name) => isDefinitionPath(name) && !NOT_DEFINITIONS.test(name))
      .sort()
      .map((name) => path.join(target, name))
      .filter((file) => statSync(file).isFile());
    for (const file of files) {
      try {
        found.push(...(await loadDefinedBenchmarks(file)));
      } catch (error) {
        if (error instanceof ConfigError && /defines no benchmark/.test(error.message)) continue;
        throw error;
      }
    }
  }
  return found;
}
