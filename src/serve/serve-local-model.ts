// The in-process model (llama.cpp) as a ServedBackend: its deltas stream as they come, `echo` scores the prompt
// (lm-evaluation-harness's loglikelihood requests), and a model without a chat template answers chat with a 400.
import type { LocalLlamaBackend } from "../backends/local-llama/create-local-llama-backend.js";
import type { GenerationResult } from "../core/generation.js";
import type { PromptScores } from "../core/loglikelihood.js";
import type { CompletionLogprobs } from "../protocol/completion-logprobs.js";
import type { LogprobsAnswer, ServedBackend, ServedGenerateOptions } from "./served-backend.js";

export function serveLocalModel(backend: LocalLlamaBackend): ServedBackend {
  const generate = async (
    request: Parameters<ServedBackend["generate"]>[0],
    options: ServedGenerateOptions = {},
  ): Promise<GenerationResult> => {
    const result = await backend.generate(request, {
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      ...(request.stream && options.onTextDelta !== undefined ? { onTextDelta: options.onTextDelta } : {}),
    });
    const error = result.error;
    if (error?.code !== "E_NO_CHAT_TEMPLATE" && error?.code !== "E_NO_TOOLS") return result;
    return { ...result, error: { ...error, httpStatus: 400 } };
  };
  return {
    name: backend.name,
    modelId: backend.modelId,
    generate,
    listModels: (options) => backend.listModels(options),
    tokenize: (text, options) => backend.tokenize(text, options),
    detokenize: (tokens, options) => backend.detokenize(tokens, options),
    close: () => backend.close(),
    async completeWithLogprobs(request, options): Promise<LogprobsAnswer> {
      if (!request.isEcho) {
        // Log-probabilities of generated tokens are not available in-process: the answer comes without them.
        const result = await generate(request, options);
        if (result.status !== "ok")
          return {
            status: "error",
            error: result.error ?? { code: "E_LOCAL_MODEL", message: result.status },
          };
        return {
          status: "ok",
          text: result.text,
          finishReason: result.finishReason,
          usage: {
            promptTokens: result.usage.promptTokens ?? 0,
            completionTokens: result.usage.completionTokens ?? 0,
          },
          logprobs: null,
        };
      }
      // Scoring only, whatever max_tokens says: the prompt's own token log-probabilities.
      const prompt =
        request.promptTokenIds ?? (request.prompt.type === "completion" ? request.prompt.text : "");
      const scores = await backend.scorePrompt(
        prompt,
        options.signal === undefined ? {} : { signal: options.signal },
      );
      return {
        status: "ok",
        text: typeof prompt === "string" ? prompt : scores.tokens.join(""),
        finishReason: "length",
        usage: { promptTokens: scores.tokenIds.length, completionTokens: 0 },
        logprobs: request.logprobs === undefined ? null : legacyLogprobs(scores),
      };
    },
  };
}

/** The legacy completions `logprobs` object of a scored prompt. */
function legacyLogprobs(scores: PromptScores): CompletionLogprobs {
  return {
    tokens: scores.tokens,
    token_logprobs: scores.tokenLogprobs,
    top_logprobs: scores.topLogprobs.map((top) => (top === null ? null : { [top.token]: top.logprob })),
    text_offset: scores.textOffsets,
  };
}
