// Loads a benchmark definition file: TypeScript or JavaScript through jiti (no build step; `llm-benchmarker`
// resolves to this package), or YAML with a built-in, grader or module scorer. Every mistake is a ConfigError that
// names the file.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createJiti } from "jiti";
import { readYamlData } from "../core/read-yaml-data.js";
import { ConfigError, toError } from "../errors.js";
import { GRADER_NAMES } from "../graders/registry.js";
import { camelCaseParameters } from "./benchmark-config.js";
import {
  type BenchmarkDefinition,
  benchmark,
  collectDefinitions,
  isBenchmarkDefinition,
} from "./define-benchmark.js";
import { graderScorer, isGraderName } from "./grader-scorer.js";
import { isScorer, type ScorerFunction, scorer } from "./scorer.js";
import { BUILTIN_SCORERS } from "./scorers/builtin-scorers.js";

const CODE_EXTENSIONS = [".ts", ".mts", ".cts", ".js", ".mjs", ".cjs"];
const YAML_EXTENSIONS = [".yaml", ".yml"];

/** True when `value` names a definition file (by extension) rather than a registered benchmark. */
export function isDefinitionPath(value: string): boolean {
  const extension = path.extname(value).toLowerCase();
  return CODE_EXTENSIONS.includes(extension) || YAML_EXTENSIONS.includes(extension);
}

/**
 * This package's entry, which `import … from "llm-benchmarker"` in a definition file resolves to: the built one
 * beside this file (dist/), else the repository's build (when running from the sources), else the sources.
 */
function packageEntry(): string {
  const candidates = ["../index.js", "../../dist/index.js", "../index.ts"].map((relative) =>
    fileURLToPath(new URL(relative, import.meta.url)),
  );
  return candidates.find((candidate) => existsSync(candidate)) ?? candidates[2] ?? "";
}

function createLoader(from: string) {
  return createJiti(from, {
    alias: { "llm-benchmarker": packageEntry() },
    moduleCache: false,
    fsCache: false,
    interopDefault: false,
    // The package's own build is plain ESM: imported natively, once, not transpiled per definition file.
    tryNative: true,
  });
}

/**
 * A code module's failure to load, without its stack: the file and the message. A definition mistake passes as
 * it is — also when thrown by another copy of this package (a definition file may import its own).
 */
function loadError(file: string, error: unknown): ConfigError {
  if (error instanceof ConfigError) return error;
  const { code, exitCode } = (typeof error === "object" && error !== null ? error : {}) as Record<
    string,
    unknown
  >;
  if (typeof code === "string" && code.startsWith("E_") && exitCode === 2) {
    return new ConfigError(toError(error).message, { cause: error });
  }
  return new ConfigError(`${file}: cannot be loaded: ${toError(error).message}`, { cause: error });
}

async function loadCodeDefinitions(file: string): Promise<BenchmarkDefinition[]> {
  let exported: Record<string, unknown> = {};
  const collected = await collectDefinitions(file, "camel", async () => {
    try {
      exported = (await createLoader(file).import(file)) as Record<string, unknown>;
    } catch (error) {
      throw loadError(file, error);
    }
  });
  // Definitions made elsewhere and only re-exported here (a shared module) count too.
  const reexported = Object.values(exported).filter(
    (value): value is BenchmarkDefinition => isBenchmarkDefinition(value) && !collected.includes(value),
  );
  return [...collected, ...reexported];
}

/** The YAML `scorer:` value as a scorer: a built-in (NeMo's), a registered grader, or `{module, export}`. */
async function yamlScorer(file: string, value: unknown): Promise<ScorerFunction> {
  const choices = `a built-in scorer (${Object.keys(BUILTIN_SCORERS).join(", ")}), a registered grader (${GRADER_NAMES.join(", ")}), or {module: ./score.ts, export: name}`;
  if (value === undefined) throw new ConfigError(`${file}: "scorer" is missing; give ${choices}.`);
  if (typeof value === "string") {
    const builtin = BUILTIN_SCORERS[value];
    if (builtin !== undefined) return builtin;
    if (isGraderName(value)) return graderScorer(value);
    throw new ConfigError(`${file}: "scorer": unknown scorer "${value}"; give ${choices}.`);
  }
  if (
    typeof value !== "object" ||
    value === null ||
    typeof (value as { module?: unknown }).module !== "string"
  ) {
    throw new ConfigError(`${file}: "scorer" must be ${choices}.`);
  }
  const { module: modulePath, export: exportName = "default" } = value as {
    module: string;
    export?: unknown;
  };
  if (typeof exportName !== "string") throw new ConfigError(`${file}: "scorer.export" must be a name.`);
  const resolved = path.resolve(path.dirname(file), modulePath);
  if (!existsSync(resolved)) {
    throw new ConfigError(
      `${file}: "scorer.module": no file ${resolved}; the path is relative to the YAML file.`,
    );
  }
  let loaded: Record<string, unknown>;
  try {
    loaded = (await createLoader(resolved).import(resolved)) as Record<string, unknown>;
  } catch (error) {
    throw loadError(resolved, error);
  }
  const fn = loaded[exportName];
  if (typeof fn !== "function") {
    const names = Object.keys(loaded).filter((key) => typeof loaded[key] === "function");
    throw new ConfigError(
      `${file}: "scorer": ${resolved} exports no function "${exportName}" (its functions: ${names.join(", ") || "none"}).`,
    );
  }
  try {
    return isScorer(fn) ? fn : scorer(fn as ScorerFunction);
  } catch (error) {
    throw new ConfigError(`${file}: "scorer": ${toError(error).message}`);
  }
}

async function loadYamlDefinitions(file: string, text: string): Promise<BenchmarkDefinition[]> {
  const data = readYamlData(text);
  if (data.status === "error") {
    throw new ConfigError(
      `${file}${data.line === undefined ? "" : `:${data.line}`}: not valid YAML: ${data.message}`,
    );
  }
  const document = data.value;
  if (typeof document !== "object" || document === null || Array.isArray(document)) {
    throw new ConfigError(
      `${file}: a benchmark definition is a mapping of parameters (name, dataset, prompt, scorer …).`,
    );
  }
  const { scorer: scorerValue, ...parameters } = document as Record<string, unknown>;
  const scorerFn = await yamlScorer(file, scorerValue);
  return collectDefinitions(file, "snake", async () => {
    benchmark(camelCaseParameters(parameters) as never, scorerFn);
  });
}

/** The benchmarks one file defines (at least one); a missing file, an unknown kind or a bad definition → ConfigError. */
export async function loadDefinitionFile(filePath: string): Promise<BenchmarkDefinition[]> {
  const file = path.resolve(filePath);
  if (!existsSync(file)) {
    throw new ConfigError(
      `No benchmark definition file at ${file}: check the path (relative to the current directory).`,
    );
  }
  const extension = path.extname(file).toLowerCase();
  let definitions: BenchmarkDefinition[];
  if (YAML_EXTENSIONS.includes(extension)) {
    definitions = await loadYamlDefinitions(file, await readFile(file, "utf8"));
  } else if (CODE_EXTENSIONS.includes(extension)) {
    definitions = await loadCodeDefinitions(file);
  } else {
    throw new ConfigError(
      `${file}: a benchmark definition is a ${[...CODE_EXTENSIONS, ...YAML_EXTENSIONS].join(", ")} file.`,
    );
  }
  if (definitions.length === 0) {
    throw new ConfigError(
      `${file} defines no benchmark: call benchmark({ name, dataset, prompt }, scorer(…)) in it (and export it).`,
    );
  }
  return definitions;
}
