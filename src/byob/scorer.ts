// `scorer(fn)`: marks a function as a BYOB scorer after checking it takes one parameter (`sample`) or two
// (`sample, config`), as NeMo Evaluator's `@scorer` does
// (NVIDIA-NeMo/Evaluator packages/nemo-evaluator/src/nemo_evaluator/contrib/byob/decorators.py@76c865c3c09132c1d102a0a84454c36823f19cff).
import type { ScoreDetails, ScoredChoice, ScoreRatio, ScoreValue } from "../benchmarks/types.js";
import type { FinishReason } from "../core/generation.js";
import type { Prompt } from "../core/prompt.js";
import { ConfigError } from "../errors.js";
import type { CodeSandbox } from "../sandbox/types.js";

/** One candidate of a `completions_logprob` benchmark, with its summed log-probability after the prompt. */
export type ScorerChoice = ScoredChoice;

/** Everything a scorer is given for one sample. */
export interface ScorerInput {
  /** The model's answer, reasoning removed; for `completions_logprob`, the most likely choice. */
  readonly response: string;
  /** The row's `target_field` value as text (numbers and booleans printed, objects as JSON). */
  readonly target: string;
  /** The whole row after `field_mapping`. */
  readonly metadata: Readonly<Record<string, unknown>>;
  /** What was sent (chat messages or completion text); undefined in eval-only mode. */
  readonly prompt: Prompt | undefined;
  /** Reasoning the server returned separately or inside `<think>` (empty when none). */
  readonly reasoning: string;
  readonly finishReason: FinishReason;
  /** `completions_logprob` only: every candidate with its log-probability, in the benchmark's order. */
  readonly choices?: readonly ScorerChoice[];
}

/** The second parameter of a two-parameter scorer. */
export interface ScorerConfig {
  /** The benchmark's `extra` parameters (judge settings …), `{}` when none. */
  readonly extra: Readonly<Record<string, unknown>>;
  /** The benchmark's normalised name. */
  readonly benchmark: string;
  /** The recipe the run follows (`byob` for a definition without recipes): a scorer may grade by its reference. */
  readonly recipe: string;
  /**
   * The run's code sandbox (bubblewrap: no network, a private /tmp, resource limits) when the benchmark sets
   * `executesCode`: `await config.sandbox.run({ language: "python", code })`.
   */
  readonly sandbox?: CodeSandbox;
}

/**
 * Named values: each becomes a metric with its mean and 95% CI; `correct` (or the first boolean) is the accuracy. A
 * value made with `ratio(numerator, denominator)` is pooled over the samples (Σ numerators / Σ denominators).
 * Three keys are kept in the sample's journal record and not made metrics: the texts `reason` (why: "failed:
 * AssertionError") and `extracted` (what was graded: the code that ran), and the JSON object `details` (what the
 * grading found, e.g. each instruction's verdict).
 */
export type ScorerResult = Record<string, ScoreValue | string | ScoreDetails>;

/**
 * A part of a pooled ratio metric: this sample's numerator and denominator (IFEval's instruction-level accuracy is
 * `ratio(followed, given)`: instructions followed over all samples' instructions, not a mean of per-sample
 * fractions). The denominator must be ≥ 0; a sample with denominator 0 adds nothing.
 */
export function ratio(numerator: number, denominator: number): ScoreRatio {
  if (!Number.isFinite(numerator) || !Number.isFinite(denominator) || denominator < 0) {
    throw new ConfigError(
      `ratio(${numerator}, ${denominator}): give finite numbers and a denominator ≥ 0, e.g. ratio(3, 4).`,
    );
  }
  return { numerator, denominator };
}

export type ScorerFunction =
  | ((sample: ScorerInput) => ScorerResult | Promise<ScorerResult>)
  | ((sample: ScorerInput, config: ScorerConfig) => ScorerResult | Promise<ScorerResult>);

/** Shared by every copy of this module a process may load (a definition file may import its own). */
const SCORER_MARK = Symbol.for("llm-benchmarker.byob.scorer");

/** The function's name for messages: `check`, or `the anonymous scorer`. */
export function scorerLabel(fn: { name: string }): string {
  return fn.name === "" ? "the anonymous scorer" : `scorer ${fn.name}`;
}

/**
 * Checks and marks `fn`. JavaScript counts the parameters before the first default or rest one
 * (`Function.length`): 0 (nothing to receive the sample in) and 3 or more are rejected.
 */
export function scorer<F extends ScorerFunction>(fn: F): F {
  if (typeof fn !== "function") {
    throw new ConfigError(
      `scorer() takes a function, got ${fn === null ? "null" : typeof fn}: scorer((sample) => ({ correct: … })).`,
    );
  }
  const count = fn.length;
  if (count === 0 || count >= 3) {
    throw new ConfigError(
      `${scorerLabel(fn)} takes ${count} parameter${count === 1 ? "" : "s"}; a scorer takes one, (sample), or two, ` +
        "(sample, config): e.g. scorer((sample) => ({ correct: sample.response.trim() === sample.target })).",
    );
  }
  Object.defineProperty(fn, SCORER_MARK, { value: true });
  return fn;
}

/** True for a function `scorer()` has marked. */
export function isScorer(value: unknown): value is ScorerFunction {
  return typeof value === "function" && (value as unknown as Record<symbol, unknown>)[SCORER_MARK] === true;
}
