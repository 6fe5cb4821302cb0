// A completion with `echo` and/or `logprobs`: the prompt sent back, scored, as vLLM answers
// lm-evaluation-harness's loglikelihood requests (`echo: true, logprobs: 1, max_tokens: 0`).
import type { CompletionLogprobs } from "../protocol/completion-logprobs.js";
import type { LoglikelihoodMatch } from "./build-loglikelihood-index.js";
import { echoLogprobs } from "./echo-logprobs.js";
import { type AnswerContext, type AnswerRequest, type MockFinishReason, planAnswer } from "./plan-answer.js";

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
 * `max_tokens: 0` scores the prompt only: a known `context + option` of the oracle is recorded once per sample (on
 * its gold option's request) and gets the oracle's scores; any other prompt gets deterministic pseudo-logprobs.
 * Otherwise the answer is planned as for any completion and follows the echoed prompt.
 */
export function planLogprobsAnswer(request: LogprobsRequest, answers: AnswerContext): LogprobsPlan {
  let generated: string[] = [];
  let finishReason: MockFinishReason = "length";
  let match: LoglikelihoodMatch | undefined;
  if (request.maxTokens === 0) {
    match = answers.loglikelihoodIndex?.match(request.promptTail);
    if (match === undefined) answers.ledger?.recordUnrecognized();
    else recordScored(match, answers);
  } else {
    const plan = planAnswer(request, answers);
    generated = plan.tokens;
    finishReason = plan.finishReason;
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
