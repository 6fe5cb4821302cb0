// The journal record of an answer given, not requested: `grade --responses` and a BYOB benchmark's
// `response_field` (eval-only mode) — graded by the plan's grader or scorer, nothing sent.
import type { BenchmarkSample } from "../benchmarks/types.js";
import type { ToolCall } from "../core/prompt.js";
import { recordKey, type SampleRecord } from "../core/sample-record.js";
import { splitThink } from "../core/split-think.js";
import type { ExecutableWorkItem } from "../engine/run-engine.js";
import { gradeExtras } from "./grade-extras.js";
import type { PlannedBenchmark } from "./plan-benchmark.js";
import { type ScoredAnswer, scoreAnswer, UNCLOSED_THINK } from "./score-answer.js";

/** One pre-generated answer of a conversation: its text and the functions it called. */
export interface ReplayTurn {
  response: string;
  toolCalls?: ToolCall[];
}

/**
 * One pre-generated answer: its sample (by id, or by the text its prompt ends with), the answer text and (optionally)
 * its reasoning, as read from a file.
 */
export interface PregeneratedResponse {
  id?: string;
  /** The sample's prompt text (its last user message): names the sample when `id` is absent. */
  prompt?: string;
  /**
   * A multi-turn sample's answers, one per request in order (as written: `<think>` blocks still in), each with the
   * calls it made; a simulated user's answers are among them, in the order the conversation asked.
   */
  turns?: readonly ReplayTurn[];
  /** The function calls the answer made (a benchmark whose requests offer tools). */
  toolCalls?: ToolCall[];
  response: string;
  reasoning?: string;
  /** True when a `<think>` block was opened and never closed. */
  isThinkUnclosed?: boolean;
  /** Where the response came from, for error messages ("file line 3"). */
  source: string;
}

export async function pregeneratedRecord(
  benchmark: string,
  sample: BenchmarkSample,
  response: PregeneratedResponse,
  plan: PlannedBenchmark,
  session = 0,
): Promise<SampleRecord> {
  const input = {
    response: response.response,
    gold: sample.gold,
    ...(sample.choices ? { choices: sample.choices } : {}),
  };
  const extraGrades = gradeExtras(plan.extraGraders, input, response.isThinkUnclosed === true);
  const prompt = plan.loaded.buildPrompt(sample, plan.promptOptions);
  const scored: ScoredAnswer =
    response.isThinkUnclosed === true
      ? UNCLOSED_THINK
      : await scoreAnswer(plan.grader, {
          sample,
          response: response.response,
          reasoning: response.reasoning ?? "",
          finishReason: "unknown",
          prompt,
          ...(response.toolCalls === undefined ? {} : { toolCalls: response.toolCalls }),
          ...(plan.sandbox === undefined ? {} : { sandbox: plan.sandbox }),
          ...(plan.containers === undefined ? {} : { containers: plan.containers }),
        });
  const { grade } = scored;
  return {
    benchmark,
    id: sample.id,
    task: sample.task,
    ...(sample.facets === undefined ? {} : { facets: sample.facets }),
    status: scored.error === undefined ? "ok" : "error",
    prompt,
    response: response.response,
    reasoning: response.reasoning ?? "",
    extracted: grade.extracted,
    gold: sample.gold,
    correct: grade.isCorrect,
    score: grade.score,
    unparsed: grade.isUnparsed,
    truncated: response.isThinkUnclosed === true,
    grade_reason: grade.reason,
    finish_reason: "unknown",
    usage: { prompt_tokens: null, completion_tokens: null },
    timings: { sent_at_ms: 0, ttfb_ms: null, ttft_ms: null, e2e_ms: 0, itl_ms: null, chunks: 0 },
    attempts: 0,
    session,
    error: scored.error ?? null,
    ...(extraGrades === undefined ? {} : { extra_grades: extraGrades }),
    ...(scored.scores === undefined ? {} : { scores: scored.scores }),
    ...(scored.details === undefined ? {} : { details: scored.details }),
    ...(response.toolCalls === undefined ? {} : { tool_calls: response.toolCalls }),
  };
}

/**
 * Eval-only work (a benchmark whose samples carry their answers): each sample's answer graded as `grade` grades
 * one, `<think>` blocks split off; the backend is never asked.
 */
export function buildGivenResponseWorkItem(
  plan: PlannedBenchmark,
  sample: BenchmarkSample,
  options: { session: number },
): ExecutableWorkItem {
  const benchmark = plan.benchmark.name;
  return {
    key: recordKey({ benchmark, id: sample.id }),
    async execute() {
      const given = plan.loaded.givenResponse?.(sample) ?? "";
      const answer = splitThink(given);
      return pregeneratedRecord(
        benchmark,
        sample,
        {
          id: sample.id,
          response: answer.text.trim(),
          reasoning: answer.reasoning,
          isThinkUnclosed: answer.isThinkUnclosed,
          source: `${benchmark} sample ${sample.id}`,
        },
        plan,
        options.session,
      );
    },
  };
}
