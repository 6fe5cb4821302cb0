// `program(fn)`: a benchmark whose samples are small programs — each sends one or more requests (a multi-turn
// conversation that carries the model's earlier answers) through a session and returns its grade, as a scorer does.
import type { SampleSession, TurnAnswer, TurnOptions } from "../benchmarks/types.js";
import type { ChatMessage } from "../core/prompt.js";
import { ConfigError } from "../errors.js";
import type { ScorerConfig, ScorerResult } from "./scorer.js";

export type { TurnAnswer, TurnOptions };

/** What a program is given for one sample (no answer yet: the program asks for them). */
export interface ProgramInput {
  /** The row's `target_field` value as text. */
  readonly target: string;
  /** The whole row after `rowSchema` and `field_mapping`. */
  readonly metadata: Readonly<Record<string, unknown>>;
}

/**
 * How a program asks: `await session.send(messages, { tools })` sends one chat request with the run's generation
 * parameters (and the functions the model may call) and resolves with the answer (reasoning removed: `response`;
 * the reasoning: `reasoning`; the calls it made: `toolCalls`). Each send is one
 * journalled turn; the sample's latency is its last turn's. A request that fails after its retries rejects, and the
 * sample is recorded as failed (even if the program catches it); `--resume` runs it again from its first turn.
 */
export interface ConversationSession extends SampleSession {
  send(messages: readonly ChatMessage[], options?: TurnOptions): Promise<TurnAnswer>;
}

export type ProgramFunction =
  | ((sample: ProgramInput, session: ConversationSession) => Promise<ScorerResult>)
  | ((sample: ProgramInput, session: ConversationSession, config: ScorerConfig) => Promise<ScorerResult>);

const PROGRAM_MARK = Symbol.for("llm-benchmarker.byob.program");

/** The function's name for messages: `program multi_if`, or `the anonymous program`. */
export function programLabel(fn: { name: string }): string {
  return fn.name === "" ? "the anonymous program" : `program ${fn.name}`;
}

/**
 * Checks and marks `fn`: it takes two parameters, (sample, session), or three, (sample, session, config), and
 * returns (a promise of) the grade: named booleans, numbers and `ratio()`s, plus `reason`, `extracted`, `details`.
 */
export function program<F extends ProgramFunction>(fn: F): F {
  if (typeof fn !== "function") {
    throw new ConfigError(
      `program() takes a function, got ${fn === null ? "null" : typeof fn}: program(async (sample, session) => ({ correct: … })).`,
    );
  }
  const count = fn.length;
  if (count < 2 || count > 3) {
    throw new ConfigError(
      `${programLabel(fn)} takes ${count} parameter${count === 1 ? "" : "s"}; a program takes two, (sample, session), or three, ` +
        "(sample, session, config): e.g. program(async (sample, session) => { const answer = await session.send([...]); return { correct: … }; }).",
    );
  }
  Object.defineProperty(fn, PROGRAM_MARK, { value: true });
  return fn;
}

/** True for a function `program()` has marked. */
export function isProgram(value: unknown): value is ProgramFunction {
  return typeof value === "function" && (value as unknown as Record<symbol, unknown>)[PROGRAM_MARK] === true;
}
