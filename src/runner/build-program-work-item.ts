// A sample that is a program (a multi-turn conversation): one engine item that lets the recipe's program send its
// requests, one turn at a time, and journals one record with every turn's timings and the program's grade.
import type { BenchmarkSample, RecipeProgram, SampleSession, TurnAnswer } from "../benchmarks/types.js";
import type { Backend, GenerationRequest, GenerationResult } from "../core/generation.js";
import type { ChatMessage, Prompt } from "../core/prompt.js";
import { recordKey, type SampleRecord, type SampleTurn } from "../core/sample-record.js";
import type { ExecutableWorkItem } from "../engine/run-engine.js";
import { ConfigError } from "../errors.js";
import { journalError, relativeTimings } from "./build-work-item.js";
import type { PlannedBenchmark } from "./plan-benchmark.js";
import { repeatParams } from "./repeat-samples.js";
import { checkScorerOutput, type ScoredAnswer, scorerThrew } from "./score-answer.js";

export interface ProgramItemOptions {
  stream: boolean;
  runStartMs: number;
  session: number;
}

/** A turn's request failed after its retries (or was cancelled): the program stops, the sample is not graded. */
class TurnFailed extends Error {
  readonly result: GenerationResult;
  constructor(result: GenerationResult) {
    super(result.error?.message ?? `request ${result.status}`);
    this.result = result;
  }
}

/** `--system-prompt` first, unless the program's messages bring their own system message. */
function withSystemPrompt(messages: readonly ChatMessage[], systemPrompt: string | undefined): ChatMessage[] {
  const copy = messages.map((message) => ({ ...message }));
  if (systemPrompt === undefined || systemPrompt === "" || copy.some((message) => message.role === "system"))
    return copy;
  return [{ role: "system", content: systemPrompt }, ...copy];
}

/** One turn's journal entry. */
function turnOf(result: GenerationResult, runStartMs: number): SampleTurn {
  return {
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
      const sent: { prompt: Prompt; result: GenerationResult }[] = [];
      // A turn that failed fails the sample, even when the program caught the rejection and went on.
      let failed: GenerationResult | undefined;
      const session: SampleSession = {
        async send(messages, turn = {}): Promise<TurnAnswer> {
          const request: GenerationRequest = {
            prompt: { type: "chat", messages: withSystemPrompt(messages, plan.promptOptions.systemPrompt) },
            params: {
              ...params,
              ...(turn.tools === undefined ? {} : { tools: turn.tools }),
              ...(turn.toolChoice === undefined ? {} : { toolChoice: turn.toolChoice }),
            },
            stream: options.stream,
          };
          const result = await backend.generate(request, { signal });
          sent.push({ prompt: request.prompt, result });
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
        },
      };
      let scored: ScoredAnswer | undefined;
      try {
        scored = checkScorerOutput(
          await program.run(sample, session, plan.sandbox === undefined ? {} : { sandbox: plan.sandbox }),
          program.name,
        );
      } catch (error) {
        // A definition mistake (a ConfigError from the output check) stops the run; a failed turn is handled
        // below; anything else the program threw is this sample's error.
        if (error instanceof ConfigError) throw error;
        if (!(error instanceof TurnFailed)) scored = scorerThrew(program.name, error);
      }
      if (failed !== undefined) {
        // Cancelled by the run's stop: not journalled, so --resume runs the conversation again from its start.
        if (failed.status === "aborted") return undefined;
        const turn = sent.findIndex((each) => each.result === failed) + 1;
        scored = {
          grade: {
            isCorrect: false,
            score: 0,
            extracted: null,
            isUnparsed: true,
            reason: `turn ${turn} ${failed.status}: ${failed.error?.message ?? failed.status}`,
          },
        };
      }
      if (scored === undefined) throw new Error("a program either returns a grade or fails");
      return programRecord(plan, sample, { sent, failed, scored, ...options });
    },
  };
}

/** The journal record: the last request's prompt, answer and timings, every turn's, the program's grade. */
function programRecord(
  plan: PlannedBenchmark,
  sample: BenchmarkSample,
  outcome: {
    sent: readonly { prompt: Prompt; result: GenerationResult }[];
    failed: GenerationResult | undefined;
    scored: ScoredAnswer;
    runStartMs: number;
    session: number;
  },
): SampleRecord {
  const { sent, failed, scored } = outcome;
  const results = sent.map((turn) => turn.result);
  const last = results.at(-1);
  const lastPrompt = sent.at(-1)?.prompt ?? { type: "chat" as const, messages: [] };
  const error: { code: string; message: string; httpStatus?: number } | undefined =
    failed?.error ?? scored.error;
  const { grade } = scored;
  return {
    benchmark: plan.benchmark.name,
    id: sample.id,
    task: sample.task,
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
    session: outcome.session,
    error: journalError(error),
    turns: results.map((result) => turnOf(result, outcome.runStartMs)),
    ...(scored.scores === undefined ? {} : { scores: scored.scores }),
    ...(scored.details === undefined ? {} : { details: scored.details }),
  };
}
