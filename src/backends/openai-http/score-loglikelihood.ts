// Backend#loglikelihood over HTTP: one `echo: true, logprobs: 1, max_tokens: 1` completion per continuation.
import { z } from "zod";
import type { ContinuationScore, LoglikelihoodRequest } from "../../core/loglikelihood.js";
import { ApiCallError } from "../../errors.js";
import { continuationLogprob } from "./continuation-logprob.js";
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

async function scoreOne(
  settings: HttpSettings,
  context: string,
  continuation: string,
  signal: AbortSignal | undefined,
): Promise<ContinuationScore> {
  const body = JSON.stringify({
    model: settings.model,
    prompt: context + continuation,
    echo: true,
    logprobs: 1,
    // 1, not 0: vLLM rejects max_tokens below 1 (vllm-project/vllm#9336, #6521). The one generated token is not
    // counted: only tokens of the prompt are (`continuationLogprob`).
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
  const topTokens = logprobs?.top_logprobs?.map((top) => {
    if (top === null) return undefined;
    let best: [string, number] | undefined;
    for (const entry of Object.entries(top)) if (best === undefined || entry[1] > best[1]) best = entry;
    return best?.[0];
  });
  return continuationLogprob(
    { tokens, tokenLogprobs, textOffsets, ...(topTokens === undefined ? {} : { topTokens }) },
    context,
    continuation,
  );
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
