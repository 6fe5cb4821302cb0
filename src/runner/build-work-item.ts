// Turns a planned sample into engine work: the request to send and the journal record of its graded answer.
import type { BenchmarkSample } from "../benchmarks/types.js";
import type {
  GenerationError,
  GenerationParams,
  GenerationRequest,
  GenerationResult,
} from "../core/generation.js";
import type { Prompt } from "../core/prompt.js";
import { recordKey, type SampleRecord, type SampleTimings } from "../core/sample-record.js";
import type { WorkItem } from "../engine/run-engine.js";
import type { Grade, GraderInput } from "../graders/types.js";
import { computeRequestMetrics } from "../metrics/request-metrics.js";
import { promptOptionsFor } from "./fit-shots-to-token-budget.js";
import { gradeExtras } from "./grade-extras.js";
import type { PlannedBenchmark } from "./plan-benchmark.js";
import { repeatParams } from "./repeat-samples.js";
import { type ScoredAnswer, scoreAnswer, UNCLOSED_THINK } from "./score-answer.js";

export interface WorkItemOptions {
  stream: boolean;
  runStartMs: number;
  session: number;
  /** The prompt to send, already prepared (profile prepares a long-context benchmark's prompts before its load). */
  prompt?: Prompt;
}

/**
 * The sample's work item. Its request is built when first asked for (so a run holds the prompts of the samples in
 * flight only), through the benchmark's `preparePrompt` when it has one — then `request()` is a promise.
 */
export function buildWorkItem(
  plan: PlannedBenchmark,
  sample: BenchmarkSample,
  options: WorkItemOptions,
): WorkItem {
  const benchmark = plan.benchmark.name;
  const { preparePrompt } = plan.loaded;
  let request: GenerationRequest | Promise<GenerationRequest> | undefined;
  const requestWith = (prompt: Prompt): GenerationRequest => ({
    prompt,
    params: withSampleBody(repeatParams(plan.params, plan.repeats, sample.id), plan, sample),
    stream: options.stream,
  });
  const getRequest = (): GenerationRequest | Promise<GenerationRequest> => {
    if (request !== undefined) return request;
    const promptOptions = promptOptionsFor(plan, sample);
    if (options.prompt !== undefined) request = requestWith(options.prompt);
    else if (preparePrompt === undefined)
      request = requestWith(plan.loaded.buildPrompt(sample, promptOptions));
    else request = preparePrompt.call(plan.loaded, sample, promptOptions).then(requestWith);
    return request;
  };
  return {
    key: recordKey({ benchmark, id: sample.id }),
    request: getRequest,
    async complete(result, signal) {
      const { prompt } = await getRequest();
      const scored =
        result.status === "ok" ? await scoreResult(plan, sample, result, prompt, signal) : undefined;
      // Grading the run's stop cut short (a container's tests): not journalled, graded again on --resume.
      if (signal?.aborted === true && scored?.error !== undefined) return undefined;
      const grade = scored?.grade ?? failedGrade(result);
      const extraGrades =
        result.status === "ok"
          ? gradeExtras(plan.extraGraders, graderInput(sample, result.text), result.isThinkUnclosed)
          : undefined;
      const error: GenerationError | undefined = scored?.error ?? result.error;
      return {
        benchmark,
        id: sample.id,
        task: sample.task,
        ...(sample.facets === undefined ? {} : { facets: sample.facets }),
        status: scored?.error === undefined ? result.status : "error",
        prompt,
        response: result.text,
        reasoning: result.reasoning,
        extracted: grade.extracted,
        gold: sample.gold,
        correct: grade.isCorrect,
        score: grade.score,
        unparsed: grade.isUnparsed,
        truncated: result.finishReason === "length" || result.isThinkUnclosed,
        grade_reason: grade.reason,
        finish_reason: result.finishReason,
        usage: {
          prompt_tokens: result.usage.promptTokens ?? null,
          completion_tokens: result.usage.completionTokens ?? null,
        },
        timings: relativeTimings(result, options.runStartMs),
        attempts: result.attempts,
        ...(result.faults === undefined ? {} : { faults: result.faults }),
        session: options.session,
        error: journalError(error),
        ...(extraGrades === undefined ? {} : { extra_grades: extraGrades }),
        ...(scored?.scores === undefined ? {} : { scores: scored.scores }),
        ...(scored?.details === undefined ? {} : { details: scored.details }),
        ...(result.toolCalls === undefined ? {} : { tool_calls: result.toolCalls }),
        ...(result.replica === undefined ? {} : { replica: result.replica }),
        ...(result.replicaFailures === undefined ? {} : { replica_failures: result.replicaFailures }),
      } satisfies SampleRecord;
    },
  };
}

/**
 * The sample's own request: its answer budget (unless `--max-tokens` was given), its functions (`tools`) and
 * request-body fields (its structured-output schema) under the run's `--extra-inputs`.
 */
function withSampleBody(
  params: GenerationParams,
  plan: PlannedBenchmark,
  sample: BenchmarkSample,
): GenerationParams {
  const tools = plan.loaded.tools?.(sample);
  const ownMaxTokens =
    plan.overrides["max_tokens"] === undefined ? plan.loaded.maxTokens?.(sample) : undefined;
  const limited = ownMaxTokens === undefined ? params : { ...params, maxTokens: ownMaxTokens };
  const withTools = tools === undefined ? limited : { ...limited, tools };
  const own = plan.loaded.requestBody?.(sample, plan.structuredOutputStyle);
  return own === undefined ? withTools : { ...withTools, extraBody: { ...own, ...params.extraBody } };
}

/** An answer whose `<think>` block never closed is wrong (and not scored); any other goes to the grader or scorer. */
async function scoreResult(
  plan: PlannedBenchmark,
  sample: BenchmarkSample,
  result: GenerationResult,
  prompt: Prompt,
  signal: AbortSignal | undefined,
): Promise<ScoredAnswer> {
  if (result.isThinkUnclosed) return UNCLOSED_THINK;
  return scoreAnswer(plan.grader, {
    sample,
    response: result.text,
    reasoning: result.reasoning,
    finishReason: result.finishReason,
    prompt,
    ...(plan.sandbox === undefined ? {} : { sandbox: plan.sandbox }),
    ...(plan.containers === undefined ? {} : { containers: plan.containers }),
    ...(signal === undefined ? {} : { signal }),
    ...(result.toolCalls === undefined ? {} : { toolCalls: result.toolCalls }),
  });
}

/** What every grader of the plan reads: the answer text, the gold and (for multiple choice) the options. */
function graderInput(sample: BenchmarkSample, response: string): GraderInput {
  return { response, gold: sample.gold, ...(sample.choices ? { choices: sample.choices } : {}) };
}

function failedGrade(result: GenerationResult): Grade {
  const why = result.error?.message ?? result.status;
  return {
    isCorrect: false,
    score: 0,
    extracted: null,
    isUnparsed: true,
    reason: `request ${result.status}: ${why}`,
  };
}

/** A failure as the journal records it (`http_status` only when there was one); null for none. */
export function journalError(error: GenerationError | undefined): SampleRecord["error"] {
  if (error === undefined) return null;
  return {
    code: error.code,
    message: error.message,
    ...(error.httpStatus === undefined ? {} : { http_status: error.httpStatus }),
    ...(error.fault === undefined ? {} : { fault: error.fault }),
  };
}

/** Times relative to the request's send, as the journal stores them (the one per-request metric function's). */
export function relativeTimings(result: GenerationResult, runStartMs: number): SampleTimings {
  const { sentMs } = result.timings;
  const metrics = computeRequestMetrics(result, { intendedMs: sentMs, readyMs: sentMs });
  return {
    sent_at_ms: sentMs - runStartMs,
    ttfb_ms: metrics.timeToFirstByteMs,
    ttft_ms: metrics.ttftMs,
    e2e_ms: metrics.e2eLatencyMs,
    itl_ms: metrics.itlMs,
    chunks: metrics.chunks,
  };
}
