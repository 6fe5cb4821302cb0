// Backend#loglikelihood and #scorePrompt over HTTP: `echo: true, logprobs: 1, max_tokens: 1` completions (one per
// continuation; one per scored prompt).
import { z } from "zod";
import type { ContinuationScore, LoglikelihoodRequest, PromptScores } from "../../core/loglikelihood.js";
import { ApiCallError } from "../../errors.js";
import { codePointLength, continuationLogprob, type EchoLogprobs } from "./continuation-logprob.js";
import type { HttpSettings } from "./http-settings.js";
import { requestJson } from "./request-json.js";

const echoResponseSchema = z.looseObject({
  choices: z
    .array(
      z.looseObject({
        logprobs: z
          .looseObject({
            tokens: z.array(z.string()).nullish(),
            token_logprobs: z.array(z.number().nullable()).nullish(),
            text_offset: z.array(z.number()).nullish(),
            top_logprobs: z.array(z.record(z.string(), z.number()).nullable()).nullish(),
          })
          .nullish(),
      }),
    )
    .min(1),
});

export const NO_PROMPT_LOGPROBS_MESSAGE =
  "The server returned no prompt log-probabilities for an `echo: true, logprobs: 1` completion. " +
  "--scoring loglikelihood needs a completions endpoint that echoes prompt logprobs (vLLM, SGLang, llama.cpp's " +
  "/v1/completions, `llm-bench serve`); chat-only servers and OpenAI's current models do not.";

/** The legacy `logprobs` arrays of one `echo: true, logprobs: 1, max_tokens: 1` completion of `prompt`. */
async function echoLogprobs(
  settings: HttpSettings,
  prompt: string | readonly number[],
  signal: AbortSignal | undefined,
): Promise<EchoLogprobs> {
  const body = JSON.stringify({
    model: settings.model,
    prompt,
    echo: true,
    logprobs: 1,
    // 1, not 0: vLLM rejects max_tokens below 1 (vllm-project/vllm#9336, #6521). The one generated token is not
    // counted: only tokens of the prompt are.
    max_tokens: 1,
    temperature: 0,
  });
  const { json, bodyText, statusCode } = await requestJson(settings, {
    method: "POST",
    endpoint: "/completions",
    body,
    maxBytes: 64 * 1024 * 1024,
    signal,
  });
  const logprobs = echoResponseSchema.safeParse(json).data?.choices[0]?.logprobs;
  const tokens = logprobs?.tokens;
  const tokenLogprobs = logprobs?.token_logprobs;
  const textOffsets = logprobs?.text_offset;
  if (
    !tokens ||
    !tokenLogprobs ||
    !textOffsets ||
    tokens.length === 0 ||
    tokenLogprobs.length !== tokens.length
  ) {
    throw new ApiCallError(NO_PROMPT_LOGPROBS_MESSAGE, {
      status: statusCode,
      isRetryable: false,
      code: "E_NO_PROMPT_LOGPROBS",
      responseBody: bodyText.slice(0, 500),
    });
  }
  const tops = logprobs?.top_logprobs?.map((top) => {
    if (top === null) return undefined;
    let best: [string, number] | undefined;
    for (const entry of Object.entries(top)) if (best === undefined || entry[1] > best[1]) best = entry;
    return best;
  });
  return {
    tokens,
    tokenLogprobs,
    textOffsets,
    ...(tops === undefined
      ? {}
      : { topTokens: tops.map((top) => top?.[0]), topLogprobs: tops.map((top) => top?.[1]) }),
  };
}

async function scoreOne(
  settings: HttpSettings,
  context: string,
  continuation: string,
  signal: AbortSignal | undefined,
): Promise<ContinuationScore> {
  return continuationLogprob(
    await echoLogprobs(settings, context + continuation, signal),
    context,
    continuation,
  );
}

/**
 * Every prompt token's log-probability (`echo`): the ids as given (no special token added, the first one has no
 * log-probability), or a text the server tokenizes. The server's one generated token is left out: with ids, the
 * first `ids.length` entries are the prompt; with a text, the tokens that start inside it.
 */
export async function scorePromptOverHttp(
  settings: HttpSettings,
  prompt: string | readonly number[],
  signal: AbortSignal | undefined,
): Promise<PromptScores> {
  const echoed = await echoLogprobs(settings, prompt, signal);
  const promptEnd = typeof prompt === "string" ? codePointLength(prompt) : 0;
  let count = echoed.tokens.length;
  if (typeof prompt === "string") {
    count = echoed.textOffsets.findIndex((offset) => offset >= promptEnd);
    if (count < 0) count = echoed.tokens.length;
  } else if (echoed.tokens.length < prompt.length) {
    throw new ApiCallError(
      `The server echoed ${echoed.tokens.length} tokens for a prompt of ${prompt.length} token ids: its logprobs do not cover the prompt.`,
      { isRetryable: false, code: "E_NO_PROMPT_LOGPROBS" },
    );
  } else {
    count = prompt.length;
  }
  const indices = Array.from({ length: count }, (_, index) => index);
  return {
    tokens: indices.map((index) => echoed.tokens[index] ?? ""),
    tokenIds: typeof prompt === "string" ? [] : [...prompt],
    tokenLogprobs: indices.map((index) => echoed.tokenLogprobs[index] ?? null),
    topLogprobs: indices.map((index) => {
      const token = echoed.topTokens?.[index];
      const logprob = echoed.topLogprobs?.[index];
      return token === undefined || logprob === undefined ? null : { token, logprob };
    }),
    textOffsets: indices.map((index) => echoed.textOffsets[index] ?? 0),
  };
}

/** Scores each continuation after the context, one request each, in order. Throws on the first failure. */
export async function scoreLoglikelihood(
  settings: HttpSettings,
  request: LoglikelihoodRequest,
  signal: AbortSignal | undefined,
): Promise<ContinuationScore[]> {
  const scores: ContinuationScore[] = [];
  for (const continuation of request.continuations) {
    scores.push(await scoreOne(settings, request.context, continuation, signal));
  }
  return scores;
}
