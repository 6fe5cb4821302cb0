// Sums the log-probabilities of the continuation's tokens from an `echo` + `logprobs` completion answer.
import { ApiCallError } from "../../errors.js";

/** The legacy completions `logprobs` object (vLLM, llama.cpp, OpenAI's old completions API). */
export interface EchoLogprobs {
  tokens: readonly string[];
  tokenLogprobs: readonly (number | null)[];
  textOffsets: readonly number[];
  /** Most likely token at each position (`top_logprobs` with `logprobs: 1`), when the server sends it. */
  topTokens?: readonly (string | undefined)[];
  /** The log-probability of `topTokens`' token at each position. */
  topLogprobs?: readonly (number | undefined)[];
}

/** Length in code points, the unit Python servers count `text_offset` in. */
export function codePointLength(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/**
 * The continuation is the text after `context` in `context + continuation`. Its tokens are those that end after
 * the context (token i spans [offset_i, offset_{i+1})) and start before the end of the prompt (a server that
 * generated a token despite `max_tokens: 0` is not counted). A token straddling the boundary counts as
 * continuation. Throws when a continuation token has no log-probability.
 */
export function continuationLogprob(
  logprobs: EchoLogprobs,
  context: string,
  continuation: string,
): { logprob: number; isGreedy: boolean; tokenLogprobs: number[] } {
  const contextEnd = codePointLength(context);
  const promptEnd = contextEnd + codePointLength(continuation);
  const tokenLogprobs: number[] = [];
  let isGreedy = true;
  const count = logprobs.tokens.length;
  for (let index = 0; index < count; index++) {
    const start = logprobs.textOffsets[index] ?? 0;
    const end = index + 1 < count ? (logprobs.textOffsets[index + 1] ?? promptEnd) : promptEnd;
    if (start >= promptEnd || end <= contextEnd) continue;
    const value = logprobs.tokenLogprobs[index];
    if (value === null || value === undefined) {
      throw new ApiCallError(
        `The server returned no log-probability for continuation token ${index} ("${logprobs.tokens[index] ?? ""}").`,
        { isRetryable: false, code: "E_NO_PROMPT_LOGPROBS" },
      );
    }
    tokenLogprobs.push(value);
    const top = logprobs.topTokens?.[index];
    if (top !== undefined && top !== logprobs.tokens[index]) isGreedy = false;
  }
  if (tokenLogprobs.length === 0) {
    throw new ApiCallError("The server's echoed logprobs cover no token of the continuation.", {
      isRetryable: false,
      code: "E_NO_PROMPT_LOGPROBS",
    });
  }
  return { logprob: tokenLogprobs.reduce((sum, value) => sum + value, 0), isGreedy, tokenLogprobs };
}
