// Loglikelihood and prompt scoring on the loaded model: a question's context is evaluated once for all its choices.
import type { LlamaContextSequence, LlamaModel, Token } from "node-llama-cpp";
import type { GenerateOptions } from "../../core/generation.js";
import type { ContinuationScore, LoglikelihoodRequest, PromptScores } from "../../core/loglikelihood.js";
import { loadPrefix, scoreContinuation } from "./score-on-sequence.js";
import type { SequencePool } from "./sequence-pool.js";
import { leadingTokens, withoutBos } from "./tokenize-prompt.js";

export interface ScoringDeps {
  model: LlamaModel;
  pool: SequencePool;
}

/** lm-eval's split: trailing spaces of the context move to the continuation; tokens are cut where the texts meet. */
export function splitContextTokens(
  model: LlamaModel,
  context: string,
  continuation: string,
): { contextTokens: Token[]; continuationTokens: Token[] } {
  const spaces = context.length - context.trimEnd().length;
  const head = context.slice(0, context.length - spaces);
  const tail = context.slice(context.length - spaces) + continuation;
  const lead = leadingTokens(model);
  const whole = [...lead, ...withoutBos(model, model.tokenize(head + tail, true))];
  const contextOnly = head === "" ? [] : withoutBos(model, model.tokenize(head, true));
  let split = lead.length + contextOnly.length;
  for (let index = lead.length; index < split; index++) {
    if (whole[index] !== contextOnly[index - lead.length]) {
      split = index;
      break;
    }
  }
  const eos = model.tokens.eos;
  const contextTokens = whole.slice(0, split);
  if (contextTokens.length === 0 && eos !== null) contextTokens.push(eos);
  return { contextTokens, continuationTokens: whole.slice(split) };
}

export async function scoreLoglikelihood(
  deps: ScoringDeps,
  request: LoglikelihoodRequest,
  options: GenerateOptions = {},
): Promise<ContinuationScore[]> {
  const sequence = await deps.pool.acquire(options.signal);
  try {
    const results: ContinuationScore[] = [];
    for (const continuation of request.continuations) {
      options.signal?.throwIfAborted();
      const { contextTokens, continuationTokens } = splitContextTokens(
        deps.model,
        request.context,
        continuation,
      );
      await loadPrefix(sequence, contextTokens);
      const scores = await scoreContinuation(sequence, contextTokens, continuationTokens);
      results.push({
        logprob: scores.logprobs.reduce((sum, value) => sum + value, 0),
        isGreedy: scores.isGreedy.every(Boolean),
        tokenLogprobs: scores.logprobs,
      });
    }
    return results;
  } finally {
    deps.pool.release(sequence);
  }
}

export async function scorePromptTokens(
  deps: ScoringDeps,
  prompt: string | readonly number[],
  options: GenerateOptions = {},
): Promise<PromptScores> {
  const { model } = deps;
  // A text gets the model's leading special tokens (BOS), as the server tokenizes a prompt; token ids are scored as
  // given, as vLLM scores a prompt of ids (the caller puts any BOS or prefix token first).
  const body =
    typeof prompt === "string" ? withoutBos(model, model.tokenize(prompt, true)) : (prompt as Token[]);
  const tokens = typeof prompt === "string" ? [...leadingTokens(model), ...body] : [...body];
  const sequence = await deps.pool.acquire(options.signal);
  let scored: Awaited<ReturnType<typeof scoreContinuation>>;
  try {
    scored = await scoreTokens(sequence, tokens);
  } finally {
    deps.pool.release(sequence);
  }
  const offset = tokens.length - body.length;
  const pieces = body.map((token, index) =>
    model.detokenize([token], true, tokens.slice(Math.max(0, offset + index - 4), offset + index)),
  );
  const textOffsets: number[] = [];
  let position = 0;
  for (const piece of pieces) {
    textOffsets.push(position);
    position += piece.length;
  }
  return {
    tokens: pieces,
    tokenIds: body.map(Number),
    tokenLogprobs: body.map((_, index) =>
      index + offset === 0 ? null : (scored.logprobs[index + offset - 1] ?? null),
    ),
    topLogprobs: body.map((_, index) => {
      const top = index + offset === 0 ? undefined : scored.top[index + offset - 1];
      return top === undefined ? null : { token: model.detokenize([top.token], true), logprob: top.logprob };
    }),
    textOffsets,
  };
}

async function scoreTokens(sequence: LlamaContextSequence, tokens: readonly Token[]) {
  const [first, ...rest] = tokens;
  if (first === undefined) return { logprobs: [], isGreedy: [], top: [] };
  await loadPrefix(sequence, [first]);
  return scoreContinuation(sequence, [first], rest);
}
