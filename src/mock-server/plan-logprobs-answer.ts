// A completion with `echo` and/or `logprobs`: the prompt sent back, scored, as vLLM answers
// lm-evaluation-harness's loglikelihood requests (`echo: true, logprobs: 1`, `max_tokens` 0 or 1).
import type { CompletionLogprobs } from "../protocol/completion-logprobs.js";
import type { LoglikelihoodMatch } from "./build-loglikelihood-index.js";
import { echoLogprobs } from "./echo-logprobs.js";
import { type AnswerContext, type AnswerRequest, type MockFinishReason, planAnswer } from "./plan-answer.js";

/** The one token a `max_tokens: 1` scoring request generates after the prompt. */
export const SCORING_FILLER_TOKEN = " the";

export interface LogprobsRequest extends AnswerRequest {
  isEcho: boolean;
  /** `logprobs: N`; undefined when absent. */
  logprobs: number | undefined;
}

export interface LogprobsPlan {
  text: string;
  logprobs: CompletionLogprobs | null;
  finishReason: MockFinishReason;
  /** Tokens generated after the prompt. */
  generatedCount: number;
}

/**
 * `max_tokens: 0`, or `echo` with `max_tokens: 1` (what clients send to vLLM, which refuses 0), scores the prompt:
 * a known `context + option` of the oracle is recorded once per sample (on its gold option's request) and gets the
 * oracle's scores; any other prompt gets deterministic pseudo-logprobs; with `max_tokens: 1` one filler token
 * follows, as vLLM generates one. Otherwise the answer is planned as for any completion and follows the echoed
 * prompt.
 */
export function planLogprobsAnswer(request: LogprobsRequest, answers: AnswerContext): LogprobsPlan {
  let generated: string[] = [];
  let finishReason: MockFinishReason = "length";
  let match: LoglikelihoodMatch | undefined;
  const isScoring = request.maxTokens === 0 || (request.isEcho && request.maxTokens === 1);
  if (isScoring) {
    match = answers.loglikelihoodIndex?.match(request.promptTail);
    if (match === undefined) answers.ledger?.recordUnrecognized();
    else recordScored(match, answers);
    if (request.maxTokens === 1) generated = [SCORING_FILLER_TOKEN];
  } else {
    const plan = planAnswer(request, answers);
    generated = plan.tokens;
    // A scoring request carries no tools: the plan's finish is never a function call.
    finishReason = plan.finishReason === "tool-calls" ? "stop" : plan.finishReason;
  }
  const echoed = request.isEcho ? request.promptTail : "";
  return {
    text: echoed + generated.join(""),
    logprobs: request.logprobs === undefined ? null : echoLogprobs(echoed, generated, match),
    finishReason,
    generatedCount: generated.length,
  };
}

function recordScored(match: LoglikelihoodMatch, answers: AnswerContext): void {
  const { ledger, servedLog } = answers;
  if (match.isAmbiguous) ledger?.recordAmbiguous();
  if (!match.isGold) return;
  const event = {
    benchmarkName: match.benchmarkName,
    sampleId: match.sampleId,
    isCorrect: match.isCorrect,
    variant: match.variant,
    isTruncated: false,
  };
  ledger?.recordServed(event);
  servedLog?.write(event);
}
