// `benchmark(config, scorer)`: checks a BYOB definition, normalises its name, registers it and returns it — the
// contract of NeMo Evaluator's `@benchmark` stacked on `@scorer`
// (NVIDIA-NeMo/Evaluator packages/nemo-evaluator/src/nemo_evaluator/contrib/byob/decorators.py@76c865c3c09132c1d102a0a84454c36823f19cff).
import { ConfigError } from "../errors.js";
import { type BenchmarkConfig, type BenchmarkConfigInput, parseBenchmarkConfig } from "./benchmark-config.js";
import { normalizeBenchmarkName } from "./normalize-benchmark-name.js";
import { isProgram, type ProgramFunction } from "./program.js";
import { isScorer, type ScorerFunction } from "./scorer.js";

/** Shared by every copy of this module a process may load (a definition file may import its own copy). */
const DEFINITION_MARK = Symbol.for("llm-benchmarker.byob.definition");
const REGISTRY = Symbol.for("llm-benchmarker.byob.registry");
const LOADING_FILE = Symbol.for("llm-benchmarker.byob.loading-file");

/** A registered benchmark definition: what `run ./file.ts` compiles into a runnable benchmark. */
export interface BenchmarkDefinition {
  /** The name as given. */
  readonly name: string;
  /** lowercase, `_` for other characters, no leading/trailing `_`, at most 50 characters: what `run` calls it. */
  readonly normalizedName: string;
  readonly config: BenchmarkConfig;
  /** Absent when every recipe names its own grader, or when the samples are programs (`program`). */
  readonly scorer: ScorerFunction | undefined;
  /** Set when each sample is a program that sends its own requests (`benchmark(config, program(fn))`). */
  readonly program: ProgramFunction | undefined;
  /** The file that defined it (relative paths resolve from its folder); undefined when defined in code. */
  readonly definitionFile: string | undefined;
}

interface GlobalSlots {
  [REGISTRY]?: BenchmarkDefinition[];
  /** The file being loaded, how it spells parameters, and where its definitions start in the registry. */
  [LOADING_FILE]?: { path: string; style: "camel" | "snake"; start: number } | undefined;
}

const slots = globalThis as typeof globalThis & GlobalSlots;

function registry(): BenchmarkDefinition[] {
  slots[REGISTRY] ??= [];
  return slots[REGISTRY];
}

/** Every definition registered so far in this process, in order. */
export function registeredBenchmarks(): readonly BenchmarkDefinition[] {
  return registry();
}

/** True for what `benchmark()` returned (from any copy of this module). */
export function isBenchmarkDefinition(value: unknown): value is BenchmarkDefinition {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as Record<symbol, unknown>)[DEFINITION_MARK] === true
  );
}

/**
 * Runs `load` with `path` as the file being defined, so that `benchmark()` calls made while it runs record it
 * (and name it in their errors), and returns the definitions they registered.
 */
export async function collectDefinitions(
  path: string,
  style: "camel" | "snake",
  load: () => Promise<void>,
): Promise<BenchmarkDefinition[]> {
  const before = registry().length;
  const previous = slots[LOADING_FILE];
  slots[LOADING_FILE] = { path, style, start: before };
  try {
    await load();
  } finally {
    slots[LOADING_FILE] = previous;
  }
  return registry().slice(before);
}

/**
 * Defines a benchmark. `scorerFn` must be wrapped in `scorer()` (it grades each answer) or `program()` (each sample
 * is a program that sends its own requests and grades them: a multi-turn conversation); a scorer may be left out
 * when every one of the config's `recipes` names its grader. A mistake (a missing or unknown parameter, a name with
 * no letter or digit, a name already defined in the same file) is a ConfigError naming the file.
 */
export function benchmark(
  config: BenchmarkConfigInput,
  scorerFn?: ScorerFunction | ProgramFunction,
): BenchmarkDefinition {
  const loading = slots[LOADING_FILE];
  const origin = loading?.path ?? "benchmark()";
  const parsed = parseBenchmarkConfig(config, origin, loading?.style ?? "camel");
  const programFn = isProgram(scorerFn) ? scorerFn : undefined;
  if (programFn !== undefined) checkProgramConfig(parsed, origin);
  else checkScorer(parsed, scorerFn, origin);
  let normalizedName: string;
  try {
    normalizedName = normalizeBenchmarkName(parsed.name);
  } catch (error) {
    throw new ConfigError(`${origin}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const sameFile =
    loading === undefined
      ? undefined
      : registry()
          .slice(loading.start)
          .find((other) => other.normalizedName === normalizedName);
  if (sameFile !== undefined && loading !== undefined) {
    throw new ConfigError(
      `${origin}: benchmark "${parsed.name}" (normalised "${normalizedName}") is defined twice; give each a distinct name.`,
    );
  }
  const definition: BenchmarkDefinition = {
    name: parsed.name,
    normalizedName,
    config: parsed,
    scorer: programFn === undefined ? (scorerFn as ScorerFunction | undefined) : undefined,
    program: programFn,
    definitionFile: loading?.path,
  };
  Object.defineProperty(definition, DEFINITION_MARK, { value: true });
  registry().push(definition);
  return definition;
}

/** A scorer is needed unless every recipe names its grader, and must be wrapped in `scorer()`. */
function checkScorer(parsed: BenchmarkConfig, scorerFn: unknown, origin: string): void {
  const ungraded = parsed.recipes?.find((recipe) => recipe.grader === undefined);
  const needsScorer = parsed.recipes === undefined || ungraded !== undefined;
  if ((needsScorer || scorerFn !== undefined) && !isScorer(scorerFn)) {
    throw new ConfigError(
      `${origin}: benchmark "${parsed.name}": ${
        scorerFn === undefined
          ? `${ungraded === undefined ? "it has no scorer" : `recipe "${ungraded.name}" names no grader and there is no scorer`}: `
          : "its scorer must be wrapped in scorer() (or program(), for samples that send their own requests): "
      }benchmark({ … }, scorer((sample) => ({ correct: … }))).`,
    );
  }
}

/**
 * A benchmark of sample programs: its recipes grade nothing themselves (the program does), its requests are chat
 * conversations, and it has no eval-only answers, row conversations or structured output of its own.
 */
function checkProgramConfig(parsed: BenchmarkConfig, origin: string): void {
  const graded = parsed.recipes?.find(
    (recipe) => recipe.grader !== undefined || recipe.graders !== undefined,
  );
  const problem =
    graded !== undefined
      ? `recipe "${graded.name}" names a grader, but the program grades its samples: leave the recipe's graders out`
      : parsed.endpointType !== "chat"
        ? `a program sends chat conversations: leave "endpointType" out (or set it to chat)`
        : parsed.messagesField !== undefined || parsed.structuredOutput !== undefined
          ? `a program builds its own requests: "messagesField" and "structuredOutput" do not apply`
          : parsed.responseField !== undefined
            ? `a program asks the model itself: "responseField" (eval-only answers) does not apply`
            : parsed.numFewshot > 0
              ? `a program builds its own requests: "numFewshot" does not apply`
              : undefined;
  if (problem !== undefined) throw new ConfigError(`${origin}: benchmark "${parsed.name}": ${problem}.`);
}
