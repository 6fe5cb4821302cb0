// Synthetic prompts asking for `osl` output tokens: a pool of prompts of exactly `isl` tokens cycled by index, or
// (without a tokenizer) filler of about `isl` words; lengths drawn from a seeded normal.
import type { GenerationParams } from "../core/generation.js";
import type { EndpointType, Prompt } from "../core/prompt.js";
import { createSeededVariates } from "../stats/seeded-variates.js";
import type { ExactLengthPrompts } from "./exact-length-prompts.js";
import { syntheticText } from "./synthetic-text.js";
import type { Workload } from "./workload.js";

export interface SyntheticWorkloadOptions {
  inputTokens: number;
  outputTokens: number;
  inputTokensStddev?: number | undefined;
  outputTokensStddev?: number | undefined;
  seed?: number | undefined;
  endpointType: EndpointType;
  stream: boolean;
  /** Adds `ignore_eos: true` and `min_tokens` (vLLM, SGLang) so the server produces exactly the output length. */
  isIgnoreEos?: boolean | undefined;
  /** Other parameters (temperature, extra body); `maxTokens` is always the drawn output length. */
  params?: GenerationParams | undefined;
  /**
   * Prompts of exact token lengths (buildExactLengthPrompts), cycled by index; without them each index gets
   * filler of about `inputTokens` words (no tokenizer could be resolved).
   */
  prompts?: ExactLengthPrompts | undefined;
}

function drawLength(mean: number, stddev: number, normal: () => number): number {
  return Math.max(1, Math.round(stddev > 0 ? mean + stddev * normal() : mean));
}

function pooledPrompt(
  prompts: ExactLengthPrompts | undefined,
  index: number,
): { text: string; inputTokens: number } | undefined {
  if (prompts === undefined || prompts.texts.length === 0) return undefined;
  const at = index % prompts.texts.length;
  const text = prompts.texts[at];
  const inputTokens = prompts.inputTokens[at];
  return text === undefined || inputTokens === undefined ? undefined : { text, inputTokens };
}

export function createSyntheticWorkload(options: SyntheticWorkloadOptions): Workload {
  const seed = options.seed ?? 0;
  const base = options.params ?? {};
  return {
    kind: "synthetic",
    size: Number.POSITIVE_INFINITY,
    item(index) {
      // One small generator per index: request i is the same whatever order the indices are asked in.
      const random = createSeededVariates(
        (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) + index * 0x27d4eb2f) >>> 0,
      );
      const pooled = pooledPrompt(options.prompts, index);
      const inputTokens =
        pooled?.inputTokens ?? drawLength(options.inputTokens, options.inputTokensStddev ?? 0, random.normal);
      const outputTokens = drawLength(options.outputTokens, options.outputTokensStddev ?? 0, random.normal);
      const text = pooled?.text ?? syntheticText(inputTokens, Math.floor(random.next() * 1_000_000));
      const prompt: Prompt =
        options.endpointType === "chat"
          ? { type: "chat", messages: [{ role: "user", content: text }] }
          : { type: "completion", text };
      const params: GenerationParams = { ...base, maxTokens: outputTokens };
      if (options.isIgnoreEos === true) {
        params.extraBody = { ignore_eos: true, min_tokens: outputTokens, ...base.extraBody };
      }
      return { request: { prompt, params, stream: options.stream }, targetInputTokens: inputTokens };
    },
  };
}
