// `--scoring loglikelihood`: one sample is one engine item that scores every option and records acc and acc_norm.

import type { BenchmarkSample, LoglikelihoodPrompt, RecipeScorer } from "../benchmarks/types.js";
import type { Backend, GenerationStatus } from "../core/generation.js";
import type { ContinuationScore, LoglikelihoodScorer } from "../core/loglikelihood.js";
import { type LoglikelihoodScores, recordKey, type SampleRecord } from "../core/sample-record.js";
import type { ExecutableWorkItem } from "../engine/run-engine.js";
import { ApiCallError, BenchError, ConfigError, RequestTimeoutError, toError } from "../errors.js";
import { loglikelihoodChoice } from "../graders/loglikelihood-choice.js";
import { letterOf } from "../graders/multiple-choice.js";
import type { Sleep } from "../net/abortable-sleep.js";
import { type RetryAdvice, retry } from "../net/retry.js";
import type { PlannedBenchmark } from "./plan-benchmark.js";
import { isRecipeScorer, scoreAnswer } from "./score-answer.js";

/** A backend that can score continuations (openai-http over `echo` + `logprobs`, the local llama.cpp model). */
export type LoglikelihoodBackend = Backend & Pick<LoglikelihoodScorer, "loglikelihood">;

export function hasLoglikelihood(backend: Backend): backend is LoglikelihoodBackend {
  return "loglikelihood" in backend && typeof backend.loglikelihood === "function";
}

/** A backend that can score every token of a prompt (perplexity): openai-http over `echo`, the local model. */
export type PromptScoringBackend = Backend & Pick<LoglikelihoodScorer, "scorePrompt">;

export function hasPromptScoring(backend: Backend): backend is PromptScoringBackend {
  return "scorePrompt" in backend && typeof backend.scorePrompt === "function";
}

export interface LoglikelihoodItemOptions {
  runStartMs: number;
  session: number;
  /** Retries of a retryable failure (429, 5xx, connection errors), as `--max-retries`. */
  maxRetries: number;
  now?: () => number;
  /** Backoff sleep and jitter source of `retry` (src/net/); tests pass instant and fixed ones. */
  sleep?: Sleep | undefined;
  random?: (() => number) | undefined;
}

/** Errors every sample would hit (the server sends no prompt logprobs): they stop the run instead. */
export function isFatalScoringError(error: unknown): boolean {
  return (
    error instanceof BenchError && (error.code === "E_NO_PROMPT_LOGPROBS" || error instanceof ConfigError)
  );
}

/** Retryable: an ApiCallError that says so (429, 5xx, connection errors), or an unreachable server. */
export function adviceForScoringError(error: unknown): RetryAdvice | undefined {
  if (isFatalScoringError(error)) return undefined;
  if (error instanceof ApiCallError) return error;
  return error instanceof BenchError && error.code === "E_SERVER_UNREACHABLE"
    ? { isRetryable: true }
    : undefined;
}

export function buildLoglikelihoodWorkItem(
  plan: PlannedBenchmark,
  sample: BenchmarkSample,
  options: LoglikelihoodItemOptions,
): ExecutableWorkItem {
  const benchmark = plan.benchmark.name;
  const now = options.now ?? (() => performance.now());
  return {
    key: recordKey({ benchmark, id: sample.id }),
    async execute(backend, signal) {
      const build = plan.loaded.buildLoglikelihood;
      if (build === undefined) throw unsupportedBenchmarkError([benchmark]);
      if (!hasLoglikelihood(backend)) throw unsupportedBackendError(backend);
      const prompt = build(sample, plan.promptOptions);
      const sentMs = now();
      let attempts = 0;
      try {
        const scores = await retry(
          (attempt) => {
            attempts = attempt;
            return backend.loglikelihood(
              { context: prompt.context, continuations: prompt.continuations },
              { signal },
            );
          },
          {
            maxRetries: options.maxRetries,
            signal,
            sleep: options.sleep,
            random: options.random,
            adviceForError: adviceForScoringError,
          },
        );
        const record = scoredRecord(prompt, scores, { attempts, sentMs, endMs: now() });
        return isRecipeScorer(plan.grader) ? withScorer(plan.grader, record) : record;
      } catch (error) {
        if (signal.aborted) return undefined;
        if (isFatalScoringError(error)) throw error;
        return failedRecord(error, { attempts, sentMs, endMs: now() });
      }
    },
  };

  function base(attempt: { attempts: number; sentMs: number; endMs: number }, prompt?: LoglikelihoodPrompt) {
    return {
      benchmark,
      id: sample.id,
      task: sample.task,
      ...(sample.facets === undefined ? {} : { facets: sample.facets }),
      prompt: {
        type: "completion" as const,
        text: prompt?.context ?? "",
      },
      reasoning: "",
      gold: sample.gold,
      unparsed: false,
      truncated: false,
      finish_reason: "other" as const,
      usage: { prompt_tokens: null, completion_tokens: null },
      timings: {
        sent_at_ms: attempt.sentMs - options.runStartMs,
        ttfb_ms: null,
        ttft_ms: null,
        e2e_ms: attempt.endMs - attempt.sentMs,
        itl_ms: null,
        chunks: 0,
      },
      attempts: attempt.attempts,
      session: options.session,
    };
  }

  function scoredRecord(
    prompt: LoglikelihoodPrompt,
    scores: readonly ContinuationScore[],
    attempt: { attempts: number; sentMs: number; endMs: number },
  ): SampleRecord {
    const { continuations, goldIndex } = prompt;
    const choice = loglikelihoodChoice(
      scores.map((score) => score.logprob),
      continuations,
      goldIndex,
    );
    const chosenText = continuations[choice.chosen] ?? "";
    const loglikelihood: LoglikelihoodScores = {
      gold_index: goldIndex,
      chosen: choice.chosen,
      chosen_norm: choice.chosenNorm,
      choices: continuations.map((continuation, index) => ({
        continuation,
        logprob: scores[index]?.logprob ?? Number.NEGATIVE_INFINITY,
        tokens: scores[index]?.tokenLogprobs.length ?? 0,
        is_greedy: scores[index]?.isGreedy ?? false,
      })),
    };
    return {
      ...base(attempt, prompt),
      status: "ok",
      response: chosenText,
      extracted: extractedAnswer(sample.gold, goldIndex, choice.chosen, chosenText),
      correct: choice.isCorrect,
      score: choice.isCorrect ? 1 : 0,
      grade_reason:
        `loglikelihood: acc picked option ${choice.chosen}, acc_norm picked option ${choice.chosenNorm}; ` +
        `gold is option ${goldIndex}`,
      error: null,
      correct_norm: choice.isCorrectNorm,
      loglikelihood,
    };
  }

  /**
   * A scorer's verdict (a BYOB `completions_logprob` benchmark): the most likely candidate as the response, every
   * candidate with its log-probability; the scorer decides `correct` instead of the gold index.
   */
  async function withScorer(scorer: RecipeScorer, record: SampleRecord): Promise<SampleRecord> {
    const choices = (record.loglikelihood?.choices ?? []).map((choice) => ({
      text: choice.continuation,
      logprob: choice.logprob,
      isGreedy: choice.is_greedy,
    }));
    const scored = await scoreAnswer(scorer, {
      sample,
      response: record.response,
      reasoning: "",
      finishReason: "other",
      prompt: record.prompt.type === "digest" ? undefined : record.prompt,
      choices,
    });
    // acc_norm means something only when the target is one of the candidates.
    const { correct_norm: correctNorm, ...rest } = record;
    const hasGoldIndex = (record.loglikelihood?.gold_index ?? -1) >= 0;
    return {
      ...rest,
      ...(hasGoldIndex && correctNorm !== undefined ? { correct_norm: correctNorm } : {}),
      status: scored.error === undefined ? "ok" : "error",
      extracted: record.response,
      correct: scored.grade.isCorrect,
      score: scored.grade.score,
      grade_reason: `${record.grade_reason}; ${scored.grade.reason}`,
      error: scored.error ?? null,
      ...(scored.scores === undefined ? {} : { scores: scored.scores }),
      ...(scored.details === undefined ? {} : { details: scored.details }),
    };
  }

  function failedRecord(
    error: unknown,
    attempt: { attempts: number; sentMs: number; endMs: number },
  ): SampleRecord {
    const status: GenerationStatus = error instanceof RequestTimeoutError ? "timeout" : "error";
    const code = error instanceof BenchError ? error.code : "E_INTERNAL";
    const httpStatus = error instanceof ApiCallError ? error.status : undefined;
    const message = toError(error).message;
    return {
      ...base(attempt),
      status,
      response: "",
      extracted: null,
      correct: false,
      score: 0,
      unparsed: true,
      grade_reason: `request ${status}: ${message}`,
      error: { code, message, ...(httpStatus === undefined ? {} : { http_status: httpStatus }) },
      correct_norm: false,
    };
  }
}

/** The option letter when the gold answer is one (MMLU, HellaSwag), else the chosen continuation's text. */
function extractedAnswer(gold: string, goldIndex: number, chosen: number, chosenText: string): string {
  const isLetterGold = goldIndex >= 0 && goldIndex < 26 && gold === letterOf(goldIndex);
  return isLetterGold && chosen < 26 ? letterOf(chosen) : chosenText.trim();
}

export function unsupportedBenchmarkError(
  names: readonly string[],
  supported?: readonly string[],
): ConfigError {
  const verb = names.length === 1 ? "does" : "do";
  const list =
    supported === undefined || supported.length === 0 ? "" : ` Benchmarks that do: ${supported.join(", ")}.`;
  return new ConfigError(`${names.join(", ")} ${verb} not support --scoring loglikelihood.${list}`);
}

export function unsupportedBackendError(backend: Backend, what = "--scoring loglikelihood"): ConfigError {
  return new ConfigError(
    `The ${backend.name} backend cannot score log-likelihoods, which ${what} needs. ` +
      "Use an OpenAI-compatible server with a completions endpoint (vLLM, SGLang, llama.cpp, `llm-bench serve`) " +
      "or a local GGUF model (--model-path).",
  );
}
