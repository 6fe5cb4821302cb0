// A sample that is a program (a multi-turn conversation): one engine item that lets the recipe's program send its
// requests, one turn at a time, and journals one record with every turn's timings and the program's grade.
import type { BenchmarkSample, RecipeProgram, SampleSession, TurnAnswer } from "../benchmarks/types.js";
import { addFaultCounts, type FaultCounts } from "../core/fault-classes.js";
import type { Backend, GenerationRequest, GenerationResult } from "../core/generation.js";
import type { PromptScores } from "../core/loglikelihood.js";
import type { ChatMessage, Prompt } from "../core/prompt.js";
import { recordKey, type SampleRecord, type SampleTurn } from "../core/sample-record.js";
import type { ExecutableWorkItem } from "../engine/run-engine.js";
import { ApiCallError, BenchError, ConfigError, RequestTimeoutError, toError } from "../errors.js";
import { retry } from "../net/retry.js";
import {
  adviceForScoringError,
  hasPromptScoring,
  isFatalScoringError,
  unsupportedBackendError,
} from "./build-loglikelihood-work-item.js";
import { journalError, relativeTimings } from "./build-work-item.js";
import type { PlannedBenchmark } from "./plan-benchmark.js";
import { repeatParams } from "./repeat-samples.js";
import { checkScorerOutput, type ScoredAnswer, scorerThrew } from "./score-answer.js";

export interface ProgramItemOptions {
  stream: boolean;
  runStartMs: number;
  session: number;
  /** Retries of a failed scoring request (`SampleSession.scorePrompt`), as `--max-retries`; default 0. */
  maxRetries?: number;
  now?: () => number;
  /** Where `sendToUserModel` sends (a recipe that `usesUserModel`): the run's backend unless a user model is named. */
  userBackend?: Backend;
}

/** Which model a turn went to: the one under test, or the simulated user's. */
type Party = "model" | "user_model";

/** A turn's request failed after its retries (or was cancelled): the program stops, the sample is not graded. */
class TurnFailed extends Error {
  readonly result: GenerationResult;
  constructor(result: GenerationResult) {
    super(result.error?.message ?? `request ${result.status}`);
    this.result = result;
  }
}

/**
 * `--system-prompt` first: its own message, or — when the program's messages open with their own system message (a
 * domain policy) — joined before that message's text by a blank line.
 */
function withSystemPrompt(messages: readonly ChatMessage[], systemPrompt: string | undefined): ChatMessage[] {
  const copy = messages.map((message) => ({ ...message }));
  if (systemPrompt === undefined || systemPrompt === "") return copy;
  const [first] = copy;
  if (first?.role === "system") {
    first.content = `${systemPrompt}\n\n${first.content}`;
    return copy;
  }
  return [{ role: "system", content: systemPrompt }, ...copy];
}

/** One turn's journal entry. */
function turnOf({ result, party, prompt }: SentTurn, runStartMs: number): SampleTurn {
  return {
    ...(party === "user_model" ? { party } : {}),
    ...(prompt.type === "chat" ? { messages: prompt.messages.length } : {}),
    finish_reason: result.finishReason,
    usage: {
      prompt_tokens: result.usage.promptTokens ?? null,
      completion_tokens: result.usage.completionTokens ?? null,
    },
    timings: relativeTimings(result, runStartMs),
    attempts: result.attempts,
  };
}

export function buildProgramWorkItem(
  plan: PlannedBenchmark,
  program: RecipeProgram,
  sample: BenchmarkSample,
  options: ProgramItemOptions,
): ExecutableWorkItem {
  const benchmark = plan.benchmark.name;
  return {
    key: recordKey({ benchmark, id: sample.id }),
    async execute(backend: Backend, signal: AbortSignal) {
      const params = repeatParams(plan.params, plan.repeats, sample.id);
      const sent: SentTurn[] = [];
      // A turn that failed fails the sample, even when the program caught the rejection and went on.
      let failed: GenerationResult | undefined;
      const ask = async (party: Party, request: GenerationRequest): Promise<TurnAnswer> => {
        const to = party === "user_model" ? (options.userBackend ?? backend) : backend;
        const result = await to.generate(request, { signal });
        sent.push({ party, prompt: request.prompt, result });
        if (result.status !== "ok") {
          failed ??= result;
          throw new TurnFailed(result);
        }
        return {
          response: result.text,
          reasoning: result.reasoning,
          finishReason: result.finishReason,
          isThinkUnclosed: result.isThinkUnclosed,
          ...(result.toolCalls === undefined ? {} : { toolCalls: result.toolCalls }),
        };
      };
      const now = options.now ?? (() => performance.now());
      const scorePrompt = async (ids: readonly number[]): Promise<PromptScores> => {
        if (!hasPromptScoring(backend))
          throw unsupportedBackendError(backend, `${program.name} (perplexity)`);
        const sentMs = now();
        let attempts = 0;
        const turn = (status: GenerationResult["status"], error?: GenerationResult["error"]) => {
          const result: GenerationResult = {
            status,
            text: "",
            reasoning: "",
            isThinkUnclosed: false,
            finishReason: "other",
            usage: { promptTokens: ids.length, completionTokens: 0 },
            timings: { sentMs, deltaTimesMs: [], endMs: now() },
            attempts,
            ...(error === undefined ? {} : { error }),
          };
          sent.push({ party: "model", prompt: { type: "completion", text: "" }, result });
          return result;
        };
        try {
          const scores = await retry(
            (attempt) => {
              attempts = attempt;
              return backend.scorePrompt(ids, { signal });
            },
            { maxRetries: options.maxRetries ?? 0, signal, adviceForError: adviceForScoringError },
          );
          turn("ok");
          return scores;
        } catch (error) {
          // A server that sends no prompt log-probabilities would fail every sample: the run stops with why.
          if (isFatalScoringError(error)) {
            throw error instanceof ConfigError ? error : new ConfigError(toError(error).message);
          }
          const status = signal.aborted
            ? "aborted"
            : error instanceof RequestTimeoutError
              ? "timeout"
              : "error";
          const result = turn(status, {
            code: error instanceof BenchError ? error.code : "E_INTERNAL",
            message: toError(error).message,
            ...(error instanceof ApiCallError && error.status !== undefined
              ? { httpStatus: error.status }
              : {}),
          });
          failed ??= result;
          throw new TurnFailed(result);
        }
      };
      const session: SampleSession = {
        scorePrompt,
        send(messages, turn = {}) {
          return ask("model", {
            prompt: { type: "chat", messages: withSystemPrompt(messages, plan.promptOptions.systemPrompt) },
            params: {
              ...params,
              ...(turn.tools === undefined ? {} : { tools: turn.tools }),
              ...(turn.toolChoice === undefined ? {} : { toolChoice: turn.toolChoice }),
              ...(turn.maxTokens === undefined ? {} : { maxTokens: turn.maxTokens }),
            },
            stream: options.stream,
          });
        },
        sendToUserModel(messages) {
          if (plan.userParams === undefined) {
            throw new ConfigError(
              `${program.name} asks a simulated user, but ${plan.benchmark.name}'s recipe ${plan.recipe.name} does not say it uses one (usesUserModel).`,
            );
          }
          // The user's own sampling: none of the run's limits, seed or stop strings (tau-bench sends none).
          return ask("user_model", {
            prompt: { type: "chat", messages: messages.map((message) => ({ ...message })) },
            params: { ...plan.userParams },
            stream: false,
          });
        },
      };
      let scored: ScoredAnswer | undefined;
      try {
        scored = checkScorerOutput(
          await program.run(sample, session, {
            ...(plan.sandbox === undefined ? {} : { sandbox: plan.sandbox }),
            ...(plan.containers === undefined ? {} : { containers: plan.containers }),
            signal,
            ...(plan.tokenizer === undefined ? {} : { tokenizer: plan.tokenizer }),
          }),
          program.name,
        );
      } catch (error) {
        // A definition mistake (a ConfigError from the output check) stops the run; a failed turn is handled
        // below; anything else the program threw is this sample's error.
        if (error instanceof ConfigError) throw error;
        // Work the run's stop cut short (a container command): not journalled, run again on --resume.
        if (signal.aborted && failed === undefined) return undefined;
        if (!(error instanceof TurnFailed)) scored = scorerThrew(program.name, error);
      }
      if (failed !== undefined) {
        // Cancelled by the run's stop: not journalled, so --resume runs the conversation again from its start.
        if (failed.status === "aborted") return undefined;
        const turn = sent.findIndex((each) => each.result === failed) + 1;
        const party = sent[turn - 1]?.party === "user_model" ? " (the simulated user's model)" : "";
        scored = {
          grade: {
            isCorrect: false,
            score: 0,
            extracted: null,
            isUnparsed: true,
            reason: `turn ${turn}${party} ${failed.status}: ${failed.error?.message ?? failed.status}`,
          },
        };
      }
      if (scored === undefined) throw new Error("a program either returns a grade or fails");
      return programRecord(plan, sample, { sent, failed, scored, ...options });
    },
  };
}

interface SentTurn {
  party: Party;
  prompt: Prompt;
  result: GenerationResult;
}

/**
 * The journal record: the last request's (to the model under test) prompt, answer and timings, every turn's, the
 * program's grade.
 */
function programRecord(
  plan: PlannedBenchmark,
  sample: BenchmarkSample,
  outcome: {
    sent: readonly SentTurn[];
    failed: GenerationResult | undefined;
    scored: ScoredAnswer;
    runStartMs: number;
    session: number;
  },
): SampleRecord {
  const { sent, failed, scored } = outcome;
  const results = sent.map((turn) => turn.result);
  const lastSent = sent.filter((turn) => turn.party === "model").at(-1);
  const last = lastSent?.result;
  const lastPrompt = lastSent?.prompt ?? { type: "chat" as const, messages: [] };
  const error: { code: string; message: string; httpStatus?: number } | undefined =
    failed?.error ?? scored.error;
  const { grade } = scored;
  return {
    benchmark: plan.benchmark.name,
    id: sample.id,
    task: sample.task,
    ...(sample.facets === undefined ? {} : { facets: sample.facets }),
    status: failed !== undefined ? failed.status : scored.error === undefined ? "ok" : "error",
    prompt: lastPrompt,
    response: last?.text ?? "",
    reasoning: last?.reasoning ?? "",
    extracted: grade.extracted,
    gold: sample.gold,
    correct: grade.isCorrect,
    score: grade.score,
    unparsed: grade.isUnparsed,
    truncated: results.some((result) => result.finishReason === "length" || result.isThinkUnclosed),
    grade_reason: grade.reason,
    finish_reason: last?.finishReason ?? "unknown",
    usage: {
      prompt_tokens: last?.usage.promptTokens ?? null,
      completion_tokens: last?.usage.completionTokens ?? null,
    },
    timings:
      last === undefined
        ? { sent_at_ms: 0, ttfb_ms: null, ttft_ms: null, e2e_ms: 0, itl_ms: null, chunks: 0 }
        : relativeTimings(last, outcome.runStartMs),
    attempts: results.reduce((sum, result) => sum + result.attempts, 0),
    ...programFaults(results),
    session: outcome.session,
    error: journalError(error),
    turns: sent.map((turn) => turnOf(turn, outcome.runStartMs)),
    ...(scored.scores === undefined ? {} : { scores: scored.scores }),
    ...(scored.details === undefined ? {} : { details: scored.details }),
  };
}

/** The faults of all the program's requests, summed; nothing when none. */
function programFaults(results: readonly GenerationResult[]): { faults?: FaultCounts } {
  const faults: FaultCounts = {};
  for (const result of results) addFaultCounts(faults, result.faults);
  return Object.keys(faults).length === 0 ? {} : { faults };
}
