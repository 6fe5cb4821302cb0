// lm-eval's rolling windows for `loglikelihood_rolling` (EleutherAI/lm-evaluation-harness lm_eval/utils.py
// `get_rolling_token_windows`, `make_disjoint_window`, and lm_eval/models/api_models.py `loglikelihood_rolling` with
// `_loglikelihood_tokens`' input cut, @4e7e0d47f33bc71070c1d38394bafbb52b117163): a document's tokens cut into
// windows of at most `maxSeqLen` predicted-with-context tokens, the first conditioned on a prefix token.

/** One window: the tokens it conditions on, then the tokens it predicts (scored). */
export interface TokenWindow {
  readonly context: readonly number[];
  readonly predicted: readonly number[];
}

/**
 * `get_rolling_token_windows(token_list, prefix_token, max_seq_len, context_len)`: (input, predicted) pairs whose
 * predictions cover every token once; `1 ≤ contextLen ≤ maxSeqLen`.
 */
export function rollingTokenWindows(
  tokens: readonly number[],
  prefixToken: number,
  maxSeqLen: number,
  contextLen: number,
): TokenWindow[] {
  if (
    !(
      Number.isInteger(maxSeqLen) &&
      Number.isInteger(contextLen) &&
      1 <= contextLen &&
      contextLen <= maxSeqLen
    )
  ) {
    throw new RangeError(
      `rolling windows need 1 ≤ context length (${contextLen}) ≤ window size (${maxSeqLen})`,
    );
  }
  const windows: TokenWindow[] = [];
  if (tokens.length === 0) return windows;
  const predictLength = maxSeqLen - contextLen + 1;
  const firstLength = Math.min(maxSeqLen, tokens.length);
  windows.push({
    context: [prefixToken, ...tokens.slice(0, firstLength - 1)],
    predicted: tokens.slice(0, firstLength),
  });
  let predictedCount = firstLength;
  while (predictedCount < tokens.length) {
    const windowPredictLength = Math.min(tokens.length - predictedCount, predictLength);
    const windowEnd = predictedCount + windowPredictLength;
    windows.push({
      context: tokens.slice(windowEnd - maxSeqLen - 1, windowEnd - 1),
      predicted: tokens.slice(windowEnd - windowPredictLength, windowEnd),
    });
    predictedCount += windowPredictLength;
  }
  return windows;
}

/** `make_disjoint_window`: the input cut so it ends where the predicted tokens start. */
export function disjointWindow(window: TokenWindow): TokenWindow {
  const { context, predicted } = window;
  return { context: context.slice(0, context.length - (predicted.length - 1)), predicted };
}

/** lm-eval's API models' `max_length` default (TemplateAPI `max_length=2048`). */
export const LM_EVAL_DEFAULT_MAX_LENGTH = 2048;

/** One scoring request of a rolling window: the ids sent, and how many of the first are context (not summed). */
export interface WindowRequest {
  readonly ids: readonly number[];
  readonly contextLength: number;
}

/**
 * The requests lm-eval's API models send for one document (`loglikelihood_rolling`): TemplateAPI keeps
 * `max_length - 1` (one token is left for generation), the windows are `max_seq_len = that - 1` with context 1,
 * made disjoint; `_loglikelihood_tokens` keeps the last `max_length - 1` ids of context + continuation, and the
 * loglikelihood is the sum of the continuation tokens' log-probabilities.
 */
export function lmEvalRollingRequests(
  tokens: readonly number[],
  prefixToken: number,
  maxLength: number,
): WindowRequest[] {
  const kept = maxLength - 1;
  if (!Number.isInteger(maxLength) || kept - 1 < 1) {
    throw new RangeError(
      `lm-eval's rolling windows need a max length of at least 3 tokens, not ${maxLength}`,
    );
  }
  return rollingTokenWindows(tokens, prefixToken, kept - 1, 1).map((window) => {
    const { context, predicted } = disjointWindow(window);
    const whole = [...context, ...predicted];
    const ids = whole.slice(Math.max(0, whole.length - kept));
    const contextLength = context.length - Math.max(0, whole.length - kept);
    return { ids, contextLength };
  });
}
